import { fromDecimal, percentOf, roundTo, type Money } from '../money';

/** A line or cart discount (spec 03 §3, §5): flat amount or percentage of the base. */
export type Discount = { type: 'percentage'; percent: number } | { type: 'flat'; amount: Money };

export interface DiscountFields {
  discount_type: 'percentage' | 'flat' | null;
  /** Percentage in ten-thousandths (7.5 % → 75000), as the seed stores it; 0 for flat. */
  discount_percentage: number;
  discount: Money;
}

const CENTS = 2;

/** Spec 03 §5: a percentage below 0 becomes 0, above 100 becomes 100. */
export function clampPercent(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0) return 0;
  return percent > 100 ? 100 : percent;
}

/** Discount on `base`: percentage clamped 0–100 (rounded to cents), flat clamped to 0…base. */
export function discountOn(base: Money, discount: Discount | undefined): DiscountFields {
  if (!discount) return { discount_type: null, discount_percentage: 0, discount: 0 };
  const ceiling = Math.max(0, base);
  if (discount.type === 'percentage') {
    const percent = clampPercent(discount.percent);
    const amount = Math.min(ceiling, roundTo(percentOf(ceiling, percent), CENTS));
    return { discount_type: 'percentage', discount_percentage: fromDecimal(percent), discount: amount };
  }
  const amount = Math.min(ceiling, Math.max(0, discount.amount));
  return { discount_type: 'flat', discount_percentage: 0, discount: amount };
}
