import { describe, expect, it } from 'vitest';
import { businessDateOf, businessDaysRange, businessMonthRange, canonicalTimeZone, isTimeZone, nextDate, startOfBusinessDay } from './businessTime';
import { formatDate, formatDateTime } from './date';

const iso = (date: Date) => date.toISOString();

describe('the business date of an instant', () => {
  it('is the store wall-clock day, not the UTC day', () => {
    // 23:30 on the 31st in Chicago (CST, UTC−6) is 05:30 on the 1st in UTC.
    expect(businessDateOf('2026-02-01 05:30:00', 'America/Chicago')).toBe('2026-01-31');
    expect(businessDateOf('2026-02-01 05:30:00', 'UTC')).toBe('2026-02-01');
    expect(businessDateOf('2026-02-01 06:00:00', 'America/Chicago')).toBe('2026-02-01');
    expect(businessDateOf(new Date('2026-01-31T23:30:00-06:00'), 'America/Chicago')).toBe('2026-01-31');
    // East of Greenwich the other way round: 22:30 UTC on the 31st is the 1st in Auckland (NZDT, UTC+13).
    expect(businessDateOf('2026-01-31 22:30:00', 'Pacific/Auckland')).toBe('2026-02-01');
    // Half-hour zone: India is UTC+5:30.
    expect(businessDateOf('2026-03-31 18:29:59', 'Asia/Kolkata')).toBe('2026-03-31');
    expect(businessDateOf('2026-03-31 18:30:00', 'Asia/Kolkata')).toBe('2026-04-01');
  });
});

describe('start and end of business days and months', () => {
  it('a plain winter day in Chicago starts at 06:00 UTC and lasts 24 hours', () => {
    const { from, until } = businessDaysRange('2026-01-31', '2026-01-31', 'America/Chicago');
    expect(iso(from)).toBe('2026-01-31T06:00:00.000Z');
    expect(iso(until)).toBe('2026-02-01T06:00:00.000Z');
  });

  it('the spring-forward day (2026-03-08 in Chicago) lasts 23 hours', () => {
    const { from, until } = businessDaysRange('2026-03-08', '2026-03-08', 'America/Chicago');
    expect(iso(from)).toBe('2026-03-08T06:00:00.000Z');
    expect(iso(until)).toBe('2026-03-09T05:00:00.000Z');
    expect((until.getTime() - from.getTime()) / 3_600_000).toBe(23);
  });

  it('the fall-back day (2026-11-01 in Chicago) lasts 25 hours', () => {
    const { from, until } = businessDaysRange('2026-11-01', '2026-11-01', 'America/Chicago');
    expect(iso(from)).toBe('2026-11-01T05:00:00.000Z');
    expect(iso(until)).toBe('2026-11-02T06:00:00.000Z');
    expect((until.getTime() - from.getTime()) / 3_600_000).toBe(25);
  });

  it('a month whose boundary changes offset: March 2026 in Chicago (CST in, CDT out)', () => {
    const march = businessMonthRange('2026-03-15 12:00:00', 'America/Chicago');
    expect(iso(march.from)).toBe('2026-03-01T06:00:00.000Z');
    expect(iso(march.until)).toBe('2026-04-01T05:00:00.000Z');
    // October → November: CDT at the start, the month ends in CST.
    const october = businessMonthRange('2026-10-31 23:00:00', 'America/Chicago');
    expect(iso(october.from)).toBe('2026-10-01T05:00:00.000Z');
    expect(iso(october.until)).toBe('2026-11-01T05:00:00.000Z');
    // A sale in the evening of 31 October, local, belongs to October.
    expect(businessDateOf('2026-11-01 04:30:00', 'America/Chicago')).toBe('2026-10-31');
  });

  it('a day whose midnight does not exist starts when the clock jumps (Havana, 2026-03-08 00:00 → 01:00)', () => {
    expect(iso(startOfBusinessDay('2026-03-08', 'America/Havana'))).toBe('2026-03-08T05:00:00.000Z');
    expect(businessDateOf('2026-03-08 04:59:59', 'America/Havana')).toBe('2026-03-07');
  });

  it('year and month ends roll over', () => {
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
    expect(iso(businessMonthRange('2026-12-31 12:00:00', 'Europe/Berlin').until)).toBe('2026-12-31T23:00:00.000Z');
  });
});

describe('time zone names', () => {
  it('accepts IANA names and refuses anything else', () => {
    for (const zone of ['America/Chicago', 'UTC', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'america/chicago'])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['Mars/Olympus', 'America/Chicag', '', '+05:00', 'UTC+5', 'America/Chicago/', '../etc', 'x'.repeat(65), 5, null])
      expect(isTimeZone(zone), String(zone)).toBe(false);
    expect(canonicalTimeZone('america/chicago')).toBe('America/Chicago');
  });
});

describe('display in the store zone', () => {
  it('shows a stored UTC instant on the store clock; plain dates stay as they are', () => {
    expect(formatDateTime('2026-02-01 05:30:00', 'America/Chicago')).toBe('01-31-2026 11:30:00 PM');
    expect(formatDate('2026-02-01 05:30:00', 'America/Chicago')).toBe('01-31-2026');
    expect(formatDate('2026-02-01', 'America/Chicago')).toBe('02-01-2026');
    expect(formatDateTime('2026-07-01 12:00:00', 'America/Chicago')).toBe('07-01-2026 7:00:00 AM');
    expect(formatDate('2026-02-30', 'UTC')).toBe('');
  });
});
