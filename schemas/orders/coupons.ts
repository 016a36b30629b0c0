import type { Money } from '../money';
import { largestRemainder } from './allocation';
import { discountOn, type Discount } from './discount';

/**
 * Coupons (pure): what a coupon takes off a cart and which lines carry it. A cart coupon is an order-level
 * reduction shared by every line with the cart discount (orderDiscountShares); a product or category coupon
 * is worked out on the lines it names and shared by those lines alone, by the same largest-remainder rule.
 */

export const COUPON_TYPES = ['percentage', 'flat'] as const;
export const COUPON_TARGETS = ['cart', 'products', 'categories'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
export type CouponTarget = (typeof COUPON_TARGETS)[number];

export const COUPONS_DISABLED = 'Coupons are not enabled in this store.';
export const UNKNOWN_COUPON = 'This coupon code does not exist.';
export const COUPON_NOT_STARTED = 'This coupon is not valid yet.';
export const COUPON_EXPIRED = 'This coupon has expired.';
export const COUPON_EXHAUSTED = 'This coupon has no uses left.';
export const COUPON_NEEDS_CUSTOMER = 'This coupon is limited per customer: choose the customer first.';
export const COUPON_CUSTOMER_LIMIT = 'This customer has already used this coupon as many times as allowed.';
export const COUPON_NOTHING_TO_DISCOUNT = 'This coupon applies to none of the products in the cart.';
export const COUPON_TWICE = 'This coupon is already applied.';

export interface CouponRule {
  type: CouponType;
  /** A percentage in ten-thousandths of a point (10 % → 100000), or a flat amount. */
  value: number;
  target: CouponTarget;
  productIds: readonly number[];
  categoryIds: readonly number[];
}

export interface CouponLine {
  /** The line's total after its own discount. */
  total: Money;
  productId: number | null;
  categoryId: number | null;
}

export interface CouponAmount {
  /** What the coupon takes off. */
  value: Money;
  /** Each line's part of it for a product or category coupon (in line order); null for a cart coupon. */
  shares: Money[] | null;
}

/** Whether the coupon applies to a line: every line for a cart coupon, else the named products or categories. */
export function couponAppliesTo(coupon: Pick<CouponRule, 'target' | 'productIds' | 'categoryIds'>, line: Omit<CouponLine, 'total'>): boolean {
  if (coupon.target === 'cart') return true;
  if (coupon.target === 'products') return line.productId !== null && coupon.productIds.includes(line.productId);
  return line.categoryId !== null && coupon.categoryIds.includes(line.categoryId);
}

/** The coupon as the discount rule takes it: percentage clamped 0–100 and rounded to cents, flat capped at the base. */
export function couponDiscount(coupon: Pick<CouponRule, 'type' | 'value'>): Discount {
  return coupon.type === 'percentage' ? { type: 'percentage', percent: coupon.value / 10_000 } : { type: 'flat', amount: coupon.value };
}

/**
 * What the coupon takes off the cart: the discount rule on the total of the lines it applies to. A product or
 * category coupon is shared by those lines in proportion to their totals (largest remainder, exact).
 */
export function couponAmount(coupon: CouponRule, lines: readonly CouponLine[]): CouponAmount {
  const weights = lines.map((line) => (couponAppliesTo(coupon, line) ? Math.max(0, line.total) : 0));
  const base = weights.reduce((total, weight) => total + weight, 0);
  const value = discountOn(base, couponDiscount(coupon)).discount;
  return { value, shares: coupon.target === 'cart' ? null : largestRemainder(value, weights) };
}

export interface CouponPeriod {
  /** Business dates (YYYY-MM-DD) in the store's time zone; null is open-ended. */
  valid_from: string | null;
  valid_until: string | null;
}

/** Whether the coupon may be used on the store's business date `today`: both ends of the period count. */
export function couponDateRefusal(coupon: CouponPeriod, today: string): string | null {
  if (coupon.valid_from && today < coupon.valid_from) return COUPON_NOT_STARTED;
  if (coupon.valid_until && today > coupon.valid_until) return COUPON_EXPIRED;
  return null;
}

export interface CouponLimits {
  /** Uses allowed in all, null for no limit. */
  limit_total: number | null;
  /** Uses allowed per customer, null for no limit. */
  limit_per_customer: number | null;
}

/**
 * The usage limits: `uses` counts the orders that used the coupon, `customerUses` those of the order's customer
 * (null when the order has none). A coupon limited per customer needs a customer.
 */
export function couponUsageRefusal(coupon: CouponLimits, uses: number, customerUses: number | null): string | null {
  if (coupon.limit_total !== null && uses >= coupon.limit_total) return COUPON_EXHAUSTED;
  if (coupon.limit_per_customer !== null) {
    if (customerUses === null) return COUPON_NEEDS_CUSTOMER;
    if (customerUses >= coupon.limit_per_customer) return COUPON_CUSTOMER_LIMIT;
  }
  return null;
}

/** Codes are typed at the till in any case and with stray spaces: one form stored and looked up. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}
