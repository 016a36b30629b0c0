import { toDecimal } from '../money';
import type { FeeEntry, FeeName } from './feeEntry';
import { feeInForce, firstFee } from './feeInForce';

export type MonthlyLists = Record<FeeName, string>;

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** One comma list: month m holds the value in force on its first day, else the earliest entry's; '' with no entries. */
function listFor(entries: readonly FeeEntry[], year: number): string {
  if (entries.length === 0) return '';
  const first = firstFee(entries)!;
  return MONTHS.map((month) => {
    const day = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
    return String(toDecimal((feeInForce(entries, day) ?? first).value));
  }).join(',');
}

/**
 * The users.commission and users.monthly_rent comma lists of spec 02 §9 for `year`, derived from the
 * dated entries. A term starting mid-month shows from the next month: the pro-rate fee covers the rest
 * of its first month, so the month is never charged twice.
 */
export function monthlyLists(entries: readonly FeeEntry[], year: number): MonthlyLists {
  return {
    commission: listFor(
      entries.filter((entry) => entry.name === 'commission'),
      year,
    ),
    monthly_rent: listFor(
      entries.filter((entry) => entry.name === 'monthly_rent'),
      year,
    ),
  };
}
