import { instantOf, wallClock, type WallClock } from './businessTime';

/** Spec 01 §3 display formats. */
export const DISPLAY_DATE_TIME = 'MM-DD-YYYY h:mm:ss A';
export const DISPLAY_DATE = 'MM-DD-YYYY';

/**
 * The zone dates are shown in when the caller names none: the store's zone, set by the client once
 * the options are read (setDisplayTimeZone). UTC until then; the server always passes the zone.
 */
let displayZone = 'UTC';

export function setDisplayTimeZone(zone: string): void {
  displayZone = zone;
}

export function displayTimeZone(): string {
  return displayZone;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The wall clock to show: a stored instant ('YYYY-MM-DD HH:mm:ss', UTC), an ISO string or a Date, read
 * in the zone; a plain 'YYYY-MM-DD' is already a business date (due days, fee starts) and is not moved.
 */
function clockOf(value: string | Date, zone: string): WallClock | null {
  if (typeof value === 'string') {
    const calendar = CALENDAR_DATE.exec(value);
    if (calendar) {
      const check = new Date(Date.UTC(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])));
      if (check.toISOString().slice(0, 10) !== value) return null;
      return { year: Number(calendar[1]), month: Number(calendar[2]), day: Number(calendar[3]), hour: 0, minute: 0, second: 0 };
    }
  }
  const instant = instantOf(value);
  return Number.isNaN(instant.getTime()) ? null : wallClock(instant, zone);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const dateText = (clock: WallClock) => `${pad(clock.month)}-${pad(clock.day)}-${pad(clock.year, 4)}`;

/** 'MM-DD-YYYY h:mm:ss A' in the store's zone; '' for a missing or unreadable value. */
export function formatDateTime(value: string | Date | null | undefined, zone: string = displayZone): string {
  if (value === null || value === undefined || value === '') return '';
  const clock = clockOf(value, zone);
  if (!clock) return '';
  const hour = clock.hour % 12 === 0 ? 12 : clock.hour % 12;
  return `${dateText(clock)} ${hour}:${pad(clock.minute)}:${pad(clock.second)} ${clock.hour < 12 ? 'AM' : 'PM'}`;
}

/** 'MM-DD-YYYY' in the store's zone; '' for a missing or unreadable value. */
export function formatDate(value: string | Date | null | undefined, zone: string = displayZone): string {
  if (value === null || value === undefined || value === '') return '';
  const clock = clockOf(value, zone);
  return clock ? dateText(clock) : '';
}
