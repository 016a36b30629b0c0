import { lazyNamed } from '../../engine/lazy';
import { registerPopup } from '../../engine/popups';

/** The Orders list's POPUP row action opens it by this name (schemas/crud/orders.json). */
export const ORDER_PREVIEW_POPUP = 'ns-orders-preview-popup';

/** The Order Options popup, by name; it loads on first use. */
export function registerOrders(): void {
  // Wider than the default half screen: the Details product table has nine columns and the Refund tab two panes.
  registerPopup(
    ORDER_PREVIEW_POPUP,
    lazyNamed(() => import('./OrderPreviewPopup'), 'OrderPreviewPopup'),
    { width: 'min(1100px, 96vw)' },
  );
}
