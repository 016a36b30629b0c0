import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { acceptRange, formatRange, orderedRange, overlapsDisabled, parseRange, rangesOverlap } from './dateRange';

const day = (text: string) => dayjs(text);
const range = (start: string, end: string) => ({ start: day(start), end: day(end) });

describe('range overlap', () => {
  it('detects shared moments, ends included', () => {
    expect(rangesOverlap(range('2025-01-01', '2025-01-10'), range('2025-01-05', '2025-01-20'))).toBe(true);
    expect(rangesOverlap(range('2025-01-01', '2025-01-10'), range('2025-01-10', '2025-01-20'))).toBe(true);
    expect(rangesOverlap(range('2025-01-05', '2025-01-06'), range('2025-01-01', '2025-01-31'))).toBe(true);
    expect(rangesOverlap(range('2025-01-01', '2025-01-09'), range('2025-01-10', '2025-01-20'))).toBe(false);
    expect(rangesOverlap(range('2025-02-01', '2025-02-09'), range('2025-01-10', '2025-01-20'))).toBe(false);
  });

  it('clears a selection overlapping any disabled range and keeps the others', () => {
    const disabled = [{ startDate: '01-10-2025', endDate: '01-12-2025' }, { startDate: '02-01-2025 08:00', endDate: '02-01-2025 12:00' }, 'not a range'];
    const touchesLastDisabledDay = orderedRange(day('2025-01-12'), day('2025-01-14'), true);
    expect(overlapsDisabled(touchesLastDisabledDay, disabled)).toBe(true);
    expect(acceptRange(touchesLastDisabledDay, disabled)).toBeNull();
    const afternoon = range('2025-02-01T13:00', '2025-02-01T18:00');
    expect(acceptRange(afternoon, disabled)).toBe(afternoon);
    const before = orderedRange(day('2025-01-01'), day('2025-01-09'), true);
    expect(acceptRange(before, disabled)).toBe(before);
  });
});

describe('range values', () => {
  it('orders the two picked days and covers whole days when date-only', () => {
    const picked = orderedRange(day('2025-03-09T10:00'), day('2025-03-02T08:00'), true);
    expect(formatRange(picked, true)).toEqual({ startDate: '03-02-2025', endDate: '03-09-2025' });
    expect(picked.end.hour()).toBe(23);
  });

  it('formats MM-DD-YYYY HH:mm with the time and reads both formats back', () => {
    const timed = orderedRange(day('2025-03-02T08:05'), day('2025-03-09T17:30'), false);
    expect(formatRange(timed, false)).toEqual({ startDate: '03-02-2025 08:05', endDate: '03-09-2025 17:30' });
    expect(parseRange({ startDate: '03-02-2025 08:05', endDate: '03-09-2025' })?.end.format('HH:mm')).toBe('23:59');
    expect(parseRange({ startDate: '2025-03-02', endDate: '03-09-2025' })).toBeNull();
    expect(parseRange(null)).toBeNull();
  });
});
