import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/** Spec 01 §3 display formats. */
export const DISPLAY_DATE_TIME = 'MM-DD-YYYY h:mm:ss A';
export const DISPLAY_DATE = 'MM-DD-YYYY';

/** Stored timestamps ('YYYY-MM-DD HH:mm:ss') are UTC; ISO strings and Dates carry their own zone. */
function toUtc(value: string | Date): dayjs.Dayjs | null {
  const parsed = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(value)
    ? dayjs.utc(value.replace(' ', 'T'))
    : dayjs.utc(value);
  return parsed.isValid() ? parsed : null;
}

/** 'MM-DD-YYYY h:mm:ss A' in UTC; '' for a missing or unreadable value. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return toUtc(value)?.format(DISPLAY_DATE_TIME) ?? '';
}

/** 'MM-DD-YYYY' in UTC; '' for a missing or unreadable value. */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return toUtc(value)?.format(DISPLAY_DATE) ?? '';
}
