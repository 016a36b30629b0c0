import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** Spec 01 §5: how the date-time picker stores its value. */
export const DATETIME_FORMAT = 'MM/DD/YYYY HH:mm';

/** Spec 01 §5: the years the date-time picker accepts. */
export const MIN_YEAR = 1;
export const MAX_YEAR = 9998;

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/** Hours typed into the picker, clamped to 0–23. */
export function clampHours(value: number): number {
  return clamp(value, 0, 23);
}

/** Minutes typed into the picker, clamped to 0–59. */
export function clampMinutes(value: number): number {
  return clamp(value, 0, 59);
}

/** Whether a typed year is accepted (1–9998); other years are ignored, not clamped. */
export function isAcceptedYear(year: number): boolean {
  return Number.isInteger(year) && year >= MIN_YEAR && year <= MAX_YEAR;
}

/** Reads a stored value ('MM/DD/YYYY HH:mm', strict); null when empty or not such a date. */
export function parsePickerDateTime(text: unknown): Dayjs | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const parsed = dayjs(text.trim(), DATETIME_FORMAT, true);
  return parsed.isValid() ? parsed : null;
}

/** The stored form of a moment. Years below 1000 keep four digits (0042). */
export function formatPickerDateTime(moment: Dayjs): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(moment.month() + 1)}/${pad(moment.date())}/${pad(moment.year(), 4)} ${pad(moment.hour())}:${pad(moment.minute())}`;
}

/** The moment with its time set from typed hours and minutes, clamped. */
export function withTime(moment: Dayjs, hours: number, minutes: number): Dayjs {
  return moment.hour(clampHours(hours)).minute(clampMinutes(minutes)).second(0).millisecond(0);
}

/** The moment moved to a typed year when it is accepted; otherwise unchanged. */
export function withYear(moment: Dayjs, year: number): Dayjs {
  return isAcceptedYear(year) ? moment.year(year) : moment;
}
