/** Plain calendar dates 'YYYY-MM-DD', without time zones: fee terms and periods are whole days. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC keeps daylight saving out of it.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The parts of a 'YYYY-MM-DD' text that names a real day, else null. */
export function parseCalendarDate(text: string): CalendarDate | null {
  const match = DATE_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function formatCalendarDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today's UTC date as 'YYYY-MM-DD'. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
