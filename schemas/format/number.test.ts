import { describe, expect, it } from 'vitest';
import { abbreviate, formatNumber } from './number';

describe('formatNumber', () => {
  it.each<[number, Parameters<typeof formatNumber>[1], string]>([
    [1234.5, {}, '1,234.5'],
    [1234, {}, '1,234'],
    [0, {}, '0'],
    [-1234567.25, {}, '-1,234,567.25'],
    [0.1 + 0.2, {}, '0.3'],
    [2.5, { precision: 2 }, '2.50'],
    [2.345, { precision: 2 }, '2.35'],
    [-2.345, { precision: 2 }, '-2.35'],
    [1234.5, { precision: 0 }, '1,235'],
    [1234.5, { decimalSeparator: ',', thousandSeparator: '.' }, '1.234,5'],
    [1234.5, { thousandSeparator: '' }, '1234.5'],
    [-0.00001, {}, '0'],
    [Number.NaN, {}, '0'],
  ])('%s with %j → %s', (value, format, expected) => {
    expect(formatNumber(value, format)).toBe(expected);
  });
});

describe('abbreviate (0.0a)', () => {
  it.each<[number, string]>([
    [0, '0.0'],
    [12, '12.0'],
    [999, '999.0'],
    [1000, '1.0k'],
    [1234, '1.2k'],
    [1250, '1.3k'],
    [-1234, '-1.2k'],
    [999_999, '1.0m'],
    [1_500_000, '1.5m'],
    [2_340_000_000, '2.3b'],
    [7_100_000_000_000, '7.1t'],
    [Number.POSITIVE_INFINITY, '0.0'],
  ])('%s → %s', (value, expected) => {
    expect(abbreviate(value)).toBe(expected);
  });
});
