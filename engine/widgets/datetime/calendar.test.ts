import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { monthGrid, weekdayNames, yearsPage } from './calendar';

describe('the month grid', () => {
  it('starts weeks on Monday', () => {
    expect(weekdayNames()).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    // 1 January 2025 is a Wednesday: the first row starts on Monday 30 December 2024.
    const weeks = monthGrid(dayjs('2025-01-15'));
    expect(weeks[0]![0]!.date.format('YYYY-MM-DD')).toBe('2024-12-30');
    expect(weeks[0]![0]!.inMonth).toBe(false);
    expect(weeks[0]![2]!.date.format('YYYY-MM-DD')).toBe('2025-01-01');
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks.flat().filter((cell) => cell.inMonth)).toHaveLength(31);
  });

  it('can start on Sunday', () => {
    expect(monthGrid(dayjs('2025-06-10'), 0)[0]![0]!.date.format('YYYY-MM-DD')).toBe('2025-06-01');
  });
});

describe('the years view', () => {
  it('pages 12 years at a time, from year 1', () => {
    expect(yearsPage(2025)).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027]);
    expect(yearsPage(5)[0]).toBe(1);
  });
});
