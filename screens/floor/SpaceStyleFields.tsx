import { FONT_WEIGHTS, fontWeightName, fontWeightValue, rotate } from '../../schemas/floor';
import { INPUT_CLASSES } from '../../engine/fields';
import { POPUP_BUTTON_CLASSES } from '../../engine/popups';

/** The advanced look of a space (spec 02 §2 'Edit Space View'). */
export interface SpaceStyle {
  floor_bg_color: string;
  floor_text_color: string;
  border_color: string;
  border_width: number;
  floor_font_size: number;
  floor_font_weight: number;
  floor_rotate: number;
}

const colourOr = (value: string, fallback: string) => (/^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback);

/** Style fields with a live preview of the label. */
export function SpaceStyleFields({ style, label, onChange }: { style: SpaceStyle; label: string; onChange: (style: SpaceStyle) => void }) {
  const set = (patch: Partial<SpaceStyle>) => onChange({ ...style, ...patch });
  const colour = (key: 'floor_bg_color' | 'floor_text_color' | 'border_color', text: string, fallback: string) => (
    <label className="flex items-center justify-between gap-2 text-sm text-slate-700">
      {text}
      <input type="color" aria-label={text} value={colourOr(style[key], fallback)} onChange={(event) => set({ [key]: event.target.value })} />
    </label>
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-2">
        {colour('floor_bg_color', 'Background Color', '#bae6fd')}
        {colour('floor_text_color', 'Text Color', '#0f172a')}
        {colour('border_color', 'Border Color', '#0f172a')}
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Border Width
          <input
            type="number"
            min={0}
            max={100}
            className={INPUT_CLASSES}
            value={style.border_width}
            onChange={(event) => set({ border_width: Number(event.target.value) || 0 })}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Font Size
          <input
            type="number"
            min={1}
            max={500}
            className={INPUT_CLASSES}
            value={style.floor_font_size}
            onChange={(event) => set({ floor_font_size: Number(event.target.value) || 25 })}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Font Weight
          <select
            className={INPUT_CLASSES}
            value={fontWeightName(style.floor_font_weight)}
            onChange={(event) => set({ floor_font_weight: fontWeightValue(event.target.value) })}
          >
            {FONT_WEIGHTS.map((weight) => (
              <option key={weight.value} value={weight.name}>
                {weight.name}
              </option>
            ))}
          </select>
        </label>
        <div className="flex gap-2">
          <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => set({ floor_rotate: rotate(style.floor_rotate, 'left') })}>
            Rotate Left
          </button>
          <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => set({ floor_rotate: rotate(style.floor_rotate, 'right') })}>
            Rotate Right
          </button>
        </div>
      </div>
      <div
        data-testid="space-preview"
        className="flex min-h-40 items-center justify-center overflow-hidden"
        style={{ background: colourOr(style.floor_bg_color, '#bae6fd'), border: `${style.border_width}px solid ${colourOr(style.border_color, '#0f172a')}` }}
      >
        <span
          style={{
            color: colourOr(style.floor_text_color, '#0f172a'),
            fontSize: style.floor_font_size,
            fontWeight: style.floor_font_weight,
            transform: `rotate(${style.floor_rotate}deg)`,
          }}
        >
          {label}
        </span>
      </div>
    </div>
  );
}
