import { useState } from 'react';
import { LAYER_BORDER_TYPES, LAYER_BORDER_WIDTHS, type LayerBorderType } from '../../schemas/floor';
import { INPUT_CLASSES } from '../../engine/fields';
import { showSnackbar } from '../../engine/notices';
import { POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, PopupFrame, type PopupComponentProps } from '../../engine/popups';
import { createLayer } from './floorApi';

export const SIZE_REQUIRED_MESSAGE = 'Please Input The Width And Height Of Blank Page';
export const NAME_REQUIRED_MESSAGE = 'Please Input The New FLoor Name';

/** The layer values checked before posting (spec 02 §5); null when they are fine. */
export function newLayerProblem(values: { name: string; width: string; height: string }): string | null {
  const positive = (text: string) => text.trim() !== '' && Number(text) > 0;
  if (!positive(values.width) || !positive(values.height)) return SIZE_REQUIRED_MESSAGE;
  if (values.name.trim() === '') return NAME_REQUIRED_MESSAGE;
  return null;
}

/** Spec 02 §2 Create New Floor Layer: resolves the new layer's id; the floor's border (spec 02 §3) is sent and stored. */
export function NewLayerPopup({ popup }: PopupComponentProps<object, number>) {
  const [name, setName] = useState('');
  const [background, setBackground] = useState('#ffffff');
  const [width, setWidth] = useState('800');
  const [height, setHeight] = useState('800');
  const [borderColor, setBorderColor] = useState('#000000');
  const [borderWidth, setBorderWidth] = useState(0);
  const [borderType, setBorderType] = useState<LayerBorderType>('solid');
  const [busy, setBusy] = useState(false);

  const create = async () => {
    const problem = newLayerProblem({ name, width, height });
    if (problem) {
      showSnackbar({ message: problem, variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      const layer = await createLayer({
        layer_name: name.trim(),
        background,
        width: Number(width),
        height: Number(height),
        is_border: borderWidth,
        border_type: borderType,
        border_color: borderColor,
      });
      showSnackbar({ message: 'Successfully Saved', variant: 'success' });
      popup.resolve(layer.id);
    } catch {
      setBusy(false);
    }
  };

  const text = (label: string, value: string, set: (value: string) => void, type = 'text') => (
    <label className="flex flex-col gap-1 text-sm text-slate-700">
      {label}
      <input type={type} className={type === 'color' ? 'h-9 w-16' : INPUT_CLASSES} value={value} onChange={(event) => set(event.target.value)} />
    </label>
  );

  return (
    <PopupFrame
      title="Create New Floor Layer"
      onClose={() => popup.close()}
      footer={
        <>
          <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => popup.close()}>
            CLOSE
          </button>
          <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} disabled={busy} onClick={() => void create()}>
            CREATE
          </button>
        </>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {text('Floor Name', name, setName)}
        {text('Background', background, setBackground, 'color')}
        {text('Width (px)', width, setWidth, 'number')}
        {text('Height (px)', height, setHeight, 'number')}
        {text('Border Color', borderColor, setBorderColor, 'color')}
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Border Width
          <select className={INPUT_CLASSES} value={borderWidth} onChange={(event) => setBorderWidth(Number(event.target.value))}>
            {LAYER_BORDER_WIDTHS.map((px) => (
              <option key={px} value={px}>
                {px === 0 ? 'None' : `${px}px`}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Border Type
          <select
            className={INPUT_CLASSES}
            value={borderType}
            disabled={borderWidth === 0}
            onChange={(event) => setBorderType(event.target.value as LayerBorderType)}
          >
            {LAYER_BORDER_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
      </div>
    </PopupFrame>
  );
}
