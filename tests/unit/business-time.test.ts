import { describe, expect, it } from 'vitest';
import { businessDateOf, instantOf, wallClock } from '../../schemas/format/businessTime';

/**
 * The store's wall clock of an instant. The last reading is kept (a checkout asks for one instant's day many
 * times), so the table runs the same instants in several zones back to back, in both orders, and again.
 */
const READINGS: Array<[string, string, string, string]> = [
  // stored UTC instant, zone, business date, wall-clock time
  ['2026-11-28 05:30:00', 'America/Chicago', '2026-11-27', '23:30:00'],
  ['2026-11-28 05:30:00', 'Asia/Tokyo', '2026-11-28', '14:30:00'],
  ['2026-11-28 05:30:00', 'UTC', '2026-11-28', '05:30:00'],
  ['2026-11-28 05:30:00', 'America/Chicago', '2026-11-27', '23:30:00'],
  ['2026-11-28 11:00:00', 'Pacific/Auckland', '2026-11-29', '00:00:00'],
  ['2026-11-28 11:00:00', 'America/Chicago', '2026-11-28', '05:00:00'],
  // Chicago moves to daylight time at 08:00 UTC on 8 March 2026: 01:59:59 is followed by 03:00:00.
  ['2026-03-08 07:59:59', 'America/Chicago', '2026-03-08', '01:59:59'],
  ['2026-03-08 08:00:00', 'America/Chicago', '2026-03-08', '03:00:00'],
  ['2026-03-08 07:59:59', 'America/Chicago', '2026-03-08', '01:59:59'],
];

const time = (clock: { hour: number; minute: number; second: number }) =>
  [clock.hour, clock.minute, clock.second].map((value) => String(value).padStart(2, '0')).join(':');

describe('the store wall clock', () => {
  it.each([1, 2])('reads each instant in its zone, whatever was read just before (pass %i)', () => {
    for (const [stored, zone, date, at] of READINGS) {
      expect(businessDateOf(stored, zone), `${stored} in ${zone}`).toBe(date);
      expect(time(wallClock(instantOf(stored), zone)), `${stored} in ${zone}`).toBe(at);
    }
  });

  it('hands out a reading nobody can change for the next caller', () => {
    const first = wallClock(instantOf('2026-11-28 05:30:00'), 'UTC');
    expect(() => Object.assign(first, { day: 1 })).toThrow(TypeError);
    expect(wallClock(instantOf('2026-11-28 05:30:00'), 'UTC').day).toBe(28);
  });
});
