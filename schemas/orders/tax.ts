import { roundTo, type Money } from '../money';

/**
 * The one tax module (spec 03 §9). A tax rule answers the tax of a line total for its tax type:
 * inclusive → the tax contained in the amount; exclusive → the tax added on top of it.
 * The default rule is the spec's fixed one; callers may pass another rule object.
 */
export type TaxType = 'inclusive' | 'exclusive';

export interface TaxRule {
  readonly name: string;
  /** Tax contained in an inclusive amount (amount already holds it). */
  inclusiveTax(amount: Money): Money;
  /** Tax added on top of an exclusive amount. */
  exclusiveTax(amount: Money): Money;
}

export const INCLUSIVE_TAX_PERCENT = 6;
const CENTS = 2;

/** Tax contained in `amount` at `percent`: amount × p / (100 + p), rounded to cents (same as the demo seed). */
export function containedTax(amount: Money, percent: number): Money {
  return roundTo(Math.round((amount * percent) / (100 + percent)), CENTS);
}

/** Spec 03 §9: a fixed 6 percent contained in inclusive lines, zero for exclusive lines. */
export const DEFAULT_TAX_RULE: TaxRule = {
  name: 'fixed-6-inclusive',
  inclusiveTax: (amount) => containedTax(amount, INCLUSIVE_TAX_PERCENT),
  exclusiveTax: () => 0,
};

export function taxFor(amount: Money, taxType: TaxType, rule: TaxRule = DEFAULT_TAX_RULE): Money {
  return taxType === 'inclusive' ? rule.inclusiveTax(amount) : rule.exclusiveTax(amount);
}
