import { lazyNamed } from '../../engine/lazy';
import { registerPopup } from '../../engine/popups';
import { ORDER_REFUND_POPUP } from './refunds/openRefundHistory';

/** The Orders list's POPUP row action opens it by this name (schemas/crud/orders.json). */
export const ORDER_PREVIEW_POPUP = 'ns-orders-preview-popup';

/** The Order Options popup and the order refund popup, by name (spec 01 §2 lists both among the global popups); each loads on first use. */
export function registerOrders(): void {
  // Wider than the default half screen: the Details product table has nine columns and the Refund tab two panes.
  registerPopup(
    ORDER_PREVIEW_POPUP,
    lazyNamed(() => import('./OrderPreviewPopup'), 'OrderPreviewPopup'),
    { width: 'min(1100px, 96vw)' },
  );
  registerPopup(
    ORDER_REFUND_POPUP,
    lazyNamed(() => import('./refunds/RefundHistoryPopup'), 'RefundHistoryPopup'),
  );
}
