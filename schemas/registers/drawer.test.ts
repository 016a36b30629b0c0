import { describe, expect, it } from 'vitest';
import { COUNT_MISMATCH, COUNT_MISSING, countedAmount, drawerFigures, needsAcceptance } from './drawer';

describe('the drawer arithmetic', () => {
  it('adds a count by denomination exactly, and checks a total sent with it', () => {
    // 3 × 20.00 + 7 × 0.25 + 3 × 0.10 = 62.05, in ten-thousandths.
    const counts = [
      { denomination: 20, quantity: 3 },
      { denomination: 0.25, quantity: 7 },
      { denomination: 0.1, quantity: 3 },
    ];
    expect(countedAmount({ counts })).toEqual({ amount: 620_500 });
    expect(countedAmount({ counts, total: 62.05 })).toEqual({ amount: 620_500 });
    expect(countedAmount({ counts, total: 62 })).toEqual({ refusal: COUNT_MISMATCH });
    expect(countedAmount({ total: 101 })).toEqual({ amount: 1_010_000 });
    expect(countedAmount({})).toEqual({ refusal: COUNT_MISSING });
    expect(countedAmount({ counts: [] })).toEqual({ refusal: COUNT_MISSING });
  });

  it('expects opening + cash sales − change − cash refunds + cash in − cash out + corrections', () => {
    const figures = drawerFigures(1_000_000, [
      { kind: 'sale', amount: 600_000 },
      { kind: 'change', amount: -70_000 },
      { kind: 'refund', amount: -212_000 },
      { kind: 'cash_in', amount: 50_000 },
      { kind: 'cash_out', amount: -200_000 },
      { kind: 'correction', amount: -10_000 },
    ]);
    // 100.00 + 60.00 − 7.00 − 21.20 + 5.00 − 20.00 − 1.00 = 115.80.
    expect(figures).toEqual({
      opening: 1_000_000,
      cash_sales: 600_000,
      change: 70_000,
      cash_refunds: 212_000,
      cash_in: 50_000,
      cash_out: 200_000,
      corrections: -10_000,
      expected: 1_158_000,
    });
  });

  it('asks a manager only above the threshold, over or short', () => {
    expect(needsAcceptance(-50_000, 50_000)).toBe(false);
    expect(needsAcceptance(50_001, 50_000)).toBe(true);
    expect(needsAcceptance(-50_001, 50_000)).toBe(true);
  });
});
