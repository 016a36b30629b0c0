import type { Money } from '../money';

/** The two kinds of fee term a vendor has (spec 02 §3 Vendor fee entry). */
export const FEE_NAMES = ['commission', 'monthly_rent'] as const;
export type FeeName = (typeof FEE_NAMES)[number];

/**
 * One dated fee term. `value` is in ten-thousandths: a percentage for commission (7.5 % → 75000),
 * money for monthly rent. `start` is 'YYYY-MM-DD'; the entry is in force until a later one starts.
 */
export interface FeeEntry {
  id: number;
  name: FeeName;
  value: Money;
  start: string;
}

/** Earliest entry first; entries starting the same day keep their insertion (id) order. */
export function byStart(a: Pick<FeeEntry, 'id' | 'start'>, b: Pick<FeeEntry, 'id' | 'start'>): number {
  return a.start === b.start ? a.id - b.id : a.start < b.start ? -1 : 1;
}
