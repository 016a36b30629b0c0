/**
 * The Discount popup's rules (spec 03 §5, §9), pure so the popup and its tests share them:
 * percentage capped at 99, a flat amount must stay below the total it applies to, defaults 1 % and 0.01.
 */
export type DiscountKind = 'flat' | 'percentage';

export interface DiscountChoice {
  type: DiscountKind;
  /** Percent (7.5 = 7.5 %) or a decimal amount. */
  value: number;
}

export const DISCOUNT_PERCENTAGE_CAP = 99;
export const DEFAULT_DISCOUNT: Record<DiscountKind, number> = { percentage: 1, flat: 0.01 };

/** The value a mode opens with: the current discount when it has that type, else the mode's default. */
export function initialDiscountValue(type: DiscountKind, current?: DiscountChoice): number {
  return current && current.type === type && current.value > 0 ? current.value : DEFAULT_DISCOUNT[type];
}

/**
 * What a typed value becomes: a percentage above 99 is 99; a flat amount that reaches or exceeds `base`
 * is refused (null: the keystroke is ignored and the previous value kept).
 */
export function capDiscountValue(type: DiscountKind, value: number, base: number): number | null {
  if (!Number.isFinite(value) || value < 0) return 0;
  if (type === 'percentage') return Math.min(value, DISCOUNT_PERCENTAGE_CAP);
  // Compared in cents: the popup types flat amounts as cents.
  return Math.round(value * 100) >= Math.round(base * 100) ? null : value;
}
