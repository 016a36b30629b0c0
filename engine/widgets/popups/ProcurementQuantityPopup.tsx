import { PopupFrame, type PopupComponentProps } from '../../popups';
import { Numpad } from '../numpad/Numpad';
import { useIsTopPopup } from './useIsTopPopup';

export interface ProcurementQuantityPopupProps {
  title?: string;
  /** The quantity it opens with. */
  quantity?: number;
  /** The plus variant: a dot key for decimal quantities. */
  allowDecimal?: boolean;
  /** At most this many digits. */
  limit?: number;
}

/** Registered as 'procurement-quantity': a quantity numpad; Enter resolves with the quantity. */
export function ProcurementQuantityPopup({
  title = 'Quantity',
  quantity = 0,
  allowDecimal = false,
  limit,
  popup,
}: PopupComponentProps<ProcurementQuantityPopupProps, number>) {
  const onTop = useIsTopPopup(popup);
  return (
    <PopupFrame title={title} onClose={popup.close}>
      <Numpad label={title} initialValue={quantity} allowDot={allowDecimal} limit={limit} keyboard={onTop} onSubmit={(value) => popup.resolve(value)} />
    </PopupFrame>
  );
}
