import { hasAtMostDecimals } from '../money';

/**
 * Amounts carry at most the store's currency precision (ns_currency_precision) in decimals: a 0.001 payment or a
 * 10.005 price at precision 2 would be stored as entered and every sum built on it (a register's drawer, an order's
 * total) would read figures the till can never show or collect. The precision is a store option, so the static
 * body schemas only bound amounts to four decimals; the server checks request bodies against the option here.
 */

/** The body keys that hold amounts of money in the order requests (payments, prices, flat discounts, refunds, instalments, shipping). */
export const MONEY_KEYS: ReadonlySet<string> = new Set(['unit_price', 'discount', 'value', 'amount', 'shipping', 'total', 'refundValue']);

export const tooManyDecimals = (precision: number) =>
  precision === 0
    ? 'The amount must be a whole number in this currency.'
    : `The amount must have at most ${precision} decimal${precision === 1 ? '' : 's'} in this currency.`;

/** Every amount of `body` (at any depth, keyed by its dotted path) with more decimals than `precision`. */
export function finerThanPrecision(body: unknown, precision: number, path = ''): string[] {
  if (Array.isArray(body)) return body.flatMap((item, index) => finerThanPrecision(item, precision, `${path}${index}.`));
  if (body === null || typeof body !== 'object') return [];
  const fields: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'number' && MONEY_KEYS.has(key)) {
      if (!hasAtMostDecimals(value, precision)) fields.push(`${path}${key}`);
    } else if (typeof value === 'object') {
      fields.push(...finerThanPrecision(value, precision, `${path}${key}.`));
    }
  }
  return fields;
}
