import { describe, expect, it } from 'vitest';
import { fromDecimal } from '../money';
import { containedTax, DEFAULT_TAX_RULE, taxFor, type TaxRule } from './tax';
import { seededRandom } from './testRandom';

describe('tax rule (spec 03 §9)', () => {
  it.each([
    ['106.00', 'inclusive', '6.00'],
    ['20.00', 'inclusive', '1.13'],
    ['18.00', 'inclusive', '1.02'],
    ['0.00', 'inclusive', '0.00'],
    ['106.00', 'exclusive', '0.00'],
    ['19.99', 'exclusive', '0.00'],
  ] as const)('%s %s → tax %s', (amount, type, tax) => {
    expect(taxFor(fromDecimal(amount), type)).toBe(fromDecimal(tax));
  });

  it('is a replaceable rule object', () => {
    const tenPercentOnTop: TaxRule = { name: 'ten-on-top', inclusiveTax: (a) => containedTax(a, 10), exclusiveTax: (a) => a / 10 };
    expect(taxFor(fromDecimal('110.00'), 'inclusive', tenPercentOnTop)).toBe(fromDecimal('10.00'));
    expect(taxFor(fromDecimal('50.00'), 'exclusive', tenPercentOnTop)).toBe(fromDecimal('5.00'));
    expect(DEFAULT_TAX_RULE.name).toBe('fixed-6-inclusive');
  });

  it('property: inclusive tax is whole cents, never negative, never above the amount', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 2000; i += 1) {
      const amount = random.int(0, 100_000_000);
      const tax = taxFor(amount, 'inclusive');
      expect(tax % 100).toBe(0);
      expect(tax).toBeGreaterThanOrEqual(0);
      expect(tax).toBeLessThanOrEqual(amount);
    }
  });
});
