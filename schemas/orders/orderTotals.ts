import { sum, type Money } from '../money';
import { discountOn, type Discount, type DiscountFields } from './discount';
import type { LineTotals } from './lineTotals';

export interface OrderTotalsInput {
  discount?: Discount;
  coupons?: readonly Money[];
  shipping?: Money;
}

export interface OrderTotals extends DiscountFields {
  subtotal: Money;
  total_coupons: Money;
  total_tax_value: Money;
  exclusive_tax: Money;
  shipping: Money;
  total: Money;
}

/**
 * Order totals (spec 03 §3, §9): subtotal = Σ line total_price; order discount flat or percentage of the
 * subtotal; total = subtotal + shipping + exclusive tax − discount − coupons, never below 0.
 */
export function orderTotals(lines: readonly Pick<LineTotals, 'total_price' | 'tax_value' | 'tax_type'>[], input: OrderTotalsInput = {}): OrderTotals {
  const subtotal = sum(lines.map((line) => line.total_price));
  const discount = discountOn(subtotal, input.discount);
  const totalCoupons = sum((input.coupons ?? []).map((coupon) => Math.max(0, coupon)));
  const shipping = Math.max(0, input.shipping ?? 0);
  const exclusiveTax = sum(lines.filter((line) => line.tax_type === 'exclusive').map((line) => line.tax_value));
  const total = Math.max(0, subtotal + shipping + exclusiveTax - discount.discount - totalCoupons);
  return {
    ...discount,
    subtotal,
    total_coupons: totalCoupons,
    total_tax_value: sum(lines.map((line) => line.tax_value)),
    exclusive_tax: exclusiveTax,
    shipping,
    total,
  };
}
