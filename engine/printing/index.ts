export { printInHiddenFrame, printReceipt, PRINT_FRAME_ATTRIBUTE } from './printReceipt';
export { usePrintReceipt } from './usePrintReceipt';
export { receiptUrl, DEFAULT_PRINTING_GATEWAY, PRINT_FRAME_LIFETIME_MS, RECEIPT_KINDS, RECEIPT_URL_OPTIONS, type ReceiptKind } from './receiptUrl';
