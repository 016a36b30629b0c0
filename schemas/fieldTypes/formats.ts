/**
 * The text formats of the date, time, colour and phone field types (spec 01 §5), parsed without a date
 * library so the server and the browser read them alike. Each parser answers null for text that is not
 * exactly its format or names a day the calendar does not have.
 */

/** Spec 01 §5: the phone input's mask; '#' stands for one digit. */
export const PHONE_MASK = '+1 (###) ###-####';

const PHONE = /^\+1 \(\d{3}\) \d{3}-\d{4}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;
/** The date-time picker's stored form, MM/DD/YYYY HH:mm. */
const DATE_TIME = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/;
/** One end of a range: MM-DD-YYYY, with HH:mm unless the field is date-only. */
const RANGE_END = /^(\d{2})-(\d{2})-(\d{4})(?: (\d{2}):(\d{2}))?$/;

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Spec 01 §5: the years the date-time picker accepts. */
export const MIN_YEAR = 1;
export const MAX_YEAR = 9998;

/** Milliseconds of the day's start (UTC calendar), or null when there is no such day in years 1–9998. */
export function calendarDay(year: number, month: number, day: number): number | null {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return null;
  const moment = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999.
  moment.setUTCFullYear(year, month - 1, day);
  return moment.getUTCDate() === day && moment.getUTCMonth() === month - 1 ? moment.getTime() : null;
}

/** Hours 0–23 and minutes 0–59 as milliseconds into the day, or null. */
function timeOfDay(hours: number, minutes: number): number | null {
  return hours <= 23 && minutes <= 59 ? (hours * 60 + minutes) * MINUTE : null;
}

export const isPhone = (text: string): boolean => PHONE.test(text);
export const isColor = (text: string): boolean => COLOR.test(text);
export const isTime = (text: string): boolean => TIME.test(text);

export function isDate(text: string): boolean {
  const match = DATE.exec(text);
  return match !== null && calendarDay(Number(match[1]), Number(match[2]), Number(match[3])) !== null;
}

/** 'MM/DD/YYYY HH:mm' as milliseconds (UTC calendar), or null. */
export function parseDateTime(text: string): number | null {
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  const day = calendarDay(Number(match[3]), Number(match[1]), Number(match[2]));
  const time = timeOfDay(Number(match[4]), Number(match[5]));
  return day === null || time === null ? null : day + time;
}

/** A closed range in milliseconds. */
export interface MillisecondRange {
  start: number;
  end: number;
}

/**
 * One end of a range, 'MM-DD-YYYY HH:mm' or 'MM-DD-YYYY' (either is read, as the picker opens both);
 * a date-only end covers its whole day. `dateOnly` demands the date-only form when set.
 */
export function parseRangeEnd(text: unknown, side: 'start' | 'end', dateOnly?: boolean): number | null {
  if (typeof text !== 'string') return null;
  const match = RANGE_END.exec(text);
  if (!match) return null;
  const timed = match[4] !== undefined;
  if (dateOnly === true && timed) return null;
  if (dateOnly === false && !timed) return null;
  const day = calendarDay(Number(match[3]), Number(match[1]), Number(match[2]));
  if (day === null) return null;
  if (!timed) return side === 'start' ? day : day + DAY - 1;
  const time = timeOfDay(Number(match[4]), Number(match[5]));
  return time === null ? null : day + time;
}

/** A { startDate, endDate } value as a range, or null unless both ends read and the start is not after the end. */
export function parseRange(value: unknown, dateOnly?: boolean): MillisecondRange | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { startDate, endDate } = value as Record<string, unknown>;
  const start = parseRangeEnd(startDate, 'start', dateOnly);
  const end = parseRangeEnd(endDate, 'end', dateOnly);
  return start !== null && end !== null && start <= end ? { start, end } : null;
}

/** Whether two closed ranges share at least one moment. */
export function rangesOverlap(a: MillisecondRange, b: MillisecondRange): boolean {
  return a.start <= b.end && b.start <= a.end;
}
