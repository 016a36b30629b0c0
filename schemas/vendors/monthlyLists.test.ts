import { describe, expect, it } from 'vitest';
import type { FeeEntry } from './feeEntry';
import { monthlyLists } from './monthlyLists';
import { valueForMonth } from './valueForMonth';

const rent = (id: number, start: string, value: number): FeeEntry => ({ id, name: 'monthly_rent', value, start });
const commission = (id: number, start: string, value: number): FeeEntry => ({ id, name: 'commission', value, start });

describe('monthlyLists', () => {
  it.each([
    ['no entries', [], 2026, { commission: '', monthly_rent: '' }],
    [
      'one entry from 1970',
      [rent(1, '1970-01-01', 1_250_000), commission(2, '1970-01-01', 75_000)],
      2026,
      { commission: '7.5,7.5,7.5,7.5,7.5,7.5,7.5,7.5,7.5,7.5,7.5,7.5', monthly_rent: '125,125,125,125,125,125,125,125,125,125,125,125' },
    ],
    [
      'a change on the 1st of April',
      [rent(1, '1970-01-01', 1_000_000), rent(2, '2026-04-01', 1_500_000)],
      2026,
      { commission: '', monthly_rent: '100,100,100,150,150,150,150,150,150,150,150,150' },
    ],
    [
      'a mid-month change shows from the next month',
      [rent(1, '1970-01-01', 1_000_000), rent(2, '2026-04-15', 1_500_000)],
      2026,
      { commission: '', monthly_rent: '100,100,100,100,150,150,150,150,150,150,150,150' },
    ],
    [
      'entries only later in the year fall back to the first',
      [rent(2, '2026-06-01', 2_000_000), rent(3, '2026-09-01', 2_250_000)],
      2026,
      { commission: '', monthly_rent: '200,200,200,200,200,200,200,200,225,225,225,225' },
    ],
    [
      'a future year entry does not leak',
      [rent(1, '1970-01-01', 1_000_000), rent(2, '2027-01-01', 1_500_000)],
      2026,
      { commission: '', monthly_rent: '100,100,100,100,100,100,100,100,100,100,100,100' },
    ],
    [
      'the later id wins on the same start',
      [rent(1, '2026-01-01', 1_000_000), rent(5, '2026-01-01', 1_100_000)],
      2026,
      { commission: '', monthly_rent: '110,110,110,110,110,110,110,110,110,110,110,110' },
    ],
    [
      'decimals keep their digits',
      [commission(1, '1970-01-01', 12_345)],
      2026,
      { commission: '1.2345,1.2345,1.2345,1.2345,1.2345,1.2345,1.2345,1.2345,1.2345,1.2345,1.2345,1.2345', monthly_rent: '' },
    ],
  ] as const)('%s', (_name, entries, year, expected) => {
    expect(monthlyLists(entries as readonly FeeEntry[], year)).toEqual(expected);
  });

  it('agrees with valueForMonth for every month', () => {
    const entries = [rent(1, '1970-01-01', 1_000_000), rent(2, '2026-03-01', 1_200_000), rent(3, '2026-08-20', 900_000)];
    const { monthly_rent } = monthlyLists(entries, 2026);
    const expected = [100, 100, 120, 120, 120, 120, 120, 120, 90, 90, 90, 90];
    expected.forEach((value, index) => expect(valueForMonth(monthly_rent, index + 1)).toBe(value * 10_000));
  });
});

describe('valueForMonth', () => {
  it.each([
    ['5,6,7,8,9,10,11,12,13,14,15,16', 1, 50_000],
    ['5,6,7,8,9,10,11,12,13,14,15,16', 12, 160_000],
    ['7.5', 6, 75_000],
    ['7.5,8', 3, 75_000],
    ['7.5,,9', 2, 75_000],
    ['', 4, 0],
    ['abc,2', 2, 20_000],
    ['3,abc', 2, 30_000],
  ])('%j month %i → %i', (list, month, value) => {
    expect(valueForMonth(list, month)).toBe(value);
  });
});
