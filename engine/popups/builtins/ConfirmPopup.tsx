import type { PopupComponentProps } from '../popupStack';
import { POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, PopupFrame } from '../PopupFrame';

export interface ConfirmPopupProps {
  title?: string;
  message: string;
}

/** Spec 01 §2 confirm: Yes resolves true, No resolves false (Escape and overlay reject). */
export function ConfirmPopup({ title, message, popup }: PopupComponentProps<ConfirmPopupProps, boolean>) {
  return (
    <PopupFrame
      title={title ?? message}
      footer={
        <>
          <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => popup.resolve(false)}>
            No
          </button>
          <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} onClick={() => popup.resolve(true)}>
            Yes
          </button>
        </>
      }
    >
      {title !== undefined && <p className="text-sm text-slate-700">{message}</p>}
    </PopupFrame>
  );
}
