import { useState } from 'react';
import { INPUT_CLASSES } from '../../engine/fields';
import { showSnackbar } from '../../engine/notices';
import { POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, PopupFrame, type PopupComponentProps } from '../../engine/popups';

export const TEXT_REQUIRED_MESSAGE = 'Please input the text';
export const TEXT_POPUP_DEFAULTS = { font_size: 16, font_color: '#000000', text: '' } as const;

export interface FloorText {
  font_size: number;
  font_color: string;
  text: string;
}

export interface TextPopupProps {
  /** The text being updated; absent to add one. */
  value?: FloorText;
}

/** What the popup answers: the text to save, or 'delete' when an existing text is deleted. */
export type TextPopupResult = FloorText | 'delete';

/** Spec 02 §2 Add/Update Text popup (defined by the spec, its use is not shown there). */
export function TextPopup({ value, popup }: PopupComponentProps<TextPopupProps, TextPopupResult>) {
  const [fontSize, setFontSize] = useState(String(value?.font_size ?? TEXT_POPUP_DEFAULTS.font_size));
  const [colour, setColour] = useState(value?.font_color ?? TEXT_POPUP_DEFAULTS.font_color);
  const [text, setText] = useState(value?.text ?? TEXT_POPUP_DEFAULTS.text);

  const submit = () => {
    if (text.trim() === '') {
      showSnackbar({ message: TEXT_REQUIRED_MESSAGE, variant: 'error' });
      return;
    }
    popup.resolve({ font_size: Number(fontSize) || TEXT_POPUP_DEFAULTS.font_size, font_color: colour, text });
  };

  return (
    <PopupFrame
      title={value ? 'Update Text' : 'Add Text'}
      onClose={() => popup.close()}
      footer={
        <>
          {value ? (
            <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => popup.resolve('delete')}>
              DELETE
            </button>
          ) : (
            <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => popup.close()}>
              CLOSE
            </button>
          )}
          <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} onClick={submit}>
            {value ? 'UPDATE' : 'CREATE'}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Font Size
          <input type="number" min={1} className={INPUT_CLASSES} value={fontSize} onChange={(event) => setFontSize(event.target.value)} />
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Text Color
          <input type="color" value={colour} onChange={(event) => setColour(event.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Text
          <input className={INPUT_CLASSES} value={text} onChange={(event) => setText(event.target.value)} />
        </label>
      </div>
    </PopupFrame>
  );
}
