import { instantOfWallClock } from '../../schemas/format/businessTime';
import { nowUtc, storedBoundsOf } from '../db/time';

/**
 * Date-range filter bounds as stored timestamps ('YYYY-MM-DD HH:mm:ss', UTC), read on the store's calendar.
 * Accepted inputs: 'YYYY-MM-DD[ HH:mm[:ss]]', ISO with T and an optional zone, 'MM-DD-YYYY[ HH:mm]' (the
 * range picker) and 'MM/DD/YYYY[ HH:mm]' (the date-time picker). A day is a business day in the store's
 * zone and a time without a zone is the store's wall clock, as the screen shows them; a time with a zone
 * is that instant.
 */
const YEAR_FIRST = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;
const MONTH_FIRST = /^(\d{2})[-/](\d{2})[-/](\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

interface Parts {
  date: string;
  time: string | null;
  /** The time was given with its zone (and is already UTC). */
  zoned: boolean;
}

function validDate(year: string, month: string, day: string): string | null {
  const date = `${year}-${month}-${day}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? date : null;
}

function validTime(hours?: string, minutes?: string, seconds?: string): string | null {
  if (hours === undefined || minutes === undefined) return null;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds ?? 0) > 59) return null;
  return `${hours}:${minutes}:${seconds ?? '00'}`;
}

function partsOf(text: string): Parts | null | undefined {
  if (ZONED.test(text)) {
    const parsed = new Date(text);
    if (Number.isNaN(parsed.getTime())) return undefined;
    const iso = parsed.toISOString();
    return { date: iso.slice(0, 10), time: iso.slice(11, 19), zoned: true };
  }
  const yearFirst = YEAR_FIRST.exec(text);
  const monthFirst = yearFirst ? null : MONTH_FIRST.exec(text);
  if (!yearFirst && !monthFirst) return undefined;
  const [year, month, day, hours, minutes, seconds] = yearFirst
    ? yearFirst.slice(1)
    : [monthFirst![3]!, monthFirst![1]!, monthFirst![2]!, monthFirst![4], monthFirst![5], monthFirst![6]];
  const date = validDate(year!, month!, day!);
  if (!date) return undefined;
  if (hours === undefined) return { date, time: null, zoned: false };
  const time = validTime(hours, minutes, seconds);
  return time ? { date, time, zoned: false } : undefined;
}

/** One end of a range as the query compares it: rows `>=` a start, `<=` a timed end, `<` the day after a date-only end. */
export interface RangeBound {
  operator: '>=' | '<=' | '<';
  value: string;
}

/**
 * The stored-form bound of one end of a range in the store's zone. A date-only start is the first instant
 * of that business day; a date-only end covers the whole business day (strictly before the next one).
 * Answers null for an empty bound and undefined for text that is not a date.
 */
export function rangeBound(value: unknown, end: 'start' | 'end', zone: string): RangeBound | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') return undefined;
  const parts = partsOf(value.trim());
  if (!parts) return undefined;
  const operator = end === 'start' ? '>=' : '<=';
  if (parts.zoned) return { operator, value: `${parts.date} ${parts.time}` };
  if (parts.time) return { operator, value: nowUtc(instantOfWallClock(parts.date, parts.time, zone)) };
  const { from, until } = storedBoundsOf({ startDate: parts.date, endDate: parts.date }, zone);
  return end === 'start' ? { operator: '>=', value: from } : { operator: '<', value: until };
}
