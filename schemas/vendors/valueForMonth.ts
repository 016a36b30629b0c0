import { fromDecimal, type Money } from '../money';

/**
 * The value of a vendor's comma list ('7.5,7.5,…', one per month) for month 1–12, in ten-thousandths.
 * Spec 02 §9: indexed by the month, falling back to the first value; an empty list is 0.
 */
export function valueForMonth(list: string, month: number): Money {
  const values = list.split(',').map((value) => value.trim());
  const pick = values[month - 1] || values[0] || '0';
  try {
    return fromDecimal(pick);
  } catch {
    return fromDecimal(values[0] || '0');
  }
}
