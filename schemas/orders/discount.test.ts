import { describe, expect, it } from 'vitest';
import { fromDecimal } from '../money';
import { clampPercent, discountOn, type Discount } from './discount';
import { seededRandom } from './testRandom';

const d = fromDecimal;

describe('line and cart discount (spec 03 §5)', () => {
  it.each<[string, string, Discount | undefined, { type: 'percentage' | 'flat' | null; percentage: number; amount: string }]>([
    ['none', '20', undefined, { type: null, percentage: 0, amount: '0' }],
    ['percentage', '20', { type: 'percentage', percent: 7.5 }, { type: 'percentage', percentage: d('7.5'), amount: '1.5' }],
    ['percentage rounded to cents', '9.99', { type: 'percentage', percent: 10 }, { type: 'percentage', percentage: d('10'), amount: '1' }],
    ['percentage above 100', '20', { type: 'percentage', percent: 250 }, { type: 'percentage', percentage: d('100'), amount: '20' }],
    ['negative percentage', '20', { type: 'percentage', percent: -1 }, { type: 'percentage', percentage: 0, amount: '0' }],
    ['flat', '20', { type: 'flat', amount: d('0.01') }, { type: 'flat', percentage: 0, amount: '0.01' }],
    ['flat above the base is capped', '20', { type: 'flat', amount: d('21') }, { type: 'flat', percentage: 0, amount: '20' }],
    ['negative flat', '20', { type: 'flat', amount: d('-3') }, { type: 'flat', percentage: 0, amount: '0' }],
  ])('%s', (_name, base, discount, expected) => {
    expect(discountOn(d(base), discount)).toEqual({ discount_type: expected.type, discount_percentage: expected.percentage, discount: d(expected.amount) });
  });

  it('clampPercent treats non-numbers as 0', () => {
    expect(clampPercent(Number.NaN)).toBe(0);
    expect(clampPercent(99)).toBe(99);
  });

  it('property: the discount stays between 0 and the base', () => {
    const random = seededRandom(21);
    for (let i = 0; i < 2000; i += 1) {
      const base = random.int(-1000, 50_000_000);
      const discount: Discount = random.pick([
        { type: 'percentage', percent: random.int(-50, 200) },
        { type: 'flat', amount: random.int(-100_000, 60_000_000) },
      ] as const);
      const amount = discountOn(base, discount).discount;
      expect(amount).toBeGreaterThanOrEqual(0);
      expect(amount).toBeLessThanOrEqual(Math.max(0, base));
    }
  });
});
