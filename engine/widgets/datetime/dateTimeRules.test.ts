import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { clampHours, clampMinutes, formatPickerDateTime, isAcceptedYear, parsePickerDateTime, withTime, withYear } from './dateTimeRules';

describe('date-time picker clamps', () => {
  it('clamps hours to 0–23 and minutes to 0–59', () => {
    expect([-1, 0, 13, 23, 24, 99].map(clampHours)).toEqual([0, 0, 13, 23, 23, 23]);
    expect([-5, 0, 30, 59, 60, 75].map(clampMinutes)).toEqual([0, 0, 30, 59, 59, 59]);
    expect(clampHours(Number.NaN)).toBe(0);
    expect(clampMinutes(12.7)).toBe(12);
  });

  it('accepts years 1 to 9998 only', () => {
    expect([0, 1, 2024, 9998, 9999, -3, 2024.5].map(isAcceptedYear)).toEqual([false, true, true, true, false, false, false]);
    const moment = dayjs(new Date(2024, 5, 15, 10, 30));
    expect(withYear(moment, 9999).year()).toBe(2024);
    expect(withYear(moment, 9998).year()).toBe(9998);
  });
});

describe('the stored date-time format', () => {
  it('formats and parses MM/DD/YYYY HH:mm', () => {
    const moment = dayjs(new Date(2025, 0, 7, 9, 5));
    expect(formatPickerDateTime(moment)).toBe('01/07/2025 09:05');
    expect(parsePickerDateTime('01/07/2025 09:05')?.valueOf()).toBe(moment.valueOf());
  });

  it('refuses text in another format or an impossible date', () => {
    expect(parsePickerDateTime('2025-01-07 09:05')).toBeNull();
    expect(parsePickerDateTime('02/30/2025 10:00')).toBeNull();
    expect(parsePickerDateTime('01/07/2025 24:00')).toBeNull();
    expect(parsePickerDateTime('')).toBeNull();
    expect(parsePickerDateTime(null)).toBeNull();
  });

  it('sets typed hours and minutes through the clamps', () => {
    const moment = withTime(dayjs(new Date(2025, 0, 7)), 30, 75);
    expect(formatPickerDateTime(moment)).toBe('01/07/2025 23:59');
  });
});
