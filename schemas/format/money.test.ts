import { describe, expect, it } from 'vitest';
import { fromDecimal } from '../money';
import { DEFAULT_OPTIONS } from '../options';
import { currencySettingsFrom, type CurrencySettings } from './currency';
import { formatMoney } from './money';

const US: CurrencySettings = currencySettingsFrom(DEFAULT_OPTIONS);
const EU: CurrencySettings = { precision: 2, decimalSeparator: ',', thousandSeparator: '.', preferred: 'symbol', iso: 'EUR', symbol: '€', position: 'after' };

describe('formatMoney', () => {
  it('reads the currency settings from the system options', () => {
    expect(US).toEqual({ precision: 2, decimalSeparator: '.', thousandSeparator: ',', preferred: 'symbol', iso: 'USD', symbol: '$', position: 'before' });
  });

  it.each<[string, string, Partial<CurrencySettings>, string]>([
    ['default dollars', '1234.5', {}, '$1,234.50'],
    ['zero', '0', {}, '$0.00'],
    ['millions', '1234567.89', {}, '$1,234,567.89'],
    ['below a thousand', '999.99', {}, '$999.99'],
    ['negative', '-1234.5', {}, '-$1,234.50'],
    ['truncates, never rounds up', '19.9999', {}, '$19.99'],
    ['negative truncates toward zero', '-19.9999', {}, '-$19.99'],
    ['a negative that truncates to zero has no sign', '-0.0099', {}, '$0.00'],
    ['precision 0', '1234.99', { precision: 0 }, '$1,234'],
    ['precision 0, negative', '-0.5', { precision: 0 }, '$0'],
    ['precision 4', '1234.5678', { precision: 4 }, '$1,234.5678'],
    ['precision 4, smallest unit', '0.0001', { precision: 4 }, '$0.0001'],
    ['precision 3', '2.3456', { precision: 3 }, '$2.345'],
    ['iso before', '1234.5', { preferred: 'iso' }, 'USD 1,234.50'],
    ['iso before, negative', '-5', { preferred: 'iso' }, '-USD 5.00'],
    ['symbol after', '12', { position: 'after' }, '12.00$'],
    ['iso after', '12', { preferred: 'iso', position: 'after' }, '12.00 USD'],
    ['no thousand separator', '1234567.5', { thousandSeparator: '' }, '$1234567.50'],
    ['space thousand separator', '1234567.5', { thousandSeparator: ' ' }, '$1 234 567.50'],
  ])('%s: %s → %s', (_label, amount, overrides, expected) => {
    expect(formatMoney(fromDecimal(amount), { ...US, ...overrides })).toBe(expected);
  });

  it.each<[string, string]>([
    ['1234567.891', '1.234.567,89€'],
    ['-0.5', '-0,50€'],
    ['0.07', '0,07€'],
  ])('European separators: %s → %s', (amount, expected) => {
    expect(formatMoney(fromDecimal(amount), EU)).toBe(expected);
  });

  it('European ISO after', () => {
    expect(formatMoney(fromDecimal('-1000'), { ...EU, preferred: 'iso' })).toBe('-1.000,00 EUR');
  });

  it('is exact on large amounts where floats drift', () => {
    expect(formatMoney(fromDecimal('90071992547.4099'), { ...US, precision: 4 })).toBe('$90,071,992,547.4099');
    expect(formatMoney(fromDecimal('0.1') + fromDecimal('0.2'), US)).toBe('$0.30');
  });
});
