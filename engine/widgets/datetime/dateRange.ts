import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** Spec 01 §5: the range picker's formats, with and without the time. */
export const RANGE_FORMAT = 'MM-DD-YYYY HH:mm';
export const RANGE_DATE_FORMAT = 'MM-DD-YYYY';

/** The field value (spec 01 §3 "Date-range value"): both ends as formatted text. */
export interface DateRangeValue {
  startDate: string;
  endDate: string;
}

export interface MomentRange {
  start: Dayjs;
  end: Dayjs;
}

export function rangeFormat(dateOnly: boolean): string {
  return dateOnly ? RANGE_DATE_FORMAT : RANGE_FORMAT;
}

/**
 * Reads one end: either format is accepted so a stored date-only value opens in a timed picker.
 * A date-only end of a range covers its whole day.
 */
export function parseRangeEnd(text: unknown, side: 'start' | 'end' = 'start'): Dayjs | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const timed = dayjs(text.trim(), RANGE_FORMAT, true);
  if (timed.isValid()) return timed;
  const day = dayjs(text.trim(), RANGE_DATE_FORMAT, true);
  if (!day.isValid()) return null;
  return side === 'end' ? day.endOf('day') : day.startOf('day');
}

/** Reads a field value; null unless both ends are dates. */
export function parseRange(value: unknown): MomentRange | null {
  if (typeof value !== 'object' || value === null) return null;
  const { startDate, endDate } = value as Partial<DateRangeValue>;
  const start = parseRangeEnd(startDate);
  const end = parseRangeEnd(endDate, 'end');
  return start && end ? { start, end } : null;
}

export function formatRange(range: MomentRange, dateOnly: boolean): DateRangeValue {
  const format = rangeFormat(dateOnly);
  return { startDate: range.start.format(format), endDate: range.end.format(format) };
}

/** Two picked days as a range, earliest first; a date-only end covers its whole day. */
export function orderedRange(first: Dayjs, second: Dayjs, dateOnly: boolean): MomentRange {
  const [start, end] = first.isAfter(second) ? [second, first] : [first, second];
  return dateOnly ? { start: start.startOf('day'), end: end.endOf('day') } : { start, end };
}

/** Whether two closed ranges share at least one moment. */
export function rangesOverlap(a: MomentRange, b: MomentRange): boolean {
  return !a.start.isAfter(b.end) && !b.start.isAfter(a.end);
}

/** Whether a range overlaps any disabled range; a disabled range that cannot be read is ignored. */
export function overlapsDisabled(range: MomentRange, disabled: readonly unknown[]): boolean {
  return disabled.some((candidate) => {
    const parsed = parseRange(candidate);
    return parsed !== null && rangesOverlap(range, parsed);
  });
}

/** Spec 01 §5: what a selection becomes: the range, or null (cleared) when it overlaps a disabled range. */
export function acceptRange(range: MomentRange, disabled: readonly unknown[]): MomentRange | null {
  return overlapsDisabled(range, disabled) ? null : range;
}
