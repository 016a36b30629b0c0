import type { FieldOption } from '../../fields';
import { PopupFrame, type PopupComponentProps } from '../../popups';

export interface SelectPopupProps {
  title: string;
  options: FieldOption[];
  /** The value chosen so far, marked in the list. */
  value?: FieldOption['value'];
}

/** Registered as 'select': a list of options; choosing one resolves with its value. */
export function SelectPopup({ title, options, value, popup }: PopupComponentProps<SelectPopupProps, FieldOption['value']>) {
  return (
    <PopupFrame title={title} onClose={popup.close}>
      <ul role="listbox" aria-label={title} className="flex flex-col divide-y divide-slate-100">
        {options.map((option) => (
          <li key={String(option.value)} role="option" aria-selected={option.value === value}>
            <button
              type="button"
              onClick={() => popup.resolve(option.value)}
              className={`w-full px-3 py-2 text-left text-sm hover:bg-slate-50 ${option.value === value ? 'font-semibold text-brand-700' : 'text-slate-700'}`}
            >
              {option.label}
            </button>
          </li>
        ))}
      </ul>
    </PopupFrame>
  );
}
