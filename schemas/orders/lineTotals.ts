import { multiply, roundTo, type Money } from '../money';
import { discountOn, type Discount, type DiscountFields } from './discount';
import { DEFAULT_TAX_RULE, taxFor, type TaxRule, type TaxType } from './tax';

export interface LineInput {
  unitPrice: Money;
  quantity: number;
  taxType: TaxType;
  discount?: Discount;
}

export interface LineTotals extends DiscountFields {
  tax_type: TaxType;
  tax_value: Money;
  /** unit price × quantity − discount; inclusive lines contain their tax, exclusive lines exclude it. */
  total_price: Money;
  total_price_with_tax: Money;
  total_price_without_tax: Money;
}

const CENTS = 2;

/**
 * Order product totals (spec 03 §3, §9): gross = unit price × quantity rounded to cents; discount flat
 * (capped at the gross) or percentage of the gross (clamped 0–100); tax per line by the tax rule.
 */
export function lineTotals(line: LineInput, rule: TaxRule = DEFAULT_TAX_RULE): LineTotals {
  const gross = Math.max(0, roundTo(multiply(line.unitPrice, line.quantity), CENTS));
  const discount = discountOn(gross, line.discount);
  const total = gross - discount.discount;
  const tax = taxFor(total, line.taxType, rule);
  const inclusive = line.taxType === 'inclusive';
  return {
    ...discount,
    tax_type: line.taxType,
    tax_value: tax,
    total_price: total,
    total_price_with_tax: inclusive ? total : total + tax,
    total_price_without_tax: inclusive ? total - tax : total,
  };
}
