import { useState } from 'react';
import { QUANTITY_EXCEEDS_MESSAGE } from '../../../schemas/orders/refundTotals';
import { openPopup, type PopupComponentProps, PopupFrame } from '../../../engine/popups';
import { Numpad, useIsTopPopup } from '../../../engine/widgets';
import { answerOrNull, QUANTITY_MESSAGES } from '../popups';

export interface RefundQuantityPopupProps {
  /** Units of the line still refundable. */
  available: number;
  current?: number;
  allowDecimal?: boolean;
}

/** Spec 03 §2 refund Quantity popup: a numpad showing the available quantity; more than that is refused (§5). */
export function RefundQuantityPopup({ available, current = 1, allowDecimal = false, popup }: PopupComponentProps<RefundQuantityPopupProps, number>) {
  const onTop = useIsTopPopup(popup);
  const [error, setError] = useState<string | null>(null);
  function submit(quantity: number) {
    if (!(quantity > 0)) setError(QUANTITY_MESSAGES.required);
    else if (quantity > available) setError(QUANTITY_EXCEEDS_MESSAGE);
    else popup.resolve(allowDecimal ? quantity : Math.trunc(quantity));
  }
  return (
    <PopupFrame title="Quantity" onClose={popup.close}>
      <div className="flex flex-col gap-2">
        <p className="text-sm text-slate-600">
          Available Quantity: <strong>{available}</strong>
        </p>
        {error && (
          <p role="alert" className="text-sm text-rose-600">
            {error}
          </p>
        )}
        <Numpad
          label="Quantity"
          initialValue={Math.min(current, available)}
          allowDot={allowDecimal}
          keyboard={onTop}
          onSubmit={submit}
          onChange={() => setError(null)}
        />
      </div>
    </PopupFrame>
  );
}

/** Opens the refund Quantity popup; null when closed without an answer. */
export function openRefundQuantityPopup(props: RefundQuantityPopupProps): Promise<number | null> {
  return answerOrNull(openPopup<number, RefundQuantityPopupProps>(RefundQuantityPopup, props));
}
