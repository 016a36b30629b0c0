import type { OrderAnswer } from '../../../schemas/orders/api';
import { openPopup } from '../../../engine/popups';
import type { RefundHistoryPopupProps } from './RefundHistoryPopup';

/** The order refund popup's registered name (screens/orders/registerOrderPreviewPopup.ts); integrators open it by it too. */
export const ORDER_REFUND_POPUP = 'ns-orders-refund-popup';

/** Opens the Order Refund history popup of an order (the Details tab's All Refunds link), by its registered name. */
export function openRefundHistory(order: OrderAnswer): void {
  openPopup<void, RefundHistoryPopupProps>(ORDER_REFUND_POPUP, { order }).catch(() => undefined);
}
