import { fromDecimal, multiply, sum, type Money } from '../money';
import type { DenominationCount } from './api';

/**
 * The drawer's arithmetic, once for the server and the screens: what a count adds up to, what the drawer
 * should hold (expected cash) and whether a difference needs a manager.
 */

/** The notes and coins the counting grid offers (the store's currency units). */
export const DENOMINATIONS = [100, 50, 20, 10, 5, 2, 1, 0.25, 0.1, 0.05, 0.01] as const;

/**
 * Every way cash enters or leaves a drawer, as the cash ledger (register_cash_moves) records it. Amounts
 * are signed: a sale adds, change, cash refunds and cash out take away; a correction is the drawer's side of
 * a deleted cash payment or order.
 */
export const DRAWER_KINDS = ['sale', 'change', 'refund', 'cash_in', 'cash_out', 'correction'] as const;
export type DrawerKind = (typeof DRAWER_KINDS)[number];

export const COUNT_MISSING = 'Count the drawer: by denomination or as a total.';
export const COUNT_MISMATCH = 'The total does not match the denominations counted.';

/** The amount a count stands for, or the refusal message: the denominations' sum, which a total sent with them must equal. */
export function countedAmount(count: {
  counts?: readonly DenominationCount[] | undefined;
  total?: number | undefined;
}): { amount: Money } | { refusal: string } {
  if (count.counts && count.counts.length > 0) {
    const amount = sum(count.counts.map((row) => multiply(fromDecimal(row.denomination), row.quantity)));
    if (count.total !== undefined && fromDecimal(count.total) !== amount) return { refusal: COUNT_MISMATCH };
    return { amount };
  }
  if (count.total !== undefined) return { amount: fromDecimal(count.total) };
  return { refusal: COUNT_MISSING };
}

export interface DrawerFigures {
  opening: Money;
  cash_sales: Money;
  /** Change handed back, as a positive amount. */
  change: Money;
  /** Cash given back on refunds, positive. */
  cash_refunds: Money;
  cash_in: Money;
  /** Cash taken out, positive. */
  cash_out: Money;
  /** Deleted cash payments and orders (signed). */
  corrections: Money;
  /** opening + cash sales − change − cash refunds + cash in − cash out + corrections. */
  expected: Money;
}

/** The drawer figures of a session from its opening count and its cash ledger rows (signed amounts). */
export function drawerFigures(opening: Money, moves: ReadonlyArray<{ kind: DrawerKind; amount: Money }>): DrawerFigures {
  const of = (kind: DrawerKind) => sum(moves.filter((move) => move.kind === kind).map((move) => move.amount));
  const figures = {
    opening,
    cash_sales: of('sale'),
    change: -of('change'),
    cash_refunds: -of('refund'),
    cash_in: of('cash_in'),
    cash_out: -of('cash_out'),
    corrections: of('correction'),
  };
  const expected = figures.opening + figures.cash_sales - figures.change - figures.cash_refunds + figures.cash_in - figures.cash_out + figures.corrections;
  return { ...figures, expected };
}

/** A difference (counted − expected, either way) above the store's threshold needs a manager's acceptance with a note. */
export function needsAcceptance(difference: Money, threshold: Money): boolean {
  return Math.abs(difference) > threshold;
}
