import { businessDaysRange } from '../../schemas/format/businessTime';

/** Current UTC time as stored: 'YYYY-MM-DD HH:mm:ss'. */
export function nowUtc(date: Date = new Date()): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** A stored UTC time `minutes` from now. */
export function minutesFromNow(minutes: number, from: Date = new Date()): string {
  return nowUtc(new Date(from.getTime() + minutes * 60_000));
}

/**
 * The stored-instant bounds of the business days `startDate`…`endDate` (inclusive) in the store's zone:
 * rows at or after `from` and strictly before `until` happened on those days of the store's calendar.
 */
export function storedBoundsOf(period: { startDate: string; endDate: string }, zone: string): { from: string; until: string } {
  const { from, until } = businessDaysRange(period.startDate, period.endDate, zone);
  return { from: nowUtc(from), until: nowUtc(until) };
}
