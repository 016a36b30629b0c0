import { describe, expect, it } from 'vitest';
import { nextNoteAmounts } from './quickCash';

describe('quick cash', () => {
  it('offers the due rounded up to the next notes, distinct and above the due', () => {
    expect(nextNoteAmounts(382_400)).toEqual([400_000, 500_000, 1_000_000]);
    expect(nextNoteAmounts(220_000)).toEqual([250_000, 300_000, 400_000]);
    // An exact multiple of the small notes: only the larger notes are above it.
    expect(nextNoteAmounts(400_000)).toEqual([500_000, 1_000_000]);
    expect(nextNoteAmounts(1_250_000)).toEqual([1_300_000, 1_400_000, 1_500_000]);
    expect(nextNoteAmounts(10_000, 2)).toEqual([50_000, 100_000]);
  });

  it('offers nothing when nothing is due', () => {
    expect(nextNoteAmounts(0)).toEqual([]);
  });
});
