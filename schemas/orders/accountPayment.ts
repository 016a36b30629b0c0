import type { Money } from '../money';

/** The vendor-account payment rule of spec 03 §5, for the server, the payment popup and the till (re-exported by rules.ts). */

export const SELECT_VENDOR = 'Please Select A Vendor Account To Continue.';
export const ACCOUNT_ONCE = 'The customer account can only be used once per order and for the full payment. Consider deleting the previously used payment.';
export const NOT_ENOUGH_BALANCE = "This Account Don't Have Enough Balance...";

export interface AccountPaymentInput {
  /** Whether a vendor account was chosen. */
  vendorChosen: boolean;
  /** Whether the order (or the cart) already holds an account payment. */
  usedBefore: boolean;
  value: Money;
  /** What is left to pay on the order, or due on the cart. */
  leftToPay: Money;
  /** The vendor's current-month balance; null while unknown. */
  balance: Money | null;
}

/** Spec 03 §5: a vendor account pays once per order, only the full amount left, and only within its balance. */
export function accountPaymentRefusal(input: AccountPaymentInput): { field: 'vendor_id' | 'value'; message: string } | null {
  if (!input.vendorChosen) return { field: 'vendor_id', message: SELECT_VENDOR };
  if (input.usedBefore || input.value !== input.leftToPay) return { field: 'value', message: ACCOUNT_ONCE };
  if (input.balance === null || input.balance < input.value) return { field: 'vendor_id', message: NOT_ENOUGH_BALANCE };
  return null;
}
