import { describe, expect, it } from 'vitest';
import { rangeBound } from '../../server/crud/dateBounds';

describe('date-range filter bounds', () => {
  it('keeps a date-only start as the day and stretches a date-only end to its last second', () => {
    expect(rangeBound('2024-03-01', 'start')).toBe('2024-03-01');
    expect(rangeBound('2024-03-01', 'end')).toBe('2024-03-01 23:59:59');
  });

  it('reads the pickers\' formats and ISO times, zones converted to UTC', () => {
    expect(rangeBound('03-01-2024 14:30', 'start')).toBe('2024-03-01 14:30:00');
    expect(rangeBound('03/01/2024 14:30', 'end')).toBe('2024-03-01 14:30:00');
    expect(rangeBound('2024-03-01T14:30:15', 'start')).toBe('2024-03-01 14:30:15');
    expect(rangeBound('2024-03-01T14:30:00.000Z', 'start')).toBe('2024-03-01 14:30:00');
    expect(rangeBound('2024-03-01T14:30:00+02:00', 'start')).toBe('2024-03-01 12:30:00');
  });

  it('answers null for an empty bound and undefined for anything that is not a date', () => {
    for (const empty of [null, undefined, '']) expect(rangeBound(empty, 'start')).toBeNull();
    for (const bad of ['2024-02-30', '2024-13-01', '2024-01-01 25:00', "2024-01-01' OR '1'='1", 'yesterday', 20240101, {}]) {
      expect(rangeBound(bad, 'start'), String(bad)).toBeUndefined();
    }
  });
});
