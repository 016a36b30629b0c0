import { fromDecimal, sum, type Money } from '../../schemas/money';
import type { InstalmentAnswer } from '../../schemas/orders/api';

/**
 * Rows of the Layaway Installments list (spec 03 §2), pure. Money is integer ten-thousandths; dates are
 * 'YYYY-MM-DD' as they are sent.
 */
export interface InstalmentRow {
  /** Stable key: 'i<id>' for saved rows, 'new<n>' for rows not created yet. */
  key: string;
  id: number | null;
  date: string;
  amount: Money;
  paid: boolean;
  paymentId: number | null;
  /** Edited since it was loaded (saved rows) — the Save button applies it. */
  changed: boolean;
}

/** The server's list (oldest first) as rows, newest first (spec 03 §2: the response order is reversed). */
export function rowsOf(answer: readonly InstalmentAnswer[]): InstalmentRow[] {
  return [...answer].reverse().map((instalment) => ({
    key: `i${instalment.id}`,
    id: instalment.id,
    date: instalment.date.slice(0, 10),
    amount: fromDecimal(instalment.amount),
    paid: Boolean(instalment.paid),
    paymentId: instalment.payment_id ?? instalment.payments[0]?.id ?? null,
    changed: false,
  }));
}

/** Sum of every instalment listed, saved or not. */
export function instalmentsSum(rows: readonly InstalmentRow[]): Money {
  return sum(rows.map((row) => row.amount));
}

/** Spec 03 §5: a new instalment's default amount is the order total minus the instalments' sum (never below 0). */
export function defaultInstalmentAmount(total: Money, rows: readonly InstalmentRow[]): Money {
  return Math.max(0, total - instalmentsSum(rows));
}
