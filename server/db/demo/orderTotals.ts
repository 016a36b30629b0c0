import { fromDecimal, multiply, percentOf, roundTo, sum, type Money } from '../../../schemas/money';

/**
 * Totals of the demo orders, in integer ten-thousandths. The orders issue owns the real totals module in
 * schemas/; until it lands the seed follows the same rules here (spec 03 §9, issue 7):
 * line total = unit price × quantity − line discount; inclusive lines contain a 6 % tax, exclusive lines none;
 * order total = subtotal + shipping + exclusive tax (0) − discount − coupons; amounts rounded to cents.
 */
export const INCLUSIVE_TAX_PERCENT = 6;

export type Discount = { type: 'percentage'; percent: number } | { type: 'flat'; amount: string };

export interface LineInput {
  unitPrice: Money;
  quantity: number;
  taxType: 'inclusive' | 'exclusive';
  discount?: Discount;
}

export interface LineTotals {
  discount_type: 'percentage' | 'flat' | null;
  discount_percentage: number;
  discount: Money;
  tax_value: Money;
  total_price: Money;
  total_price_with_tax: Money;
  total_price_without_tax: Money;
}

const CENTS = 2;

/** Tax contained in an inclusive amount: amount × 6 / 106, rounded to cents. */
export function inclusiveTax(amount: Money): Money {
  return roundTo(Math.round((amount * INCLUSIVE_TAX_PERCENT) / (100 + INCLUSIVE_TAX_PERCENT)), CENTS);
}

function discountOf(gross: Money, discount: Discount | undefined): Pick<LineTotals, 'discount_type' | 'discount_percentage' | 'discount'> {
  if (!discount) return { discount_type: null, discount_percentage: 0, discount: 0 };
  if (discount.type === 'percentage') {
    return { discount_type: 'percentage', discount_percentage: fromDecimal(discount.percent), discount: roundTo(percentOf(gross, discount.percent), CENTS) };
  }
  return { discount_type: 'flat', discount_percentage: 0, discount: fromDecimal(discount.amount) };
}

export function lineTotals(line: LineInput): LineTotals {
  const gross = roundTo(multiply(line.unitPrice, line.quantity), CENTS);
  const discount = discountOf(gross, line.discount);
  const total = gross - discount.discount;
  const tax = line.taxType === 'inclusive' ? inclusiveTax(total) : 0;
  return {
    ...discount,
    tax_value: tax,
    total_price: total,
    total_price_with_tax: total,
    total_price_without_tax: total - tax,
  };
}

export interface OrderTotals {
  discount_type: 'percentage' | 'flat' | null;
  discount_percentage: number;
  discount: Money;
  subtotal: Money;
  total_coupons: Money;
  total_tax_value: Money;
  shipping: Money;
  total: Money;
}

export function orderTotals(lines: readonly LineTotals[], options: { discount?: Discount; coupons?: readonly Money[]; shipping?: Money }): OrderTotals {
  const subtotal = sum(lines.map((line) => line.total_price));
  const discount = discountOf(subtotal, options.discount);
  const totalCoupons = sum(options.coupons ?? []);
  const shipping = options.shipping ?? 0;
  // Exclusive lines carry no tax under the fixed rule, so nothing is added for tax.
  const exclusiveTax = 0;
  return {
    ...discount,
    subtotal,
    total_coupons: totalCoupons,
    total_tax_value: sum(lines.map((line) => line.tax_value)),
    shipping,
    total: subtotal + shipping + exclusiveTax - discount.discount - totalCoupons,
  };
}
