/**
 * Vendor sales alerts (spec 03 §3, §4, §5, §6): the state of a request and who may move it, pure so the
 * server's service and the popup's machine decide alike.
 */
export const APPROVE_TYPES = ['pending', 'approve', 'decline'] as const;
export type ApproveType = (typeof APPROVE_TYPES)[number];

export const ALERT_TYPES = ['default_alert', 'range_alert'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const VENDOR_ACTIONS = ['vendor_request', 'vendor_cancel', 'vendor_delete'] as const;
export const ADMIN_ACTIONS = ['admin_approve', 'admin_decline', 'admin_set'] as const;
export const ACTION_TYPES = [...VENDOR_ACTIONS, ...ADMIN_ACTIONS] as const;
export type VendorAction = (typeof VENDOR_ACTIONS)[number];
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
export type ActionType = (typeof ACTION_TYPES)[number];

/** The spec's exact messages (§5), then ours for the transitions the spec leaves unnamed. */
export const SALES_ALERT_MESSAGES = {
  rangeRequired: 'Please Select The Date Range',
  vendorRequired: 'Please Select Vendor To Set The ALert',
  rangeOrder: 'The start date must be on or before the end date.',
  contentRequired: 'Please provide the alert text.',
  cancelNotPending: 'Only a pending request can be cancelled.',
  deletePending: 'A pending request cannot be deleted: cancel it instead.',
  reviewNotPending: 'Only a pending request can be approved or declined.',
  onePending: 'You already have a pending request: edit or cancel it first.',
  requestRequired: 'Please select the alert request.',
  notFound: 'The sales alert request was not found.',
  notYours: 'You can only act on your own sales alerts.',
  vendorOnly: 'Only vendors can request, cancel or delete their sales alerts.',
  adminOnly: 'Only administrators can approve, decline or set sales alerts.',
  created: 'The sales alert request has been sent.',
  updated: 'The sales alert request has been updated.',
  cancelled: 'The sales alert request has been cancelled.',
  deleted: 'The sales alert request has been deleted.',
  approved: 'The sales alert request has been approved.',
  declined: 'The sales alert request has been declined.',
  set: 'The sales alert has been set.',
} as const;

/** A date range, as 'YYYY-MM-DD' (inclusive on both ends). */
export interface DateRange {
  start: string;
  end: string;
}

/** What the rules read of a request. */
export interface AlertRequestState {
  id: number;
  approve_type: ApproveType;
  /** 1 default alert, 0 date-range alert. */
  is_default: number;
  range_start: string | null;
  range_end: string | null;
  approve_date: string | null;
}

/** Inclusive ranges overlap when each starts on or before the other ends; ISO dates compare as text. */
export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return a.start <= b.end && b.start <= a.end;
}

/** The approved date-range alerts' ranges: the dates they block from selection. */
export function blockedRanges(requests: readonly AlertRequestState[], exceptId: number | null = null): Array<DateRange & { id: number }> {
  return requests
    .filter((r) => r.id !== exceptId && r.approve_type === 'approve' && r.is_default === 0 && r.range_start && r.range_end)
    .map((r) => ({ id: r.id, start: r.range_start!, end: r.range_end! }));
}

/** The approved range alert a range collides with, or null; the request itself is left out. */
export function overlappingApproved(
  requests: readonly AlertRequestState[],
  range: DateRange,
  selfId: number | null = null,
): (DateRange & { id: number }) | null {
  return blockedRanges(requests, selfId).find((blocked) => rangesOverlap(blocked, range)) ?? null;
}

/** Refusal for a range overlapping an approved one, naming the blocked dates. */
export function overlapMessage(blocked: DateRange): string {
  return `These dates overlap an approved date-range alert (${blocked.start} to ${blocked.end}): please select other dates.`;
}

/** A date is blocked for selection when an approved range alert covers it. */
export function isDateBlocked(requests: readonly AlertRequestState[], date: string): boolean {
  return blockedRanges(requests).some((range) => range.start <= date && date <= range.end);
}

/** Latest approval first; ids break ties so the answer never depends on row order. */
function byLatestApproval(a: AlertRequestState, b: AlertRequestState): number {
  const dates = (b.approve_date ?? '').localeCompare(a.approve_date ?? '');
  return dates !== 0 ? dates : b.id - a.id;
}

/** The alert in use on a date: the approved range alert covering it, else the latest approved default alert. */
export function alertInUse<T extends AlertRequestState>(requests: readonly T[], date: string): T | null {
  const approved = requests.filter((r) => r.approve_type === 'approve').sort(byLatestApproval);
  const range = approved.find((r) => r.is_default === 0 && r.range_start && r.range_end && r.range_start <= date && date <= r.range_end);
  return range ?? approved.find((r) => r.is_default === 1) ?? null;
}

/** What a new or edited alert carries. */
export interface AlertDraft {
  alert_type: AlertType;
  request_content: string;
  startDate: string | null;
  endDate: string | null;
}

/** A refused draft: the field at fault, or `overlap` when approved dates block it (a conflict, not a typo). */
export interface DraftProblem {
  message: string;
  field: 'request_content' | 'startDate' | 'overlap';
}

/** The first rule a draft breaks (§5), or null; `others` are the vendor's requests, for the overlap rule. */
export function draftProblem(draft: AlertDraft, others: readonly AlertRequestState[], selfId: number | null): DraftProblem | null {
  if (draft.request_content.trim() === '') return { message: SALES_ALERT_MESSAGES.contentRequired, field: 'request_content' };
  if (draft.alert_type === 'default_alert') return null;
  if (!draft.startDate || !draft.endDate) return { message: SALES_ALERT_MESSAGES.rangeRequired, field: 'startDate' };
  if (draft.startDate > draft.endDate) return { message: SALES_ALERT_MESSAGES.rangeOrder, field: 'startDate' };
  const blocked = overlappingApproved(others, { start: draft.startDate, end: draft.endDate }, selfId);
  return blocked ? { message: overlapMessage(blocked), field: 'overlap' } : null;
}

/**
 * Why a transition of an existing request is refused, or null when allowed (§4): cancel only a pending
 * request, delete only a non-pending one, approve or decline only a pending one; edit any of one's own.
 */
export function transitionProblem(action: Exclude<ActionType, 'admin_set'>, request: Pick<AlertRequestState, 'approve_type'>): string | null {
  switch (action) {
    case 'vendor_cancel':
      return request.approve_type === 'pending' ? null : SALES_ALERT_MESSAGES.cancelNotPending;
    case 'vendor_delete':
      return request.approve_type === 'pending' ? SALES_ALERT_MESSAGES.deletePending : null;
    case 'admin_approve':
    case 'admin_decline':
      return request.approve_type === 'pending' ? null : SALES_ALERT_MESSAGES.reviewNotPending;
    case 'vendor_request':
      return null;
  }
}

/** Whether a vendor already waits on another pending request (one at a time: the popup's Pending Alert tab). */
export function otherPendingExists(requests: readonly AlertRequestState[], selfId: number | null): boolean {
  return requests.some((r) => r.approve_type === 'pending' && r.id !== selfId);
}

/** The status an approval sets. */
export function reviewedStatus(action: 'admin_approve' | 'admin_decline'): ApproveType {
  return action === 'admin_approve' ? 'approve' : 'decline';
}

/** History entries show at most 20 characters of the request text (§9). */
export const HISTORY_TEXT_LENGTH = 20;
export function truncateAlertText(text: string, length: number = HISTORY_TEXT_LENGTH): string {
  const characters = Array.from(text);
  return characters.length > length ? `${characters.slice(0, length).join('')}...` : text;
}

/** A date-range value as the popup sends it: the day at 12:00 UTC (§9), so no time zone moves it a day. */
export function dateAtNoonUtc(date: string): string {
  return `${date.slice(0, 10)}T12:00:00.000Z`;
}

/** 'YYYY-MM-DD' of a sent date ('2026-03-01', '2026-03-01T12:00:00.000Z'). */
export function dateOnly(value: string): string {
  return value.slice(0, 10);
}
