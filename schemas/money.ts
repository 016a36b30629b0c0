/**
 * Money is an integer count of ten-thousandths of the currency unit (1.2345 → 12345).
 * Every amount crosses the wire and the database in this form inside the server; the API
 * answers decimals (`toDecimal`) because the spec's client reads plain numbers.
 */
export type Money = number;

export const MONEY_SCALE = 10_000;
export const MONEY_DECIMALS = 4;

/**
 * The bounds every amount and quantity the API takes is held to, so that integer money stays exact in
 * JavaScript (Number.MAX_SAFE_INTEGER ≈ 9.007e15 ten-thousandths) and in the database (PostgreSQL bigint,
 * SQLite 64-bit integer; quantities are double / real, exact to four decimals at this size).
 * One amount, one line total and one order total are at most MAX_AMOUNT (1e13 ten-thousandths), so 900 of
 * them still add up exactly: a register's drawer, a vendor's month and a report sum stay exact.
 */
export const MAX_AMOUNT = 1_000_000_000;
export const MAX_AMOUNT_MINOR = MAX_AMOUNT * MONEY_SCALE;
/** A line's quantity; quantity × price is computed in BigInt and then held to MAX_AMOUNT. */
export const MAX_QUANTITY = 1_000_000;
/** Percentages (discounts, commission, card fee) are percent numbers with four decimals at most. */
export const MAX_PERCENT = 1_000;
/** Ids, vendor numbers and other whole numbers stored in an `integer` column (PostgreSQL int4). */
export const MAX_DB_INTEGER = 2_147_483_647;

/** A decimal text within ±MAX_AMOUNT (at most 9 whole digits, or exactly 1000000000) with at most four decimals. */
export const AMOUNT_TEXT_PATTERN = '^-?(\\d{1,9}(\\.\\d{1,4})?|1000000000(\\.0{1,4})?)$';
/**
 * JSON Schema keyword (checked by the server's validator) limiting a number's decimals: JSON Schema's own
 * multipleOf: 0.0001 divides in floating point and refuses 0.3.
 */
export const MAX_DECIMALS_KEYWORD = 'x-max-decimals';

export const amountTooLarge = (what: string) => `${what} must not exceed ${MAX_AMOUNT}.`;

/** True when `value` has at most `decimals` decimals (1e-7 and 0.12345 have more than four; 0.3 has one). */
export function hasAtMostDecimals(value: number, decimals: number = MONEY_DECIMALS): boolean {
  if (!Number.isFinite(value)) return false;
  if (Math.abs(value) >= 1e21) return Number.isInteger(value);
  // The shortest text of `value` rounded to `decimals` places reads back as the same double only when no digit was cut.
  return Number(value.toFixed(decimals)) === value;
}

/** True when an amount in ten-thousandths is within ±MAX_AMOUNT. */
export function withinAmountBounds(amount: Money): boolean {
  return Number.isFinite(amount) && Math.abs(amount) <= MAX_AMOUNT_MINOR;
}

const DECIMAL_PATTERN = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** Parses a decimal amount ("12.5", 12.5, "-0.0001") exactly; more than four decimals truncate toward zero. */
export function fromDecimal(value: number | string): Money {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) throw new RangeError(`Not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const minor = Number(whole) * MONEY_SCALE + Number(fraction.slice(0, MONEY_DECIMALS).padEnd(MONEY_DECIMALS, '0'));
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount out of range: ${JSON.stringify(value)}`);
  return sign === '-' ? -minor : minor;
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
  // The shortest text that reads back as this double is the decimal that was sent (111624139.5621), while
  // toFixed shows the binary approximation (111624139.56209999) and truncating it would lose a unit.
  const shortest = String(value);
  if (!shortest.includes('e')) return shortest;
  // Exponent notation only for tiny (< 1e-6) or huge (>= 1e21) values: toFixed(8) is then exact enough.
  const fixed = value.toFixed(8);
  return fixed.replace(/\.?0+$/, '') || '0';
}

/** The decimal number an API answer carries. */
export function toDecimal(amount: Money): number {
  return amount / MONEY_SCALE;
}

/** Sum of amounts, exact. */
export function sum(amounts: readonly Money[]): Money {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total;
}

/**
 * Truncates toward zero to `precision` decimals (spec 01 §9). The spec's 1e-6 tolerance exists
 * for floating point; integer amounts are exact, so none is needed here.
 */
export function truncateTo(amount: Money, precision: number): Money {
  const step = stepFor(precision);
  return Math.trunc(amount / step) * step;
}

/** Rounds half away from zero to `precision` decimals (spec 03 §9: amounts rounded to 2 decimals). */
export function roundTo(amount: Money, precision: number): Money {
  const step = stepFor(precision);
  const rounded = Math.round(Math.abs(amount) / step) * step;
  return amount < 0 ? -rounded : rounded;
}

/** Rounds up (toward +∞) to `precision` decimals. */
export function ceilTo(amount: Money, precision: number): Money {
  const step = stepFor(precision);
  return Math.ceil(amount / step) * step;
}

function stepFor(precision: number): number {
  if (!Number.isInteger(precision) || precision < 0 || precision > MONEY_DECIMALS) {
    throw new RangeError(`Precision must be an integer from 0 to ${MONEY_DECIMALS}, got ${precision}`);
  }
  return 10 ** (MONEY_DECIMALS - precision);
}

/**
 * `percent` % of an amount, truncated toward zero to whole ten-thousandths.
 * The percentage may carry up to four decimals (7.5 → 7.5 %); BigInt keeps the product exact.
 */
export function percentOf(amount: Money, percent: number): Money {
  const percentScaled = BigInt(fromDecimal(percent));
  const product = BigInt(amount) * percentScaled;
  return Number(product / BigInt(100 * MONEY_SCALE));
}

/** amount × quantity, where a quantity may carry up to four decimals; truncated to whole ten-thousandths. */
export function multiply(amount: Money, quantity: number): Money {
  const quantityScaled = BigInt(fromDecimal(quantity));
  return Number((BigInt(amount) * quantityScaled) / BigInt(MONEY_SCALE));
}
