import { registerPopup } from '../popups';
import { OrderPreviewPopup } from './OrderPreviewPopup';

/** The Orders list's POPUP row action opens it by this name (schemas/crud/orders.json). */
export const ORDER_PREVIEW_POPUP = 'ns-orders-preview-popup';

registerPopup(ORDER_PREVIEW_POPUP, OrderPreviewPopup);
