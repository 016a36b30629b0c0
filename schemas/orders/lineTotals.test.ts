import { describe, expect, it } from 'vitest';
import { fromDecimal } from '../money';
import { lineTotals, type LineInput } from './lineTotals';
import { seededRandom } from './testRandom';

const d = fromDecimal;

describe('order product totals (spec 03 §3, §9)', () => {
  it.each<[string, LineInput, { total: string; tax: string; without: string; withTax: string; discount: string }]>([
    [
      'inclusive, no discount',
      { unitPrice: d('10'), quantity: 2, taxType: 'inclusive' },
      { total: '20', tax: '1.13', without: '18.87', withTax: '20', discount: '0' },
    ],
    [
      '10 % discount',
      { unitPrice: d('10'), quantity: 2, taxType: 'inclusive', discount: { type: 'percentage', percent: 10 } },
      { total: '18', tax: '1.02', without: '16.98', withTax: '18', discount: '2' },
    ],
    [
      'flat discount',
      { unitPrice: d('10'), quantity: 2, taxType: 'inclusive', discount: { type: 'flat', amount: d('5') } },
      { total: '15', tax: '0.85', without: '14.15', withTax: '15', discount: '5' },
    ],
    [
      'flat capped at the line total',
      { unitPrice: d('10'), quantity: 2, taxType: 'inclusive', discount: { type: 'flat', amount: d('25') } },
      { total: '0', tax: '0', without: '0', withTax: '0', discount: '20' },
    ],
    [
      'percentage above 100 → 100',
      { unitPrice: d('10'), quantity: 2, taxType: 'inclusive', discount: { type: 'percentage', percent: 150 } },
      { total: '0', tax: '0', without: '0', withTax: '0', discount: '20' },
    ],
    [
      'percentage below 0 → 0',
      { unitPrice: d('10'), quantity: 2, taxType: 'inclusive', discount: { type: 'percentage', percent: -5 } },
      { total: '20', tax: '1.13', without: '18.87', withTax: '20', discount: '0' },
    ],
    ['exclusive: no tax', { unitPrice: d('10'), quantity: 3, taxType: 'exclusive' }, { total: '30', tax: '0', without: '30', withTax: '30', discount: '0' }],
    [
      'decimal quantity rounds to cents',
      { unitPrice: d('3.333'), quantity: 1.5, taxType: 'exclusive' },
      { total: '5', tax: '0', without: '5', withTax: '5', discount: '0' },
    ],
  ])('%s', (_name, input, expected) => {
    const line = lineTotals(input);
    expect(line.total_price).toBe(d(expected.total));
    expect(line.tax_value).toBe(d(expected.tax));
    expect(line.total_price_without_tax).toBe(d(expected.without));
    expect(line.total_price_with_tax).toBe(d(expected.withTax));
    expect(line.discount).toBe(d(expected.discount));
  });

  it('exclusive tax of another rule is added on top', () => {
    const rule = { name: 'ten', inclusiveTax: () => 0, exclusiveTax: (a: number) => a / 10 };
    const line = lineTotals({ unitPrice: d('10'), quantity: 1, taxType: 'exclusive' }, rule);
    expect([line.total_price, line.tax_value, line.total_price_with_tax, line.total_price_without_tax]).toEqual([d('10'), d('1'), d('11'), d('10')]);
  });

  it('property: never negative, parts add up, and the demo seed stored the same figures', () => {
    const random = seededRandom(42);
    for (let i = 0; i < 2000; i += 1) {
      const discount = random.pick([undefined, { type: 'percentage' as const, percent: random.int(0, 100) }]);
      const input = {
        unitPrice: random.int(0, 5_000_000),
        quantity: random.int(0, 40),
        taxType: random.pick(['inclusive', 'exclusive'] as const),
        discount,
      };
      const line = lineTotals(input);
      expect(line.total_price).toBeGreaterThanOrEqual(0);
      expect(line.total_price_without_tax).toBeGreaterThanOrEqual(0);
      expect(line.total_price_without_tax + line.tax_value).toBe(line.total_price_with_tax);
    }
  });

  it('property: a flat discount of any size leaves a total between 0 and the gross', () => {
    const random = seededRandom(3);
    for (let i = 0; i < 1000; i += 1) {
      const unitPrice = random.int(0, 1_000_000) * 100;
      const quantity = random.int(1, 10);
      const line = lineTotals({ unitPrice, quantity, taxType: 'inclusive', discount: { type: 'flat', amount: random.int(-1_000_000, 20_000_000) } });
      expect(line.total_price).toBeGreaterThanOrEqual(0);
      expect(line.total_price).toBeLessThanOrEqual(unitPrice * quantity);
    }
  });
});
