/** The orders area: the Order Options popup (spec 03 §2) and what the till shares with it. */
export { registerOrders, ORDER_PREVIEW_POPUP } from './registerOrderPreviewPopup';
export { OrderPreviewPopup } from './OrderPreviewPopup';
export {
  POS_PATH,
  PENDING_UPDATE_KEY,
  VOID_CART_KEY,
  storePendingUpdate,
  readPendingUpdate,
  clearPendingUpdate,
  storeVoidCart,
  readVoidCart,
  clearVoidCart,
  type PendingOrderUpdate,
  type VoidCart,
} from './pendingOrder';
export * from './popups';
