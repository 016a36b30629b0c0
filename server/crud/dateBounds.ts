/**
 * Date-range filter bounds as stored timestamps ('YYYY-MM-DD HH:mm:ss', UTC). Accepted inputs:
 * 'YYYY-MM-DD[ HH:mm[:ss]]', ISO with T and an optional zone, 'MM-DD-YYYY[ HH:mm]' (the range picker)
 * and 'MM/DD/YYYY[ HH:mm]' (the date-time picker). Null for anything else.
 */
const YEAR_FIRST = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;
const MONTH_FIRST = /^(\d{2})[-/](\d{2})[-/](\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

interface Parts {
  date: string;
  time: string | null;
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
    return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
  }
  const yearFirst = YEAR_FIRST.exec(text);
  const monthFirst = yearFirst ? null : MONTH_FIRST.exec(text);
  if (!yearFirst && !monthFirst) return undefined;
  const [year, month, day, hours, minutes, seconds] = yearFirst
    ? yearFirst.slice(1)
    : [monthFirst![3]!, monthFirst![1]!, monthFirst![2]!, monthFirst![4], monthFirst![5], monthFirst![6]];
  const date = validDate(year!, month!, day!);
  if (!date) return undefined;
  if (hours === undefined) return { date, time: null };
  const time = validTime(hours, minutes, seconds);
  return time ? { date, time } : undefined;
}

/**
 * The stored-form bound of one end of a range. A date-only start stays 'YYYY-MM-DD', which sorts
 * before every time of that day and equals date-only columns; a date-only end covers the whole day.
 * Answers null for an empty bound and undefined for text that is not a date.
 */
export function rangeBound(value: unknown, end: 'start' | 'end'): string | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') return undefined;
  const parts = partsOf(value.trim());
  if (!parts) return undefined;
  if (parts.time) return `${parts.date} ${parts.time}`;
  return end === 'start' ? parts.date : `${parts.date} 23:59:59`;
}
