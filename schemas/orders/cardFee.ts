import { ceilTo, fromDecimal, percentOf, truncateTo, type Money } from '../money';

/**
 * Card fee (spec 03 §9): percentage of the amount truncated to cents, plus a flat amount, only when
 * ns_pos_creditcard_toggle_fee is 1; the order payment screen uses the manual percentage and flat options.
 * Reading of "round up": the fee is rounded up (toward +∞) to ns_currency_precision, and `roundUp` gives the
 * order's roundup field as the difference between an amount and that amount rounded up to the precision.
 */
export type OptionValue = number | string | null | undefined;

export interface CardFeeOptions {
  ns_pos_creditcard_toggle_fee?: OptionValue;
  ns_pos_creditcard_percentage_fee?: OptionValue;
  ns_pos_creditcard_flat_fee?: OptionValue;
  ns_pos_creditcard_manual_percentage_fee?: OptionValue;
  ns_pos_creditcard_manual_flat_fee?: OptionValue;
  ns_currency_precision?: OptionValue;
}

const CENTS = 2;
const DEFAULT_PRECISION = 2;

function numberOption(value: OptionValue): number {
  if (value === null || value === undefined || value === '') return 0;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : 0;
}

export function currencyPrecision(options: CardFeeOptions): number {
  const value = options.ns_currency_precision;
  if (value === null || value === undefined || value === '') return DEFAULT_PRECISION;
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 0 && parsed <= 4 ? parsed : DEFAULT_PRECISION;
}

export function isCardFeeEnabled(options: CardFeeOptions): boolean {
  return String(options.ns_pos_creditcard_toggle_fee ?? '') === '1';
}

/** percentage % of amount truncated to cents, plus flat, rounded up to the currency precision; 0 for amount ≤ 0. */
export function feeOf(amount: Money, percent: number, flat: Money, precision: number = DEFAULT_PRECISION): Money {
  if (amount <= 0) return 0;
  const percentage = truncateTo(percentOf(amount, Math.max(0, percent)), CENTS);
  return ceilTo(percentage + Math.max(0, flat), precision);
}

/** The till's card fee: 0 unless ns_pos_creditcard_toggle_fee is 1. */
export function cardFee(amount: Money, options: CardFeeOptions): Money {
  if (!isCardFeeEnabled(options)) return 0;
  return feeOf(
    amount,
    numberOption(options.ns_pos_creditcard_percentage_fee),
    fromDecimal(numberOption(options.ns_pos_creditcard_flat_fee)),
    currencyPrecision(options),
  );
}

/** The order payment screen's card fee, with the manual percentage and flat options (same toggle). */
export function manualCardFee(amount: Money, options: CardFeeOptions): Money {
  if (!isCardFeeEnabled(options)) return 0;
  return feeOf(
    amount,
    numberOption(options.ns_pos_creditcard_manual_percentage_fee),
    fromDecimal(numberOption(options.ns_pos_creditcard_manual_flat_fee)),
    currencyPrecision(options),
  );
}

/** Amount rounded up to the precision and the round-up added (the order's roundup field). */
export function roundUp(amount: Money, precision: number = DEFAULT_PRECISION): { amount: Money; roundup: Money } {
  const rounded = ceilTo(amount, precision);
  return { amount: rounded, roundup: rounded - amount };
}
