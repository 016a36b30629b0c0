import { registerPopup } from '../../engine/popups';
import { OrderPreviewPopup } from './OrderPreviewPopup';
import { ORDER_REFUND_POPUP } from './refunds/openRefundHistory';
import { RefundHistoryPopup } from './refunds/RefundHistoryPopup';

/** The Orders list's POPUP row action opens it by this name (schemas/crud/orders.json). */
export const ORDER_PREVIEW_POPUP = 'ns-orders-preview-popup';

/** The Order Options popup and the order refund popup, by name (spec 01 §2 lists both among the global popups). */
export function registerOrders(): void {
  // Wider than the default half screen: the Details product table has nine columns and the Refund tab two panes.
  registerPopup(ORDER_PREVIEW_POPUP, OrderPreviewPopup, { width: 'min(1100px, 96vw)' });
  registerPopup(ORDER_REFUND_POPUP, RefundHistoryPopup);
}
