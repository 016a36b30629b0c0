import { describe, expect, it } from 'vitest';
import { fromDecimal } from '../money';
import { vendorBalance, type BalanceTerm, type BalanceTerms } from './vendorBalance';

const zero: BalanceTerms = {
  salesWithoutTax: 0,
  commission: 0,
  purchasesWithoutTax: 0,
  monthlyRent: 0,
  previousMonthNet: 0,
  fees: 0,
  balancePayments: 0,
  credits: 0,
};

describe('vendorBalance, line by line', () => {
  // Each term alone: its sign in the formula of spec 02 §9.
  it.each([
    ['salesWithoutTax', 1],
    ['commission', -1],
    ['purchasesWithoutTax', -1],
    ['monthlyRent', -1],
    ['previousMonthNet', -1],
    ['fees', -1],
    ['balancePayments', 1],
    ['credits', 1],
  ] as const)('%s counts with sign %i', (term: BalanceTerm, sign) => {
    const amount = fromDecimal('12.34');
    const result = vendorBalance({ ...zero, [term]: amount });
    expect(result.balance).toBe(sign * amount);
    const line = result.lines.find((entry) => entry.term === term)!;
    expect(line).toMatchObject({ amount, sign, effect: sign * amount });
    expect(result.lines.filter((entry) => entry.term !== term).every((entry) => entry.effect === 0)).toBe(true);
  });

  it('adds every term of a month, in statement order', () => {
    const terms: BalanceTerms = {
      salesWithoutTax: fromDecimal('1000'),
      commission: fromDecimal('75'),
      purchasesWithoutTax: fromDecimal('40.5'),
      monthlyRent: fromDecimal('125'),
      previousMonthNet: fromDecimal('10'),
      fees: fromDecimal('48.39'),
      balancePayments: fromDecimal('20'),
      credits: fromDecimal('5.01'),
    };
    const result = vendorBalance(terms);
    expect(result.lines.map((line) => line.term)).toEqual(Object.keys(zero));
    expect(result.balance).toBe(fromDecimal('726.12'));
  });

  it('goes negative when charges exceed sales', () => {
    expect(vendorBalance({ ...zero, monthlyRent: fromDecimal('125') }).balance).toBe(fromDecimal('-125'));
  });
});
