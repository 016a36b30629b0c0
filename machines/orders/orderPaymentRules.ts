import { fromDecimal } from '../../schemas/money';
import { ACCOUNT_PAYMENT, type OrderAnswer } from '../../schemas/orders/api';
import { accountPaymentRefusal, actionRefusal, ACCOUNT_ONCE, NOT_ENOUGH_BALANCE, PAID_ORDER, SELECT_VENDOR } from '../../schemas/orders/rules';

/** Spec 03 §2, §5, §8 order payment messages, exactly as the spec spells them (the rules' own where they are rules). */
export const PAYMENT_MESSAGES = {
  paidOrder: PAID_ORDER,
  vendorRequired: SELECT_VENDOR,
  invalidAmount: 'Please Provide A Valid Payment Amount.',
  notEnoughBalance: NOT_ENOUGH_BALANCE,
  accountOnce: ACCOUNT_ONCE,
  noVendorFound: 'No User Was Found For Proceeding The Filtering.',
} as const;

export interface PaymentDraft {
  identifier: string;
  amount: number;
  /** account-payment: the chosen vendor and the balance the server reported for them. */
  vendor: { id: number; username: string; vendor_id: number } | null;
  balance: number | null;
}

/**
 * The refusal a payment meets in the browser (spec 03 §2, §5), or null when it may be sent; the rules are
 * schemas/orders/rules on the server's figures (left_to_pay), and the server decides again.
 */
export function paymentRefusal(order: OrderAnswer, draft: PaymentDraft): string | null {
  const state = actionRefusal('pay', order);
  if (state) return state;
  const account = draft.identifier === ACCOUNT_PAYMENT;
  // The spec's order of messages: the vendor first, then the amount, then the account's own rules.
  if (account && !draft.vendor) return SELECT_VENDOR;
  if (!(draft.amount > 0)) return PAYMENT_MESSAGES.invalidAmount;
  if (!account) return null;
  return (
    accountPaymentRefusal({
      vendorChosen: true,
      usedBefore: order.payments.some((payment) => payment.identifier === ACCOUNT_PAYMENT),
      value: fromDecimal(draft.amount),
      leftToPay: fromDecimal(order.left_to_pay),
      balance: draft.balance === null ? null : fromDecimal(draft.balance),
    })?.message ?? null
  );
}
