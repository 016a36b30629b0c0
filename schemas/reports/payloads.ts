import { Type, type Static } from '@sinclair/typebox';
import { parseCalendarDate } from '../vendors/calendar';
import { PERIOD_MESSAGES, periodWithDefaults, type Period } from '../vendors/period';
import { REPORT_KINDS } from './kinds';

const CalendarDateSchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const ReportQuerySchema = Type.Object(
  { startDate: Type.Optional(CalendarDateSchema), endDate: Type.Optional(CalendarDateSchema) },
  { additionalProperties: false },
);
export type ReportQuery = Static<typeof ReportQuerySchema>;

export const ReportParamsSchema = Type.Object({ kind: Type.Union(REPORT_KINDS.map((kind) => Type.Literal(kind))) }, { additionalProperties: false });
export type ReportParams = Static<typeof ReportParamsSchema>;

/** A report reads at most this many days (a year, a leap year included). */
export const MAX_REPORT_DAYS = 366;
export const RANGE_TOO_LONG = `A report covers at most ${MAX_REPORT_DAYS} days.`;

const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** The number of days of a period, both ends included. */
export function daysIn(period: Period): number {
  return dayNumber(period.endDate) - dayNumber(period.startDate) + 1;
}

/** Why a report's range is refused, keyed by field, or null. No dates: the store's current month. */
export function reportPeriodErrors(query: ReportQuery, today: string): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  if (query.startDate !== undefined && !parseCalendarDate(query.startDate)) errors.startDate = [PERIOD_MESSAGES.badDate];
  if (query.endDate !== undefined && !parseCalendarDate(query.endDate)) errors.endDate = [PERIOD_MESSAGES.badDate];
  if (Object.keys(errors).length > 0) return errors;
  const period = periodWithDefaults(query.startDate, query.endDate, today);
  if (period.endDate < period.startDate) return { endDate: [PERIOD_MESSAGES.endBeforeStart] };
  if (daysIn(period) > MAX_REPORT_DAYS) return { endDate: [RANGE_TOO_LONG] };
  return null;
}
