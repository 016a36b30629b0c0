import { describe, expect, it } from 'vitest';
import { rangeBound } from '../../server/crud/dateBounds';

const NEW_YORK = 'America/New_York';

describe('date-range filter bounds', () => {
  it("in a UTC store, a date-only start is the day's first second and a date-only end runs to the next day", () => {
    expect(rangeBound('2024-03-01', 'start', 'UTC')).toEqual({ operator: '>=', value: '2024-03-01 00:00:00' });
    expect(rangeBound('2024-03-01', 'end', 'UTC')).toEqual({ operator: '<', value: '2024-03-02 00:00:00' });
  });

  it("reads a day as the store's business day: New York's 1 March (EST, UTC-5) is 05:00 UTC to 05:00 UTC", () => {
    expect(rangeBound('2024-03-01', 'start', NEW_YORK)).toEqual({ operator: '>=', value: '2024-03-01 05:00:00' });
    expect(rangeBound('03-01-2024', 'end', NEW_YORK)).toEqual({ operator: '<', value: '2024-03-02 05:00:00' });
    // Summer time (EDT, UTC-4), and the day clocks go forward (23 hours long).
    expect(rangeBound('2024-07-01', 'start', NEW_YORK)).toEqual({ operator: '>=', value: '2024-07-01 04:00:00' });
    expect(rangeBound('2024-03-10', 'end', NEW_YORK)).toEqual({ operator: '<', value: '2024-03-11 04:00:00' });
  });

  it("reads the pickers' times as the store's wall clock, and ISO times with a zone as that instant", () => {
    expect(rangeBound('03-01-2024 14:30', 'start', 'UTC')).toEqual({ operator: '>=', value: '2024-03-01 14:30:00' });
    expect(rangeBound('03/01/2024 14:30', 'end', 'UTC')).toEqual({ operator: '<=', value: '2024-03-01 14:30:00' });
    expect(rangeBound('03-01-2024 14:30', 'start', NEW_YORK)).toEqual({ operator: '>=', value: '2024-03-01 19:30:00' });
    expect(rangeBound('2024-03-01T14:30:15', 'start', NEW_YORK)).toEqual({ operator: '>=', value: '2024-03-01 19:30:15' });
    expect(rangeBound('2024-03-01T14:30:00.000Z', 'start', NEW_YORK)).toEqual({ operator: '>=', value: '2024-03-01 14:30:00' });
    expect(rangeBound('2024-03-01T14:30:00+02:00', 'end', NEW_YORK)).toEqual({ operator: '<=', value: '2024-03-01 12:30:00' });
  });

  it('answers null for an empty bound and undefined for anything that is not a date', () => {
    for (const empty of [null, undefined, '']) expect(rangeBound(empty, 'start', 'UTC')).toBeNull();
    for (const bad of ['2024-02-30', '2024-13-01', '2024-01-01 25:00', "2024-01-01' OR '1'='1", 'yesterday', 20240101, {}]) {
      expect(rangeBound(bad, 'start', NEW_YORK), String(bad)).toBeUndefined();
    }
  });
});
