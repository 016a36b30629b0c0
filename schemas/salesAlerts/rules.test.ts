import { describe, expect, it } from 'vitest';
import {
  alertInUse,
  blockedRanges,
  dateAtNoonUtc,
  dateOnly,
  draftProblem,
  isDateBlocked,
  otherPendingExists,
  overlappingApproved,
  rangesOverlap,
  reviewedStatus,
  transitionProblem,
  truncateAlertText,
  type AlertRequestState,
  type ApproveType,
} from './rules';

const request = (id: number, approve_type: ApproveType, range?: [string, string], approve_date: string | null = '2026-01-01 10:00:00'): AlertRequestState => ({
  id,
  approve_type,
  is_default: range ? 0 : 1,
  range_start: range?.[0] ?? null,
  range_end: range?.[1] ?? null,
  approve_date: approve_type === 'approve' ? approve_date : null,
});

describe('rangesOverlap', () => {
  it.each([
    [['2030-03-01', '2030-03-10'], ['2030-03-10', '2030-03-12'], true],
    [['2030-03-01', '2030-03-10'], ['2030-03-11', '2030-03-12'], false],
    [['2030-03-05', '2030-03-06'], ['2030-03-01', '2030-03-31'], true],
    [['2030-02-27', '2030-03-01'], ['2030-03-01', '2030-03-01'], true],
    [['2030-03-02', '2030-03-03'], ['2030-03-01', '2030-03-01'], false],
  ])('%j and %j → %s (inclusive ends, both ways)', (a, b, expected) => {
    const [x, y] = [
      { start: a[0]!, end: a[1]! },
      { start: b[0]!, end: b[1]! },
    ];
    expect(rangesOverlap(x, y)).toBe(expected);
    expect(rangesOverlap(y, x)).toBe(expected);
  });

  it('blocks only approved range alerts, leaving the request itself out', () => {
    const requests = [
      request(1, 'approve', ['2030-03-01', '2030-03-10']),
      request(2, 'pending', ['2030-04-01', '2030-04-02']),
      request(3, 'decline', ['2030-05-01', '2030-05-02']),
      request(4, 'approve'),
    ];
    expect(blockedRanges(requests)).toEqual([{ id: 1, start: '2030-03-01', end: '2030-03-10' }]);
    expect(overlappingApproved(requests, { start: '2030-03-10', end: '2030-03-11' })?.id).toBe(1);
    expect(overlappingApproved(requests, { start: '2030-03-10', end: '2030-03-11' }, 1)).toBeNull();
    expect(overlappingApproved(requests, { start: '2030-04-01', end: '2030-05-02' })).toBeNull();
    expect(isDateBlocked(requests, '2030-03-01')).toBe(true);
    expect(isDateBlocked(requests, '2030-04-01')).toBe(false);
  });
});

describe('alertInUse', () => {
  const defaults = [
    request(1, 'approve', undefined, '2026-01-01 09:00:00'),
    request(2, 'approve', undefined, '2026-01-02 09:00:00'),
    request(3, 'pending'),
    request(4, 'decline'),
  ];
  it('is the latest approved default alert when no approved range covers the date', () => {
    expect(alertInUse(defaults, '2030-03-05')?.id).toBe(2);
    expect(alertInUse([...defaults, request(5, 'approve', ['2030-03-01', '2030-03-04'])], '2030-03-05')?.id).toBe(2);
  });
  it('is the approved range alert covering the date, ends included', () => {
    const requests = [...defaults, request(5, 'approve', ['2030-03-01', '2030-03-05']), request(6, 'pending', ['2030-03-05', '2030-03-05'])];
    expect(alertInUse(requests, '2030-03-01')?.id).toBe(5);
    expect(alertInUse(requests, '2030-03-05')?.id).toBe(5);
  });
  it('is null without an approved alert; ties on the approval date go to the newer id', () => {
    expect(alertInUse([request(1, 'pending'), request(2, 'decline')], '2030-03-05')).toBeNull();
    expect(alertInUse([request(7, 'approve'), request(8, 'approve')], '2030-03-05')?.id).toBe(8);
  });
});

describe('draftProblem', () => {
  const approved = [request(1, 'approve', ['2030-03-01', '2030-03-10'])];
  it.each([
    [{ alert_type: 'default_alert', request_content: 'Sale', startDate: null, endDate: null }, null],
    [{ alert_type: 'default_alert', request_content: ' ', startDate: null, endDate: null }, 'Please provide the alert text.'],
    [{ alert_type: 'range_alert', request_content: 'Sale', startDate: '2030-04-01', endDate: null }, 'Please Select The Date Range'],
    [{ alert_type: 'range_alert', request_content: 'Sale', startDate: null, endDate: '2030-04-01' }, 'Please Select The Date Range'],
    [
      { alert_type: 'range_alert', request_content: 'Sale', startDate: '2030-04-02', endDate: '2030-04-01' },
      'The start date must be on or before the end date.',
    ],
    [
      { alert_type: 'range_alert', request_content: 'Sale', startDate: '2030-03-10', endDate: '2030-03-12' },
      'These dates overlap an approved date-range alert (2030-03-01 to 2030-03-10): please select other dates.',
    ],
    [{ alert_type: 'range_alert', request_content: 'Sale', startDate: '2030-03-11', endDate: '2030-03-12' }, null],
  ] as const)('%j → %s', (draft, message) => {
    expect(draftProblem(draft, approved, null)?.message ?? null).toBe(message);
  });
  it('lets an approved range alert be edited over its own dates', () => {
    expect(draftProblem({ alert_type: 'range_alert', request_content: 'Sale', startDate: '2030-03-01', endDate: '2030-03-02' }, approved, 1)).toBeNull();
  });
});

describe('allowed transitions', () => {
  it.each([
    ['vendor_cancel', 'pending', null],
    ['vendor_cancel', 'approve', 'Only a pending request can be cancelled.'],
    ['vendor_cancel', 'decline', 'Only a pending request can be cancelled.'],
    ['vendor_delete', 'pending', 'A pending request cannot be deleted: cancel it instead.'],
    ['vendor_delete', 'approve', null],
    ['vendor_delete', 'decline', null],
    ['admin_approve', 'pending', null],
    ['admin_approve', 'approve', 'Only a pending request can be approved or declined.'],
    ['admin_approve', 'decline', 'Only a pending request can be approved or declined.'],
    ['admin_decline', 'pending', null],
    ['admin_decline', 'decline', 'Only a pending request can be approved or declined.'],
    ['vendor_request', 'pending', null],
    ['vendor_request', 'approve', null],
    ['vendor_request', 'decline', null],
  ] as const)('%s on a %s request → %s', (action, approve_type, message) => {
    expect(transitionProblem(action, { approve_type })).toBe(message);
  });
  it('maps reviews to statuses and allows one pending request per vendor', () => {
    expect(reviewedStatus('admin_approve')).toBe('approve');
    expect(reviewedStatus('admin_decline')).toBe('decline');
    expect(otherPendingExists([request(1, 'pending'), request(2, 'approve')], 1)).toBe(false);
    expect(otherPendingExists([request(1, 'pending'), request(2, 'approve')], 2)).toBe(true);
    expect(otherPendingExists([request(1, 'pending')], null)).toBe(true);
  });
});

describe('display values', () => {
  it('truncates history text to 20 characters', () => {
    expect(truncateAlertText('Twenty characters ok')).toBe('Twenty characters ok');
    expect(truncateAlertText('Half price on every lamp in booth 12')).toBe('Half price on every ...');
    expect(truncateAlertText('ééééééééééééééééééééé')).toBe('éééééééééééééééééééé...');
  });
  it('sends date-range values at 12:00 UTC and reads their day back', () => {
    expect(dateAtNoonUtc('2030-03-01')).toBe('2030-03-01T12:00:00.000Z');
    expect(dateOnly(dateAtNoonUtc('2030-03-01'))).toBe('2030-03-01');
  });
});
