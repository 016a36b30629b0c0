/**
 * The store's own time zone. Instants are stored in UTC; everything a person reads as a date — order
 * codes, vendor months, instalment due days, reports, what the screens show — is the date on the wall
 * of the store, in its IANA zone. This module is the one place that converts between the two, on the
 * server and in the browser alike. It uses Intl only: every zone rule (daylight saving, historical
 * offsets) comes from the platform's time-zone database.
 */

/** 'YYYY-MM-DD'. */
export type BusinessDate = string;

export const TIME_ZONE_MESSAGE = 'This field must be a time zone name such as America/Chicago.';

// Area/Location names (and the few single words such as UTC); Intl alone also takes offsets like
// '+05:00' on newer engines, which are not zones: a store's clock changes with daylight saving.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than using it, and checkout asks for every order. */
function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * Zones already found valid. Building a formatter to test a name costs about half a millisecond, and the store's
 * zone is checked on every request that reads the options; only valid names are kept, so the set stays as small
 * as the platform's list of zones whatever names are sent.
 */
const KNOWN_ZONES = new Set<string>();

/** True when `name` is a time zone the platform knows (IANA name, any letter case). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.length > 64 || !ZONE_NAME.test(name)) return false;
  if (KNOWN_ZONES.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    KNOWN_ZONES.add(name);
    return true;
  } catch {
    return false;
  }
}

/** The IANA spelling of a known zone ('america/chicago' → 'America/Chicago'). */
export function canonicalTimeZone(name: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
}

/** The zone of the machine this runs on: a new store's default. */
export function machineTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : 'UTC';
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The last reading, kept because the same instant is read many times in a row: a checkout places its code, its
 * summary rows and its ledger rows on the day of one instant, and a list or export formats rows of one second.
 */
let lastReading: { at: number; zone: string; clock: WallClock } | null = null;

/** The wall-clock reading of an instant in a zone (frozen: it may be the one handed out before). */
export function wallClock(instant: Date, zone: string): WallClock {
  const at = instant.getTime();
  if (lastReading && lastReading.at === at && lastReading.zone === zone) return lastReading.clock;
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const clock = Object.freeze({ year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! });
  lastReading = { at, zone, clock };
  return clock;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Stored instants 'YYYY-MM-DD HH:mm:ss' are UTC; ISO strings and Dates carry their own zone. */
export function instantOf(value: Date | string): Date {
  if (value instanceof Date) return value;
  return new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value);
}

/** The business date ('YYYY-MM-DD') of an instant: the day on the store's calendar when it happened. */
export function businessDateOf(value: Date | string, zone: string): BusinessDate {
  const clock = wallClock(instantOf(value), zone);
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const clock = wallClock(new Date(instant), zone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

function parseDate(date: BusinessDate): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: ${JSON.stringify(date)}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The calendar day after `date`. */
export function nextDate(date: BusinessDate): BusinessDate {
  const [year, month, day] = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/**
 * The first instant of a business day in the zone. Usually local midnight; where a daylight-saving
 * change skips midnight (the clock jumps from 23:59:59 to 01:00), the day starts at the jump.
 */
export function startOfBusinessDay(date: BusinessDate, zone: string): Date {
  const [year, month, day] = parseDate(date);
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  // Two rounds settle the offset on either side of a change; a third guess is never needed.
  let guess = midnightAsUtc - offsetAt(midnightAsUtc, zone);
  guess = midnightAsUtc - offsetAt(guess, zone);
  if (businessDateOf(new Date(guess), zone) === date && businessDateOf(new Date(guess - 1000), zone) !== date) return new Date(guess);
  // Midnight does not exist that day (or the guess landed past it): search the second the date begins.
  let low = midnightAsUtc - 36 * 3_600_000;
  let high = midnightAsUtc + 36 * 3_600_000;
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (businessDateOf(new Date(middle), zone) >= date) high = middle;
    else low = middle;
  }
  return new Date(high);
}

/**
 * The instant a wall clock in the zone reads `date` `time` ('HH:mm:ss'). Two rounds settle the offset on
 * either side of a daylight-saving change; a reading the change skips lands just after the jump.
 */
export function instantOfWallClock(date: BusinessDate, time: string, zone: string): Date {
  const [year, month, day] = parseDate(date);
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  let guess = asUtc - offsetAt(asUtc, zone);
  guess = asUtc - offsetAt(guess, zone);
  return new Date(guess);
}

/** The business days from `startDate` to `endDate` inclusive, as instants: [from, until) — until excluded. */
export function businessDaysRange(startDate: BusinessDate, endDate: BusinessDate, zone: string): { from: Date; until: Date } {
  return { from: startOfBusinessDay(startDate, zone), until: startOfBusinessDay(nextDate(endDate), zone) };
}

/** The business month ('YYYY-MM-01' … its last day) holding an instant, as instants [from, until). */
export function businessMonthRange(value: Date | string, zone: string): { from: Date; until: Date } {
  const [year, month] = parseDate(businessDateOf(value, zone));
  const first = `${pad(year, 4)}-${pad(month)}-01`;
  const next = month === 12 ? `${pad(year + 1, 4)}-01-01` : `${pad(year, 4)}-${pad(month + 1)}-01`;
  return { from: startOfBusinessDay(first, zone), until: startOfBusinessDay(next, zone) };
}
