import { byStart, type FeeEntry } from './feeEntry';

/**
 * The entry in force on `date` ('YYYY-MM-DD'): the latest one starting on or before that day
 * (the later id wins on the same start), or undefined when every entry starts later.
 */
export function feeInForce<E extends Pick<FeeEntry, 'id' | 'start'>>(entries: readonly E[], date: string): E | undefined {
  let found: E | undefined;
  for (const entry of entries) {
    if (entry.start > date) continue;
    if (!found || byStart(found, entry) < 0) found = entry;
  }
  return found;
}

/** The earliest entry, which the comma lists fall back to when nothing is in force yet. */
export function firstFee<E extends Pick<FeeEntry, 'id' | 'start'>>(entries: readonly E[]): E | undefined {
  return [...entries].sort(byStart)[0];
}
