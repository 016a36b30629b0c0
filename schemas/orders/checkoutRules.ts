import type { Money } from '../money';
import { UNPAID_THRESHOLD } from './paymentStatus';

/** What a checkout may leave unpaid and how its paid instalments meet its payments (re-exported by rules.ts). */

export const PAID_INSTALMENTS_NOT_FIRST = 'Only the earliest instalments can be marked as paid at checkout.';
export const PAID_INSTALMENTS_NOT_COVERED =
  'The instalments marked as paid add up to more than the checkout pays. Add a payment or mark fewer instalments as paid.';

export const NOT_FULLY_PAID = 'This order is not fully paid. Add a payment, make it a layaway, or save it as unpaid.';

export interface CheckoutInstalment {
  date: string;
  amount: Money;
  paid: boolean;
}

/**
 * An instalment is paid only through a payment. At checkout the instalments marked paid must be the
 * earliest ones (no unpaid instalment dated before a paid one) and together no more than what the store
 * keeps of the checkout's payments, so each can be linked to the payment that covers it and none is
 * collected twice.
 */
export function paidInstalmentsRefusal(instalments: readonly CheckoutInstalment[], paidAtCheckout: Money): string | null {
  const paid = instalments.filter((instalment) => instalment.paid);
  if (paid.length === 0) return null;
  const latestPaid = paid.reduce((latest, instalment) => (instalment.date > latest ? instalment.date : latest), paid[0]!.date);
  if (instalments.some((instalment) => !instalment.paid && instalment.date < latestPaid)) return PAID_INSTALMENTS_NOT_FIRST;
  const covered = paid.reduce((total, instalment) => total + instalment.amount, 0);
  return covered > paidAtCheckout || paidAtCheckout <= 0 ? PAID_INSTALMENTS_NOT_COVERED : null;
}

/**
 * The payment each paid instalment is linked to: the paid instalments in date order (then as listed) are
 * laid over the payments in the order they were taken; an instalment belongs to the payment its last unit
 * falls in. Unpaid instalments get null. Assumes paidInstalmentsRefusal accepted the instalments.
 */
export function instalmentPaymentLinks(instalments: readonly CheckoutInstalment[], payments: readonly { id: number; value: Money }[]): (number | null)[] {
  const order = instalments
    .map((instalment, index) => ({ instalment, index }))
    .filter(({ instalment }) => instalment.paid)
    .sort((a, b) => (a.instalment.date < b.instalment.date ? -1 : a.instalment.date > b.instalment.date ? 1 : a.index - b.index));
  const links: (number | null)[] = instalments.map(() => null);
  let covered = 0;
  let paymentIndex = 0;
  let paymentEnd = payments[0]?.value ?? 0;
  for (const { instalment, index } of order) {
    covered += instalment.amount;
    while (covered > paymentEnd && paymentIndex < payments.length - 1) {
      paymentIndex += 1;
      paymentEnd += payments[paymentIndex]!.value;
    }
    links[index] = payments[paymentIndex]?.id ?? null;
  }
  return links;
}

/**
 * A sale left with something to pay is the cashier's choice: a layaway (instalments listed), an order
 * saved as unpaid on purpose, or an order parked on hold. Otherwise the checkout is refused.
 */
export function unpaidCheckoutRefusal(input: { leftToPay: Money; hold: boolean; instalments: number; saveUnpaid: boolean }): string | null {
  // Below the unpaid threshold the order reads paid (paymentStatusOf), so it needs no choice either.
  if (input.leftToPay < UNPAID_THRESHOLD || input.hold || input.instalments > 0 || input.saveUnpaid) return null;
  return NOT_FULLY_PAID;
}
