/**
 * Words of the Order Options popup that the spec does not spell (confirm questions, labels); the spec's
 * own messages live with the machines (machines/orders/*Rules.ts).
 */
export const ORDER_POPUP_TEXT = {
  title: 'Order Options',
  statusFallback: 'Unexpected error occurred.',
  changeStatus: 'Would you like to change this order status?',
  voidTitle: 'Void Order',
  voidMessage: 'The current order will be void. This action will be recorded. Please provide a reason for this operation.',
  deleteTitle: 'Delete Order',
  deleteMessage: 'Would you like to delete this order? This cannot be undone.',
  deletePayment: 'Would you like to delete this payment?',
  allRefunds: 'All Refunds',
} as const;
