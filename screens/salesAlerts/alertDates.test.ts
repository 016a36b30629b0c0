import { describe, expect, it } from 'vitest';
import { disabledPickerRanges, fromPickerDate, toPickerDate } from './alertDates';

describe('sales alert picker dates', () => {
  it('converts between the server date and the picker date', () => {
    expect(toPickerDate('2030-03-01')).toBe('03-01-2030');
    expect(toPickerDate(null)).toBe('');
    expect(fromPickerDate('03-01-2030')).toBe('2030-03-01');
    expect(fromPickerDate('')).toBeNull();
  });
  it('disables the approved range alerts except the one being edited', () => {
    const base = {
      request_content: '',
      request_note: '',
      approve_note: '',
      request_date: '',
      requested_images: [],
      alert_approve_admin: null,
      created_at: '',
      updated_at: '',
    };
    const requests = [
      { ...base, id: 1, approve_type: 'approve' as const, is_default: 0, range_start: '2030-03-01', range_end: '2030-03-10', approve_date: 'x' },
      { ...base, id: 2, approve_type: 'pending' as const, is_default: 0, range_start: '2030-04-01', range_end: '2030-04-10', approve_date: null },
    ];
    expect(disabledPickerRanges(requests, null)).toEqual([{ startDate: '03-01-2030', endDate: '03-10-2030' }]);
    expect(disabledPickerRanges(requests, 1)).toEqual([]);
  });
});
