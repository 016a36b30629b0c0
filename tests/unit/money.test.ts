import { describe, expect, it } from 'vitest';
import { ceilTo, fromDecimal, multiply, percentOf, roundTo, sum, toDecimal, truncateTo } from '../../schemas/money';

describe('money', () => {
  it.each([
    ['12.5', 125_000],
    [12.5, 125_000],
    ['0.0001', 1],
    ['-3.25', -32_500],
    [0.1 + 0.2, 3_000],
    ['19.99999', 199_999],
    ['7', 70_000],
  ])('parses %j exactly', (input, expected) => {
    expect(fromDecimal(input)).toBe(expected);
  });

  it.each(['', 'abc', '1e5', '1.2.3', Number.NaN, Number.POSITIVE_INFINITY])('refuses %j', (input) => {
    expect(() => fromDecimal(input as string)).toThrow(RangeError);
  });

  it('sums exactly where floats drift', () => {
    const amounts = Array.from({ length: 10 }, () => fromDecimal('0.1'));
    expect(toDecimal(sum(amounts))).toBe(1);
  });

  it('truncates toward zero to the precision', () => {
    expect(truncateTo(fromDecimal('12.3499'), 2)).toBe(fromDecimal('12.34'));
    expect(truncateTo(fromDecimal('-12.3499'), 2)).toBe(fromDecimal('-12.34'));
    expect(truncateTo(fromDecimal('5.9999'), 0)).toBe(fromDecimal('5'));
    expect(() => truncateTo(1, 5)).toThrow(RangeError);
  });

  it('rounds half away from zero and rounds up', () => {
    expect(roundTo(fromDecimal('2.345'), 2)).toBe(fromDecimal('2.35'));
    expect(roundTo(fromDecimal('-2.345'), 2)).toBe(fromDecimal('-2.35'));
    expect(ceilTo(fromDecimal('2.341'), 2)).toBe(fromDecimal('2.35'));
    expect(ceilTo(fromDecimal('-2.349'), 2)).toBe(fromDecimal('-2.34'));
  });

  it('takes percentages and multiplies by quantities exactly', () => {
    expect(percentOf(fromDecimal('100'), 7.5)).toBe(fromDecimal('7.5'));
    expect(percentOf(fromDecimal('33.33'), 3)).toBe(fromDecimal('0.9999'));
    expect(multiply(fromDecimal('19.99'), 3)).toBe(fromDecimal('59.97'));
    expect(multiply(fromDecimal('10'), 0.5)).toBe(fromDecimal('5'));
  });
});
