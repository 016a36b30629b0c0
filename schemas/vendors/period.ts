import { daysInMonth, parseCalendarDate, todayUtc } from './calendar';

export interface Period {
  /** 'YYYY-MM-DD', inclusive. */
  startDate: string;
  /** 'YYYY-MM-DD', inclusive. */
  endDate: string;
}

/** First and last day of the month holding `date` ('YYYY-MM-DD'). */
export function monthOf(date: string): Period {
  const parsed = parseCalendarDate(date);
  if (!parsed) throw new RangeError(`Not a calendar date: ${JSON.stringify(date)}`);
  const prefix = date.slice(0, 8);
  return { startDate: `${prefix}01`, endDate: `${prefix}${String(daysInMonth(parsed.year, parsed.month)).padStart(2, '0')}` };
}

/** The month before the one holding `date`. */
export function previousMonthOf(date: string): Period {
  const parsed = parseCalendarDate(date);
  if (!parsed) throw new RangeError(`Not a calendar date: ${JSON.stringify(date)}`);
  const year = parsed.month === 1 ? parsed.year - 1 : parsed.year;
  const month = parsed.month === 1 ? 12 : parsed.month - 1;
  return monthOf(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`);
}

/**
 * Spec 03 §9: report dates default to the current month's start and end. A lone start ends with its
 * month; a lone end starts on its month's first day.
 */
export function periodWithDefaults(startDate?: string, endDate?: string, today: string = todayUtc()): Period {
  const month = monthOf(startDate ?? endDate ?? today);
  return { startDate: startDate ?? month.startDate, endDate: endDate ?? month.endDate };
}

/** The first day of every month the period touches, in order ('YYYY-MM-01'). */
export function monthStartsIn({ startDate, endDate }: Period): string[] {
  const starts: string[] = [];
  let cursor = monthOf(startDate).startDate;
  while (cursor <= endDate) {
    starts.push(cursor);
    const next = monthOf(cursor).endDate;
    const parsed = parseCalendarDate(next)!;
    cursor = parsed.month === 12 ? `${String(parsed.year + 1).padStart(4, '0')}-01-01` : `${next.slice(0, 5)}${String(parsed.month + 1).padStart(2, '0')}-01`;
  }
  return starts;
}

export const PERIOD_MESSAGES = {
  badDate: 'This field must be a real date (YYYY-MM-DD).',
  endBeforeStart: 'The end date must not be before the start date.',
} as const;

/** Why a requested period is refused, keyed by field, or null: impossible days, or an end before the start. */
export function periodErrors(startDate?: string, endDate?: string): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  if (startDate !== undefined && !parseCalendarDate(startDate)) errors.startDate = [PERIOD_MESSAGES.badDate];
  if (endDate !== undefined && !parseCalendarDate(endDate)) errors.endDate = [PERIOD_MESSAGES.badDate];
  if (Object.keys(errors).length > 0) return errors;
  const period = periodWithDefaults(startDate, endDate);
  return period.endDate < period.startDate ? { endDate: [PERIOD_MESSAGES.endBeforeStart] } : null;
}
