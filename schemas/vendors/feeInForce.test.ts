import { describe, expect, it } from 'vitest';
import type { FeeEntry } from './feeEntry';
import { feeInForce, firstFee } from './feeInForce';

const entries: FeeEntry[] = [
  { id: 1, name: 'monthly_rent', value: 1_000_000, start: '1970-01-01' },
  { id: 4, name: 'monthly_rent', value: 1_500_000, start: '2026-03-15' },
  { id: 2, name: 'monthly_rent', value: 1_250_000, start: '2026-01-01' },
  { id: 5, name: 'monthly_rent', value: 1_750_000, start: '2026-03-15' },
  { id: 3, name: 'monthly_rent', value: 2_000_000, start: '2027-01-01' },
];

describe('feeInForce', () => {
  it.each([
    ['1970-01-01', 1],
    ['2025-12-31', 1],
    ['2026-01-01', 2],
    ['2026-03-14', 2],
    ['2026-03-15', 5],
    ['2026-12-31', 5],
    ['2027-01-01', 3],
    ['9999-12-31', 3],
  ])('on %s answers entry %i', (date, id) => {
    expect(feeInForce(entries, date)?.id).toBe(id);
  });

  it('answers undefined before the first entry and for no entries', () => {
    expect(feeInForce(entries.slice(1), '2025-06-01')).toBeUndefined();
    expect(feeInForce([], '2026-01-01')).toBeUndefined();
  });

  it('finds the earliest entry', () => {
    expect(firstFee(entries)?.id).toBe(1);
    expect(firstFee([])).toBeUndefined();
  });
});
