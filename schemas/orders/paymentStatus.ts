import { fromDecimal, type Money } from '../money';
import type { PaymentStatus } from '../paymentStatus';

/** Spec 03 §4, §9: unpaid while total − tendered is at least 0.1. */
export const UNPAID_THRESHOLD: Money = fromDecimal('0.1');

export const FINAL_STATUSES: readonly PaymentStatus[] = ['hold', 'order_void'];

export interface PaymentStatusInput {
  total: Money;
  /** Sum of the payments received (tendered). */
  tendered: Money;
  /** Sum of the refunds made. */
  refunded?: Money;
  /**
   * The card fees of the payments (orders.cardfee). The store keeps them on returns, as the card processor
   * keeps its fee: everything else given back is a full refund.
   */
  keptFees?: Money;
  /** The stored status; hold and order_void are kept as given. */
  current?: PaymentStatus;
}

/**
 * Status from total, payments and refunds: hold and order_void stay; refunds give partially_refunded while
 * money is still owed, else refunded (all of the paid sale returned, card fees kept) or partially_refunded; otherwise unpaid / partially_paid while total − tendered ≥ 0.1, else paid.
 */
export function paymentStatusOf(input: PaymentStatusInput): PaymentStatus {
  if (input.current && FINAL_STATUSES.includes(input.current)) return input.current;
  const refunded = Math.max(0, input.refunded ?? 0);
  if (refunded > 0) {
    // Money still owed on what the refunds left of the sale (a layaway with a returned line) keeps the
    // order open: partially refunded, it still collects (schemas/orders/rules) until paid or voided.
    if (input.total - input.tendered >= UNPAID_THRESHOLD) return 'partially_refunded';
    const refundable = Math.min(Math.max(0, input.total), Math.max(0, input.tendered)) - Math.max(0, input.keptFees ?? 0);
    return refunded >= refundable ? 'refunded' : 'partially_refunded';
  }
  if (input.total - input.tendered >= UNPAID_THRESHOLD) {
    return input.tendered > 0 ? 'partially_paid' : 'unpaid';
  }
  return 'paid';
}
