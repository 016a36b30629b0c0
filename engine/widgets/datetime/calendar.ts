import type { Dayjs } from 'dayjs';

/** The views of the date-time picker (spec 01 §4). */
export const CALENDAR_VIEWS = ['days', 'months', 'years'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** 0 Sunday … 6 Saturday; the range picker's weeks start on Monday (spec 01 §9). */
export type WeekStart = 0 | 1;
export const MONDAY: WeekStart = 1;

export const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DAY_NAMES = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;

export interface CalendarDay {
  date: Dayjs;
  /** False for the days of the previous or next month that fill the first and last week. */
  inMonth: boolean;
}

/** Short weekday names in the order the grid shows them. */
export function weekdayNames(weekStart: WeekStart = MONDAY): string[] {
  return [...DAY_NAMES.slice(weekStart), ...DAY_NAMES.slice(0, weekStart)];
}

/** The weeks (rows of 7 days) covering the month of `month`, starting on `weekStart`. */
export function monthGrid(month: Dayjs, weekStart: WeekStart = MONDAY): CalendarDay[][] {
  const first = month.startOf('month');
  const lead = (first.day() - weekStart + 7) % 7;
  const start = first.subtract(lead, 'day');
  const daysShown = Math.ceil((lead + first.daysInMonth()) / 7) * 7;
  const weeks: CalendarDay[][] = [];
  for (let index = 0; index < daysShown; index += 1) {
    const date = start.add(index, 'day');
    if (index % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]!.push({ date, inMonth: date.month() === first.month() });
  }
  return weeks;
}

/** The 12 years of the years view around `year` (a page starts at a multiple of 12, minimum 1). */
export function yearsPage(year: number): number[] {
  const first = Math.max(1, Math.floor(year / 12) * 12);
  return Array.from({ length: 12 }, (_, index) => first + index);
}
