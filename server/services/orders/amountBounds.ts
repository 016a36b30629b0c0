import { invalid } from '../../errors';
import { amountTooLarge, withinAmountBounds } from '../../../schemas/money';
import type { LineTotals } from '../../../schemas/orders/lineTotals';
import { finerThanPrecision, tooManyDecimals } from '../../../schemas/orders/amountPrecision';
import { currencyPrecision } from '../../../schemas/orders/cardFee';
import type { Database } from '../../db';
import { readOptions } from '../options';
import type { SystemOptions } from '../../../schemas/options';

/**
 * Computed amounts held to the same bound as entered ones (schemas/money.ts MAX_AMOUNT): each input is
 * bounded by its schema, but a quantity times a price, or many lines together, can still leave what
 * integer money holds exactly (and what a PostgreSQL bigint holds). Checked before anything is written.
 */

export const LINE_TOTAL_TOO_LARGE = amountTooLarge('The line total');
export const ORDER_TOTAL_TOO_LARGE = amountTooLarge('The order total');

const MONEY_FIELDS = ['discount', 'tax_value', 'total_price', 'total_price_with_tax', 'total_price_without_tax'] as const;

/** Refuses (422, keyed `field`) a line whose price × quantity or any amount derived from it is out of bounds. */
export function assertLineWithinBounds(totals: LineTotals, gross: number, field: string): void {
  if (!withinAmountBounds(gross) || MONEY_FIELDS.some((name) => !withinAmountBounds(totals[name]))) {
    throw invalid(LINE_TOTAL_TOO_LARGE, { [field]: [LINE_TOTAL_TOO_LARGE] });
  }
}

/** Refuses (422, keyed `products`) an order whose total would be out of bounds. */
export function assertOrderWithinBounds(amounts: readonly number[]): void {
  if (amounts.some((amount) => !withinAmountBounds(amount))) throw invalid(ORDER_TOTAL_TOO_LARGE, { products: [ORDER_TOTAL_TOO_LARGE] });
}

/**
 * Refuses (422, each field keyed by its path) a request body whose amounts carry more decimals than the store's
 * currency precision (ns_currency_precision). The routes that take amounts run it before their handler.
 */
export async function assertAmountPrecision(database: Database, body: unknown, request?: object): Promise<void> {
  assertPrecisionOf(body, await readOptions(database, request));
}

/** assertAmountPrecision with the options the caller has read. */
export function assertPrecisionOf(body: unknown, options: SystemOptions): void {
  const precision = currencyPrecision(options);
  const fields = finerThanPrecision(body, precision);
  if (fields.length === 0) return;
  const message = tooManyDecimals(precision);
  throw invalid(message, Object.fromEntries(fields.map((field) => [field, [message]])));
}
