import { daysInMonth } from './calendar';

/** Spec 02 §5 'New fee' messages, shown as written. */
export const FEE_START_MESSAGES = {
  month: 'Please Input A Valid Month (1 ~ 12)',
  day: 'Please Input A Valid Day',
  year: 'Please Input A Valid Year',
} as const;

const START_PATTERN = /^(\d{1,5})-(\d{1,2})-(\d{1,2})$/;

/**
 * Why a new fee entry's start date is refused, or null when it is a real day of 1970–9999.
 * Checked month, then day, then year, as the popup asks for them; a day past the month's end is a bad day.
 */
export function feeStartError(start: string): string | null {
  const match = START_PATTERN.exec(start.trim());
  if (!match) return FEE_START_MESSAGES.month;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return FEE_START_MESSAGES.month;
  if (day < 1 || day > 31) return FEE_START_MESSAGES.day;
  if (year < 1970 || year > 9999) return FEE_START_MESSAGES.year;
  if (day > daysInMonth(year, month)) return FEE_START_MESSAGES.day;
  return null;
}

/** The start as stored: zero-padded 'YYYY-MM-DD' (call after feeStartError answered null). */
export function normaliseFeeStart(start: string): string {
  const [year = '', month = '', day = ''] = start.trim().split('-');
  return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}
