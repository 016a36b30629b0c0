import { Type } from '@sinclair/typebox';
import { AMOUNT_TEXT_PATTERN, MAX_AMOUNT, MAX_DB_INTEGER, MAX_DECIMALS_KEYWORD, MAX_PERCENT, MAX_QUANTITY, MONEY_DECIMALS } from './money';

/**
 * The number fields of request schemas, bounded once (schemas/money.ts says why these bounds): every
 * amount, quantity and percentage any route takes is one of these, so 1e308, 9007199254740993 or 1e-7
 * is refused by validation (422 naming the field) before a service or the database sees it.
 */

const fourDecimals = { [MAX_DECIMALS_KEYWORD]: MONEY_DECIMALS } as const;

/** A decimal amount as a JSON number, 0 to MAX_AMOUNT, four decimals at most. */
export const AmountSchema = Type.Number({ minimum: 0, maximum: MAX_AMOUNT, ...fourDecimals });
/** A decimal amount as a JSON number that may be negative (the service gives the spec's message for a negative). */
export const SignedAmountSchema = Type.Number({ minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT, ...fourDecimals });
/** A decimal amount as a JSON number or a plain decimal text ("12.50"), within ±MAX_AMOUNT, four decimals at most. */
export const DecimalAmountSchema = Type.Union([SignedAmountSchema, Type.String({ pattern: AMOUNT_TEXT_PATTERN, maxLength: 20 })]);
/** A line quantity: above 0, at most MAX_QUANTITY, four decimals at most (whole numbers unless the store allows decimals). */
export const QuantitySchema = Type.Number({ exclusiveMinimum: 0, maximum: MAX_QUANTITY, ...fourDecimals });
/** A percentage (7.5 = 7.5 %), four decimals at most. */
export const PercentSchema = Type.Number({ minimum: -MAX_PERCENT, maximum: MAX_PERCENT, ...fourDecimals });
/** A whole number stored in an integer column (ids, vendor numbers), from `minimum` up. */
export const DbIntegerSchema = (minimum: number) => Type.Integer({ minimum, maximum: MAX_DB_INTEGER });
