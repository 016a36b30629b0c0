import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_TEXT_PATTERN, MAX_AMOUNT_MINOR, MAX_QUANTITY, fromDecimal, hasAtMostDecimals, multiply, withinAmountBounds } from '../../schemas/money';

describe('money bounds', () => {
  it('keeps 900 maximal amounts and a maximal quantity × a maximal-per-unit price exact', () => {
    expect(MAX_AMOUNT_MINOR).toBe(10_000_000_000_000);
    expect(Number.isSafeInteger(900 * MAX_AMOUNT_MINOR)).toBe(true);
    // The largest price whose line at the largest quantity stays within one amount: 1000.0000 × 1,000,000.
    expect(multiply(fromDecimal('1000'), MAX_QUANTITY)).toBe(10_000_000_000_000);
    expect(withinAmountBounds(10_000_000_000_000)).toBe(true);
    expect(withinAmountBounds(10_000_000_000_001)).toBe(false);
    expect(withinAmountBounds(-10_000_000_000_001)).toBe(false);
    expect(withinAmountBounds(Number.NaN)).toBe(false);
  });

  it('counts decimals as written, not as floating point stores them', () => {
    for (const ok of [0, 0.3, 12.5, 0.0001, 1234.5678, 999_999_999.9999, 1_000_000_000, -0.0001, 9_007_199_254_740_993])
      expect([ok, hasAtMostDecimals(ok)]).toEqual([ok, true]);
    for (const bad of [1e-7, 0.00001, 12.34567, 1e-300, Number.NaN, Number.POSITIVE_INFINITY]) expect([bad, hasAtMostDecimals(bad)]).toEqual([bad, false]);
  });

  it('reads a JSON number as the decimal sent, not its binary approximation', () => {
    // 111624139.5621 is stored as 111624139.56209999…; truncating that lost a ten-thousandth.
    expect(fromDecimal(111_624_139.5621)).toBe(1_116_241_395_621);
    expect(fromDecimal(0.3)).toBe(3_000);
    expect(fromDecimal(12.345678)).toBe(123_456);
    expect(fromDecimal(1e-7)).toBe(0);
  });

  it('accepts every four-decimal amount within the bound (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_AMOUNT_MINOR, max: MAX_AMOUNT_MINOR }), (minor) => {
        const decimal = minor / 10_000;
        expect(hasAtMostDecimals(decimal)).toBe(true);
        expect(fromDecimal(decimal)).toBe(minor);
      }),
      { seed: 4242, numRuns: 2000 },
    );
  });

  it('reads the same bound in decimal texts', () => {
    const pattern = new RegExp(AMOUNT_TEXT_PATTERN);
    for (const ok of ['0', '12.50', '-999999999.9999', '1000000000', '1000000000.0000']) expect([ok, pattern.test(ok)]).toEqual([ok, true]);
    for (const bad of ['1000000000.0001', '1000000001', '9007199254740993', '99999999999', '0.00001', '1e308', '1e-7', 'NaN', ''])
      expect([bad, pattern.test(bad)]).toEqual([bad, false]);
  });
});
