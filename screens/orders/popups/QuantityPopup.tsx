import { openPopup, type PopupComponentProps, PopupFrame } from '../../../engine/popups';
import { showSnackbar } from '../../../engine/notices';
import { Numpad, useIsTopPopup } from '../../../engine/widgets';
import { answerOrNull } from './answerOrNull';

/** Spec 03 §5 quantity popup. */
export const QUANTITY_MESSAGES = { required: 'Please Provide A Quantity' } as const;
export const DEFAULT_QUANTITY = 1;

export interface QuantityPopupProps {
  title?: string;
  current?: number;
  /** The plus variant (a dot key) for decimal quantities (ns_pos_allow_decimal_quantities). */
  allowDecimal?: boolean;
}

/** Spec 03 §2 Define Quantity numpad popup: opens at the current quantity (1 by default); 0 is refused. */
export function QuantityPopup({
  title = 'Define Quantity',
  current = DEFAULT_QUANTITY,
  allowDecimal = false,
  popup,
}: PopupComponentProps<QuantityPopupProps, number>) {
  const onTop = useIsTopPopup(popup);
  function submit(quantity: number) {
    if (!(quantity > 0)) {
      showSnackbar({ message: QUANTITY_MESSAGES.required, variant: 'error' });
      return;
    }
    popup.resolve(allowDecimal ? quantity : Math.trunc(quantity));
  }
  return (
    <PopupFrame title={title} onClose={popup.close}>
      <Numpad label={title} initialValue={current} allowDot={allowDecimal} keyboard={onTop} onSubmit={submit} />
    </PopupFrame>
  );
}

/** Opens the Define Quantity popup; null when closed without an answer. */
export function openQuantityPopup(options: QuantityPopupProps = {}): Promise<number | null> {
  return answerOrNull(openPopup<number, QuantityPopupProps>(QuantityPopup, options));
}
