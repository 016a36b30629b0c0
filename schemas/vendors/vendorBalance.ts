import { sum, type Money } from '../money';

/** The amounts a vendor's balance is made of, for one period (spec 02 §9, spec 03 §9). All money. */
export interface BalanceTerms {
  salesWithoutTax: Money;
  commission: Money;
  purchasesWithoutTax: Money;
  monthlyRent: Money;
  previousMonthNet: Money;
  fees: Money;
  balancePayments: Money;
  credits: Money;
}

export type BalanceTerm = keyof BalanceTerms;

/** Statement order, sign and label of each term: the formula, written once as data. */
export const BALANCE_LINES = [
  { term: 'salesWithoutTax', sign: 1, label: 'Sales (without tax)' },
  { term: 'commission', sign: -1, label: 'Commission' },
  { term: 'purchasesWithoutTax', sign: -1, label: 'Purchases (excluding tax)' },
  { term: 'monthlyRent', sign: -1, label: 'Monthly Rent' },
  { term: 'previousMonthNet', sign: -1, label: 'Previous Month Net' },
  { term: 'fees', sign: -1, label: 'Fees' },
  { term: 'balancePayments', sign: 1, label: 'Balance Payments' },
  { term: 'credits', sign: 1, label: 'Credits' },
] as const satisfies ReadonlyArray<{ term: BalanceTerm; sign: 1 | -1; label: string }>;

export interface BalanceLine {
  term: BalanceTerm;
  label: string;
  sign: 1 | -1;
  /** The term as given (positive for a charge). */
  amount: Money;
  /** What the line adds to the balance: amount × sign. */
  effect: Money;
}

export interface VendorBalance {
  lines: BalanceLine[];
  balance: Money;
}

/**
 * Vendor balance = sales without tax − commission − purchases excluding tax − monthly rent
 * − previous month net − fees + balance payments + credits; every line is answered so a statement
 * shows why the balance is what it is.
 */
export function vendorBalance(terms: BalanceTerms): VendorBalance {
  const lines = BALANCE_LINES.map(({ term, sign, label }): BalanceLine => ({
    term,
    label,
    sign,
    amount: terms[term],
    effect: sign * terms[term] || 0,
  }));
  return { lines, balance: sum(lines.map((line) => line.effect)) };
}
