/** Order payment statuses (spec 03 §4), as const: the database check, the list filter and the seed read this table. */
export const PAYMENT_STATUSES = ['paid', 'partially_paid', 'unpaid', 'hold', 'order_void', 'refunded', 'partially_refunded'] as const;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Paid',
  partially_paid: 'Partially Paid',
  unpaid: 'Unpaid',
  hold: 'Hold',
  order_void: 'Void',
  refunded: 'Refunded',
  partially_refunded: 'Partially Refunded',
};

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);
}
