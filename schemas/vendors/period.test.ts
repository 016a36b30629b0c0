import { describe, expect, it } from 'vitest';
import { PERIOD_MESSAGES, monthOf, monthStartsIn, periodErrors, periodWithDefaults, previousMonthOf } from './period';

describe('periods', () => {
  it.each([
    ['2026-02-10', '2026-02-01', '2026-02-28'],
    ['2024-02-10', '2024-02-01', '2024-02-29'],
    ['2026-12-31', '2026-12-01', '2026-12-31'],
  ])('the month of %s is %s…%s', (date, startDate, endDate) => {
    expect(monthOf(date)).toEqual({ startDate, endDate });
  });

  it.each([
    ['2026-01-15', '2025-12-01', '2025-12-31'],
    ['2026-03-31', '2026-02-01', '2026-02-28'],
  ])('the month before %s is %s…%s', (date, startDate, endDate) => {
    expect(previousMonthOf(date)).toEqual({ startDate, endDate });
  });

  it('defaults to the current month', () => {
    expect(periodWithDefaults(undefined, undefined, '2026-11-21')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
    expect(periodWithDefaults('2026-02-03', undefined)).toEqual({ startDate: '2026-02-03', endDate: '2026-02-28' });
    expect(periodWithDefaults(undefined, '2026-11-10', '2026-11-21')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-10' });
    expect(periodWithDefaults(undefined, '2025-03-10', '2026-11-21')).toEqual({ startDate: '2025-03-01', endDate: '2025-03-10' });
  });

  it.each([
    [undefined, undefined, null],
    ['2026-03-01', '2026-03-31', null],
    ['2026-02-30', undefined, { startDate: [PERIOD_MESSAGES.badDate] }],
    ['2026-03-01', '2026-13-01', { endDate: [PERIOD_MESSAGES.badDate] }],
    ['2026-03-31', '2026-03-01', { endDate: [PERIOD_MESSAGES.endBeforeStart] }],
  ])('periodErrors(%s, %s) → %j', (startDate, endDate, errors) => {
    expect(periodErrors(startDate, endDate)).toEqual(errors);
  });

  it('lists the months a period touches', () => {
    expect(monthStartsIn({ startDate: '2025-11-15', endDate: '2026-02-01' })).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01']);
    expect(monthStartsIn({ startDate: '2026-11-10', endDate: '2026-11-20' })).toEqual(['2026-11-01']);
  });
});
