import type { OrderAnswer } from '../../../schemas/orders/api';
import { openPopup } from '../../../engine/popups';
import { RefundHistoryPopup, type RefundHistoryPopupProps } from './RefundHistoryPopup';

/** Opens the Order Refund history popup of an order (the Details tab's All Refunds link). */
export function openRefundHistory(order: OrderAnswer): void {
  openPopup<void, RefundHistoryPopupProps>(RefundHistoryPopup, { order }).catch(() => undefined);
}
