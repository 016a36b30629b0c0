import { type Money } from '../money';

/**
 * Order-level money shared by the lines (pure). A cart discount and cart coupons are taken off the whole
 * order; a return, a vendor's sales and the vendor sale report need each line's part of them, and the parts
 * must add up exactly to the order's figure.
 */

const CENT: Money = 100;

/**
 * Largest remainder: `amount` shared in proportion to `weights` (negative weights count as 0). Each part is
 * first its share rounded down; the units left over go one each to the largest remainders, ties to the
 * earlier line, so the parts add up to `amount` exactly and the same lines always get the same parts.
 * Whole cents are shared when `amount` is whole cents (10.00 over 1/1/1 → 3.34/3.33/3.33), else
 * ten-thousandths. Nothing is shared when the weights add up to 0. Exact in BigInt.
 */
export function largestRemainder(amount: Money, weights: readonly Money[]): Money[] {
  const clean = weights.map((weight) => BigInt(Math.max(0, weight)));
  const whole = clean.reduce((total, weight) => total + weight, 0n);
  if (amount <= 0 || whole === 0n) return weights.map(() => 0);
  const unit = amount % CENT === 0 ? CENT : 1;
  const units = BigInt(amount / unit);
  const parts = clean.map((weight) => (units * weight) / whole);
  const remainders = clean.map((weight, index) => ({ index, remainder: (units * weight) % whole }));
  let left = units - parts.reduce((total, part) => total + part, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left <= 0n) break;
    parts[index] = parts[index]! + 1n;
    left -= 1n;
  }
  return parts.map((part) => Number(part) * unit);
}

/** The order-level reduction the lines share: cart discount plus cart coupons, never above what the lines sell for. */
export function orderReduction(order: { discount: Money; totalCoupons: Money }, subtotal: Money): Money {
  return Math.min(Math.max(0, subtotal), Math.max(0, order.discount) + Math.max(0, order.totalCoupons));
}

/**
 * Each line's share of the order's cart discount and coupons, by the line's total (after its own
 * discount), in line order. The line's net, what the customer pays for it, is total − share.
 * `lineCoupons` are the parts of product and category coupons already settled on each line (couponShares):
 * they stay on their line, and the cart's reduction is shared by what is left of each line.
 */
export function orderDiscountShares(
  lineTotals: readonly Money[],
  order: { discount: Money; totalCoupons: Money },
  lineCoupons: readonly Money[] = [],
): Money[] {
  const own = lineTotals.map((line, index) => Math.min(Math.max(0, line), Math.max(0, lineCoupons[index] ?? 0)));
  const left = lineTotals.map((line, index) => Math.max(0, line) - own[index]!);
  const subtotal = left.reduce((total, line) => total + line, 0);
  return largestRemainder(orderReduction(order, subtotal), left).map((share, index) => share + own[index]!);
}

/**
 * A part of a line's money without its tax: the tax is taken out in proportion to the line's own
 * with/without-tax ratio (`amount` × without tax ÷ total, rounded down to ten-thousandths, exact in
 * BigInt), so the discounted 90.00 of a 100.00 line holding 94.34 without tax is 84.906 without tax.
 * An exclusive line's total holds no tax: its amounts are their own figure without tax.
 */
export function withoutTaxPart(amount: Money, line: { totalPrice: Money; totalWithoutTax: Money }): Money {
  if (amount <= 0 || line.totalPrice <= 0) return 0;
  return Number((BigInt(amount) * BigInt(Math.max(0, line.totalWithoutTax))) / BigInt(line.totalPrice));
}
