import { describe, expect, it } from 'vitest';
import { fromDecimal } from '../money';
import { computeProrateFee, remainingDaysInMonth } from './computeProrateFee';

describe('remainingDaysInMonth', () => {
  // [start, days left counting the start day]
  it.each([
    ['2026-01-01', 31],
    ['2026-01-31', 1],
    ['2026-02-01', 28],
    ['2026-02-28', 1],
    ['2024-02-01', 29],
    ['2024-02-29', 1],
    ['2024-02-28', 2],
    ['1900-02-01', 28],
    ['2000-02-01', 29],
    ['2026-03-01', 31],
    ['2026-04-01', 30],
    ['2026-04-30', 1],
    ['2026-05-01', 31],
    ['2026-06-01', 30],
    ['2026-07-01', 31],
    ['2026-08-01', 31],
    ['2026-09-01', 30],
    ['2026-10-01', 31],
    ['2026-11-01', 30],
    ['2026-11-16', 15],
    ['2026-12-01', 31],
    ['2026-12-31', 1],
  ])('%s leaves %i days', (start, days) => {
    expect(remainingDaysInMonth(start)).toBe(days);
  });

  it.each(['2026-02-29', '2026-13-01', '2026-00-10', '2026-4-1', 'soon'])('refuses %s', (start) => {
    expect(() => remainingDaysInMonth(start)).toThrow(RangeError);
  });
});

describe('computeProrateFee', () => {
  // [price, start, mode, expected days, expected prorate]
  it.each([
    ['310', '2026-01-01', 'rate', 31, '310'],
    ['310', '2026-01-31', 'rate', 1, '10'],
    ['310', '2026-04-01', 'rate', 30, '300'],
    ['310', '2026-02-01', 'rate', 28, '280'],
    ['310', '2024-02-01', 'rate', 29, '290'],
    ['310', '2024-02-29', 'rate', 1, '10'],
    ['100', '2026-11-16', 'rate', 15, '48.39'], // 48.387… rounds up
    ['100', '2026-01-31', 'rate', 1, '3.23'], // 3.2258… rounds down
    ['125', '2026-06-15', 'rate', 16, '64.52'], // 64.516…
    ['0.01', '2026-01-31', 'rate', 1, '0'],
    ['0', '2026-03-10', 'rate', 22, '0'],
    ['150', '2026-02-14', 'flat', 15, '150'],
    ['99.99', '2026-12-31', 'flat', 1, '99.99'],
  ] as const)('%s from %s (%s) → %i days, %s', (price, start, mode, days, prorate) => {
    expect(computeProrateFee(fromDecimal(price), start, mode)).toEqual({ price: fromDecimal(price), days, prorate: fromDecimal(prorate) });
  });

  it('rounds half away from zero at the given precision', () => {
    // 15.5 × 1 ÷ 31 = 0.5 exactly → 1 at precision 0; 0.5 at precision 2.
    expect(computeProrateFee(fromDecimal('15.5'), '2026-01-31', 'rate', 0).prorate).toBe(fromDecimal('1'));
    expect(computeProrateFee(fromDecimal('15.5'), '2026-01-31', 'rate', 2).prorate).toBe(fromDecimal('0.5'));
    expect(computeProrateFee(fromDecimal('100'), '2026-11-16', 'rate', 4).prorate).toBe(483871);
    expect(() => computeProrateFee(100, '2026-01-01', 'rate', 5)).toThrow(RangeError);
  });

  it('never drifts from the exact fraction by more than half a cent, for every day of a year', () => {
    const price = fromDecimal('123.45');
    for (let month = 1; month <= 12; month++) {
      for (let day = 1; day <= 28; day++) {
        const start = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        const { days, prorate } = computeProrateFee(price, start, 'rate');
        expect(Math.abs(prorate - (price * days) / 31)).toBeLessThanOrEqual(50);
        expect(prorate % 100).toBe(0);
      }
    }
  });
});
