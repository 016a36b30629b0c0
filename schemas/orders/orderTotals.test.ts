import { describe, expect, it } from 'vitest';
import { fromDecimal, sum } from '../money';
import { lineTotals, type LineInput } from './lineTotals';
import { orderTotals, type OrderTotalsInput } from './orderTotals';
import { seededRandom } from './testRandom';

const d = fromDecimal;
const lines = [lineTotals({ unitPrice: d('10'), quantity: 2, taxType: 'inclusive' }), lineTotals({ unitPrice: d('5'), quantity: 1, taxType: 'exclusive' })];

describe('order totals (spec 03 §3, §9)', () => {
  it.each<[string, OrderTotalsInput, { discount: string; total: string }]>([
    ['no adjustments', {}, { discount: '0', total: '25' }],
    ['shipping added', { shipping: d('4.5') }, { discount: '0', total: '29.5' }],
    ['flat discount', { discount: { type: 'flat', amount: d('3') } }, { discount: '3', total: '22' }],
    ['percentage discount of the subtotal', { discount: { type: 'percentage', percent: 10 } }, { discount: '2.5', total: '22.5' }],
    ['coupons', { coupons: [d('1'), d('2')] }, { discount: '0', total: '22' }],
    ['everything', { shipping: d('5'), discount: { type: 'flat', amount: d('2') }, coupons: [d('3')] }, { discount: '2', total: '25' }],
    ['coupons above the total → 0', { coupons: [d('100')] }, { discount: '0', total: '0' }],
  ])('%s', (_name, input, expected) => {
    const totals = orderTotals(lines, input);
    expect(totals.subtotal).toBe(d('25'));
    expect(totals.total_tax_value).toBe(d('1.13'));
    expect(totals.exclusive_tax).toBe(0);
    expect(totals.discount).toBe(d(expected.discount));
    expect(totals.total).toBe(d(expected.total));
  });

  it('adds the exclusive tax of a replaced rule', () => {
    const rule = { name: 'ten', inclusiveTax: () => 0, exclusiveTax: (a: number) => a / 10 };
    const taxed = [lineTotals({ unitPrice: d('10'), quantity: 1, taxType: 'exclusive' }, rule)];
    expect(orderTotals(taxed).total).toBe(d('11'));
  });

  it('property: line totals add up to the subtotal and the total is never negative', () => {
    const random = seededRandom(11);
    for (let i = 0; i < 1000; i += 1) {
      const count = random.int(0, 6);
      const inputs: LineInput[] = [];
      for (let j = 0; j < count; j += 1) {
        inputs.push({
          unitPrice: random.int(0, 2_000_000),
          quantity: random.int(0, 12),
          taxType: random.pick(['inclusive', 'exclusive'] as const),
          discount: random.pick([
            undefined,
            { type: 'percentage' as const, percent: random.int(-20, 120) },
            { type: 'flat' as const, amount: random.int(-5000, 3_000_000) },
          ]),
        });
      }
      const computed = inputs.map((input) => lineTotals(input));
      const totals = orderTotals(computed, {
        shipping: random.int(0, 100_000),
        coupons: [random.int(0, 500_000), random.int(0, 500_000)],
        discount: random.pick([
          undefined,
          { type: 'percentage' as const, percent: random.int(-10, 150) },
          { type: 'flat' as const, amount: random.int(0, 10_000_000) },
        ]),
      });
      expect(totals.subtotal).toBe(sum(computed.map((line) => line.total_price)));
      expect(totals.total).toBeGreaterThanOrEqual(0);
      expect(totals.discount).toBeLessThanOrEqual(totals.subtotal);
      expect(totals.total).toBeLessThanOrEqual(totals.subtotal + totals.shipping + totals.exclusive_tax);
    }
  });
});
