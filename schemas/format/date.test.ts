import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date';

describe('display dates (UTC)', () => {
  it.each<[string | Date | null | undefined, string, string]>([
    ['2024-03-05 14:07:09', '03-05-2024 2:07:09 PM', '03-05-2024'],
    ['2024-03-05 00:00:00', '03-05-2024 12:00:00 AM', '03-05-2024'],
    ['2024-12-31 23:59:59', '12-31-2024 11:59:59 PM', '12-31-2024'],
    ['2024-03-05T23:30:00-02:00', '03-06-2024 1:30:00 AM', '03-06-2024'],
    ['2024-03-05', '03-05-2024 12:00:00 AM', '03-05-2024'],
    [new Date(Date.UTC(2023, 0, 9, 12, 0, 1)), '01-09-2023 12:00:01 PM', '01-09-2023'],
    [null, '', ''],
    [undefined, '', ''],
    ['', '', ''],
    ['not a date', '', ''],
  ])('%j → %s / %s', (value, dateTime, date) => {
    expect(formatDateTime(value)).toBe(dateTime);
    expect(formatDate(value)).toBe(date);
  });
});
