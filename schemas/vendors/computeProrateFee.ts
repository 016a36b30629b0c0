import { MONEY_DECIMALS, type Money } from '../money';
import { daysInMonth, parseCalendarDate } from './calendar';

export const PRORATE_MODES = ['flat', 'rate'] as const;
export type ProrateMode = (typeof PRORATE_MODES)[number];

/** Spec 02 §9: the 'rate' divisor is 31 whatever the month's length. */
export const PRORATE_DIVISOR = 31;

export interface ProrateFee {
  price: Money;
  /** Days left in the start's month, counting the start day. */
  days: number;
  prorate: Money;
}

/** Days left in the month of 'YYYY-MM-DD', counting that day (the 1st of a 30-day month → 30). */
export function remainingDaysInMonth(start: string): number {
  const date = parseCalendarDate(start);
  if (!date) throw new RangeError(`Not a calendar date: ${JSON.stringify(start)}`);
  return daysInMonth(date.year, date.month) - date.day + 1;
}

/**
 * The pro-rate fee of a new monthly price from `start` (spec 02 §9): 'flat' is the price,
 * 'rate' is price × remaining days ÷ 31. Computed exactly on integers, then rounded half away from
 * zero to `precision` decimals — the store's ns_currency_precision, 2 (cents) by default — so the
 * popup and the server arrive at the same amount.
 */
export function computeProrateFee(price: Money, start: string, mode: ProrateMode, precision = 2): ProrateFee {
  const days = remainingDaysInMonth(start);
  if (mode === 'flat') return { price, days, prorate: price };
  if (!Number.isInteger(precision) || precision < 0 || precision > MONEY_DECIMALS) {
    throw new RangeError(`Precision must be an integer from 0 to ${MONEY_DECIMALS}, got ${precision}`);
  }
  const step = 10n ** BigInt(MONEY_DECIMALS - precision);
  const numerator = BigInt(price) * BigInt(days);
  const denominator = BigInt(PRORATE_DIVISOR) * step;
  const magnitude = numerator < 0n ? -numerator : numerator;
  // Half away from zero: add half the divisor before the integer division.
  const rounded = ((magnitude * 2n + denominator) / (denominator * 2n)) * step;
  return { price, days, prorate: Number(numerator < 0n ? -rounded : rounded) };
}
