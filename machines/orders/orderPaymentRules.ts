import { fromDecimal, toDecimal } from '../../schemas/money';
import { ACCOUNT_PAYMENT, type OrderAnswer } from '../../schemas/orders/api';

/** Spec 03 §2, §5, §8 order payment messages, exactly as the spec spells them. */
export const PAYMENT_MESSAGES = {
  paidOrder: 'No Payment Possible For Paid Order.',
  vendorRequired: 'Please Select A Vendor Account To Continue.',
  invalidAmount: 'Please Provide A Valid Payment Amount.',
  notEnoughBalance: "This Account Don't Have Enough Balance...",
  accountOnce: 'The customer account can only be used once per order and for the full payment. Consider deleting the previously used payment.',
  noVendorFound: 'No User Was Found For Proceeding The Filtering.',
} as const;

/** What the order still owes (total − tendered, never below 0), as a decimal. */
export function unpaidOf(order: Pick<OrderAnswer, 'total' | 'tendered'>): number {
  return toDecimal(Math.max(0, fromDecimal(order.total) - fromDecimal(order.tendered)));
}

export interface PaymentDraft {
  identifier: string;
  amount: number;
  /** account-payment: the chosen vendor and the balance the server reported for them. */
  vendor: { id: number; username: string; vendor_id: number } | null;
  balance: number | null;
}

/** The refusal a payment meets in the browser (spec 03 §2, §5), or null when it may be sent; the server decides again. */
export function paymentRefusal(order: OrderAnswer, draft: PaymentDraft): string | null {
  if (order.payment_status === 'paid') return PAYMENT_MESSAGES.paidOrder;
  if (draft.identifier === ACCOUNT_PAYMENT && !draft.vendor) return PAYMENT_MESSAGES.vendorRequired;
  if (!(draft.amount > 0)) return PAYMENT_MESSAGES.invalidAmount;
  if (draft.identifier !== ACCOUNT_PAYMENT) return null;
  const usedBefore = order.payments.some((payment) => payment.identifier === ACCOUNT_PAYMENT);
  if (usedBefore || fromDecimal(draft.amount) !== fromDecimal(unpaidOf(order))) return PAYMENT_MESSAGES.accountOnce;
  if (draft.balance === null || fromDecimal(draft.balance) < fromDecimal(draft.amount)) return PAYMENT_MESSAGES.notEnoughBalance;
  return null;
}
