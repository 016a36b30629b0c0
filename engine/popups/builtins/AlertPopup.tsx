import type { PopupComponentProps } from '../popupStack';
import { POPUP_PRIMARY_BUTTON_CLASSES, PopupFrame } from '../PopupFrame';

export interface AlertPopupProps {
  title: string;
  message: string;
}

/** Spec 01 §2 alert: title, message and Ok; resolves true. */
export function AlertPopup({ title, message, popup }: PopupComponentProps<AlertPopupProps, boolean>) {
  return (
    <PopupFrame
      title={title}
      footer={
        <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} onClick={() => popup.resolve(true)}>
          Ok
        </button>
      }
    >
      <p className="text-sm text-slate-700">{message}</p>
    </PopupFrame>
  );
}
