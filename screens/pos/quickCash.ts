import { MONEY_SCALE, type Money } from '../../schemas/money';

/** The notes a cashier is handed most often, in whole currency units. */
export const CASH_NOTES = [5, 10, 20, 50, 100] as const;

/** The quick-cash amounts above what is due: the due rounded up to each note, distinct, the first `count`. */
export function nextNoteAmounts(due: Money, count = 3): Money[] {
  if (due <= 0) return [];
  const amounts = CASH_NOTES.map((note) => Math.ceil(due / (note * MONEY_SCALE)) * note * MONEY_SCALE).filter((amount) => amount > due);
  return [...new Set(amounts)].sort((a, b) => a - b).slice(0, count);
}
