import type { Money } from '../money';
import type { PaymentStatus } from '../paymentStatus';
import { largestRemainder, withoutTaxPart } from '../orders/allocation';
import { accountRefundRestores } from '../orders/refundTenders';

/**
 * What an order credits its selling vendors and charges its buying vendors (pure). A vendor is credited
 * for what the customer has actually paid on the vendor's lines: each line's part of the goods still sold,
 * without tax, times the part of those goods the money kept has paid. The server writes the difference
 * between these figures and what the vendor ledger already holds after every money event of the order.
 */

/** Orders whose lines count for vendors at all: a voided, parked or fully refunded sale credits nothing. */
export const CREDITED_STATUSES: readonly PaymentStatus[] = ['paid', 'partially_paid', 'unpaid', 'partially_refunded'];

export interface CreditLine {
  /** What the line sells for after its own discount and its share of the order's (order_products.total_price − share). */
  net: Money;
  totalPrice: Money;
  totalWithoutTax: Money;
  /** Money given back on this line by refunds of either type. */
  refunded: Money;
}

export interface CreditOrder {
  payment_status: PaymentStatus;
  total: Money;
  cardfee: Money;
  tendered: Money;
  change: Money;
  /** Every refund of the order (lines, shipping and a void's give-back). */
  refunded: Money;
}

/** What is still sold of the line, without tax: its net less what refunds gave back, the tax out in the line's ratio. */
export function stillSoldWithoutTax(line: CreditLine): Money {
  const remaining = Math.max(0, line.net - Math.max(0, line.refunded));
  return withoutTaxPart(remaining, line);
}

/**
 * The paid part of the goods: money kept (tendered − change − refunds) over what the order still sells
 * (total − refunds), both without the card fee, which pays the card company and not the goods. Answered as
 * [kept, goods] with 0 ≤ kept ≤ goods; [0, 0] when nothing counts.
 */
export function paidPart(order: CreditOrder): [Money, Money] {
  if (!CREDITED_STATUSES.includes(order.payment_status)) return [0, 0];
  const goods = Math.max(0, order.total - order.cardfee - Math.max(0, order.refunded));
  const kept = order.tendered - order.change - Math.max(0, order.refunded) - order.cardfee;
  return [Math.min(goods, Math.max(0, kept)), goods];
}

/**
 * Each line's credit without tax: still sold × kept ÷ goods, rounded down to ten-thousandths (exact in
 * BigInt), so the credits of an order never exceed the money collected for its goods; a paid order credits
 * each line its whole net without tax.
 */
export function lineCredits(lines: readonly CreditLine[], order: CreditOrder): Money[] {
  const [kept, goods] = paidPart(order);
  return lines.map((line) => {
    if (goods <= 0 || kept <= 0) return 0;
    const sold = stillSoldWithoutTax(line);
    return kept === goods ? sold : Number((BigInt(sold) * BigInt(kept)) / BigInt(goods));
  });
}

/**
 * What a buying vendor is charged for the lines it bought through its account (buyer_id), without tax: the
 * part of the bought lines' nets the account paid for (all of them when the account paid the whole sale; a
 * third when it paid a third of `goods`, the order's total without card fees, the rest having come in cash
 * or by card), from the account payment on, whatever the order's status becomes. Money goes back the way it
 * came, so only refunds paid into the account (a refund or a void's give-back in 'account-payment') give
 * the account back its part of the purchases (accountRefundRestores); a refund in cash or to a card gave the
 * money back already and restores nothing. The charge left is shared over the bought lines by largest remainder.
 */
export function linePurchases(bought: readonly CreditLine[], account: { paid: Money; refunds: readonly Money[]; goods: Money }): Money[] {
  const charged = bought.map((line) => withoutTaxPart(line.net, line));
  const nets = charged.reduce((total, part) => total + part, 0);
  const paid = Math.max(0, account.paid);
  const whole = account.goods > 0 && paid < account.goods ? Number((BigInt(nets) * BigInt(paid)) / BigInt(account.goods)) : nets;
  const restored = accountRefundRestores(whole, paid, account.refunds).reduce((total, part) => total + part, 0);
  return largestRemainder(Math.max(0, whole - restored), charged);
}
