import { describe, expect, it } from 'vitest';
import { FEE_START_MESSAGES } from '../../schemas/vendors';
import {
  currentEntries,
  draftStart,
  draftValue,
  INITIAL_TIMELINE,
  newestFirst,
  startLabel,
  timelineReducer,
  vendorIdOf,
  type FeeEntryRow,
} from './feeTimelineState';

const entry = (id: number, start: string, value = 7.5): FeeEntryRow => ({ id, start, value, name: 'commission', vendor_id: 101 });

describe('fee timeline grouping', () => {
  const entries = [entry(1, '1970-01-01', 5), entry(2, '2026-03-01', 6), entry(3, '2026-09-01', 7), entry(4, '2027-01-01', 8)];

  it('orders newest first, the later id first on the same start', () => {
    expect(newestFirst([entry(1, '2026-01-01'), entry(5, '2026-01-01'), entry(2, '2027-01-01')]).map((row) => row.id)).toEqual([2, 5, 1]);
  });

  it.each([
    ['the one in force and the next scheduled', '2026-11-21', [4, 3]],
    ['the one in force and the one it replaced when nothing is scheduled', '2027-05-01', [4, 3]],
    ['the first in force on its start day', '2026-03-01', [3, 2]],
    ['the earliest one and the next', '2000-01-01', [2, 1]],
  ])('current two: %s', (_name, today, ids) => {
    expect(currentEntries(entries, today).map((row) => row.id)).toEqual(ids);
  });

  it('answers the two earliest when none is in force yet, and fewer when fewer exist', () => {
    expect(currentEntries([entry(7, '2030-01-01'), entry(8, '2031-01-01'), entry(9, '2032-01-01')], '2026-01-01').map((row) => row.id)).toEqual([8, 7]);
    expect(currentEntries([entry(1, '1970-01-01')], '2026-01-01').map((row) => row.id)).toEqual([1]);
    expect(currentEntries([], '2026-01-01')).toEqual([]);
  });

  it("shows '~' for the earliest entry dated 1970-01-01, else MM-DD-YYYY", () => {
    expect(startLabel('1970-01-01')).toBe('~');
    expect(startLabel('2026-03-09')).toBe('03-09-2026');
  });
});

describe('new entry start and value', () => {
  it.each([
    [{ month: '13', day: '1', year: '2026' }, FEE_START_MESSAGES.month],
    [{ month: '0', day: '1', year: '2026' }, FEE_START_MESSAGES.month],
    [{ month: 'x', day: '1', year: '2026' }, FEE_START_MESSAGES.month],
    [{ month: '2', day: '32', year: '2026' }, FEE_START_MESSAGES.day],
    [{ month: '2', day: '', year: '2026' }, FEE_START_MESSAGES.day],
    [{ month: '2', day: '30', year: '2026' }, FEE_START_MESSAGES.day],
    [{ month: '2', day: '1', year: '1969' }, FEE_START_MESSAGES.year],
    [{ month: '2', day: '1', year: '10000' }, FEE_START_MESSAGES.year],
    [{ month: '2', day: '1', year: '' }, FEE_START_MESSAGES.year],
  ])('refuses %j with the spec message', (draft, error) => {
    expect(draftStart(draft)).toEqual({ error });
  });

  it('accepts a real day, zero-padded', () => {
    expect(draftStart({ month: '2', day: '29', year: '2028' })).toEqual({ start: '2028-02-29' });
    expect(draftStart({ month: ' 12 ', day: '31', year: '9999' })).toEqual({ start: '9999-12-31' });
  });

  it('reads values of zero or more', () => {
    expect(draftValue('7.5')).toBe(7.5);
    expect(draftValue('0')).toBe(0);
    expect(draftValue('-1')).toBeNull();
    expect(draftValue('abc')).toBeNull();
  });
});

describe('timeline editing states', () => {
  it('goes view → editing with a temporary value → cancelled', () => {
    let state = timelineReducer(INITIAL_TIMELINE, { type: 'edit', entry: entry(3, '2026-01-01', 7.5) });
    expect(state.editing).toEqual({ id: 3, value: '7.5' });
    state = timelineReducer(state, { type: 'change', value: '9' });
    expect(state.editing).toEqual({ id: 3, value: '9' });
    expect(timelineReducer(state, { type: 'cancel' }).editing).toBeNull();
  });

  it('goes editing → saving → saved, or back to editing with the error on failure', () => {
    const editing = timelineReducer(INITIAL_TIMELINE, { type: 'edit', entry: entry(3, '2026-01-01') });
    const saving = timelineReducer(editing, { type: 'saving' });
    expect(saving.saving).toBe(true);
    expect(timelineReducer(saving, { type: 'saved' })).toEqual(INITIAL_TIMELINE);
    const failed = timelineReducer(saving, { type: 'failed', error: 'no' });
    expect(failed).toMatchObject({ saving: false, error: 'no', editing: { id: 3 } });
  });

  it('opens a new entry on today with the default value: 7.5 for commission, 0 for rent', () => {
    expect(timelineReducer(INITIAL_TIMELINE, { type: 'open-new', name: 'commission', today: '2026-03-09' }).draft).toEqual({
      month: '3',
      day: '9',
      year: '2026',
      value: '7.5',
    });
    const rent = timelineReducer(INITIAL_TIMELINE, { type: 'open-new', name: 'monthly_rent', today: '2026-11-21' });
    expect(rent.draft).toEqual({ month: '11', day: '21', year: '2026', value: '0' });
    expect(timelineReducer(rent, { type: 'change-new', field: 'month', value: '12' }).draft?.month).toBe('12');
    expect(timelineReducer(rent, { type: 'cancel-new' }).draft).toBeNull();
  });

  it('ignores a change with nothing being edited', () => {
    expect(timelineReducer(INITIAL_TIMELINE, { type: 'change', value: '1' })).toBe(INITIAL_TIMELINE);
  });
});

describe('vendorIdOf', () => {
  it('reads the vendor number at the top or in a tab, 0 when missing', () => {
    expect(vendorIdOf({ general: { vendor_id: 101 } })).toBe(101);
    expect(vendorIdOf({ vendor_id: '102' })).toBe(102);
    expect(vendorIdOf({ general: { vendor_id: 0 } })).toBe(0);
    expect(vendorIdOf({ general: { email: 'x' } })).toBe(0);
  });
});
