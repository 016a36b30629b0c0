import { useState } from 'react';
import { INPUT_CLASSES } from '../../../engine/fields';
import { openPopup, POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, type PopupComponentProps, PopupFrame } from '../../../engine/popups';
import { answerOrNull } from './answerOrNull';

export interface ProductNamePopupProps {
  current: string;
}

/** Spec 03 §2 Product Name popup: a text input; an empty name cannot be confirmed. */
export function ProductNamePopup({ current, popup }: PopupComponentProps<ProductNamePopupProps, string>) {
  const [name, setName] = useState(current);
  const trimmed = name.trim();
  return (
    <form
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) popup.resolve(trimmed);
      }}
    >
      <PopupFrame
        title="Product Name"
        onClose={popup.close}
        footer={
          <>
            <button type="button" className={POPUP_BUTTON_CLASSES} onClick={popup.close}>
              Cancel
            </button>
            <button type="submit" className={POPUP_PRIMARY_BUTTON_CLASSES} disabled={!trimmed}>
              Continue
            </button>
          </>
        }
      >
        <input aria-label="Product Name" className={INPUT_CLASSES} maxLength={200} value={name} onChange={(event) => setName(event.target.value)} autoFocus />
      </PopupFrame>
    </form>
  );
}

/** Opens the Product Name popup; null when closed without an answer. */
export function openProductNamePopup(current: string): Promise<string | null> {
  return answerOrNull(openPopup<string, ProductNamePopupProps>(ProductNamePopup, { current }));
}
