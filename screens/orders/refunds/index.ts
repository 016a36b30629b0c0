/** The Refund tab of the Order Options popup, its popups and the Order Refund history popup (spec 03 §2). */
export { RefundTab, refundInputOf, refundQueryKeys, type RefundTabProps } from './RefundTab';
export { fetchPaymentTypes, serverFailure } from './refundsApi';
export { openRefundHistory } from './openRefundHistory';
export { RefundHistoryPopup } from './RefundHistoryPopup';
export { RefundProductPopup, openRefundProductPopup } from './RefundProductPopup';
export { RefundQuantityPopup, openRefundQuantityPopup } from './RefundQuantityPopup';
