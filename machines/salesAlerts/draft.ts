import {
  SALES_ALERT_MESSAGES as M,
  dateAtNoonUtc,
  draftProblem,
  keptMedia,
  mediaKindOfName,
  otherPendingExists,
  overlapMessage,
  overlappingApproved,
  transitionProblem,
  type ActionType,
  type AlertType,
  type SalesAlertRequestView,
  type SalesAlertView,
} from '../../schemas/salesAlerts';

/** A picked file; the File itself stays with the caller, keyed by `id`. */
export interface PickedFile {
  id: string;
  name: string;
}

/** The alert being written: a vendor's new or edited request, or an administrator's direct alert. */
export interface AlertDraftState {
  mode: 'request' | 'set';
  requestId: number | null;
  alert_type: AlertType;
  request_content: string;
  request_note: string;
  /** 'YYYY-MM-DD'; sent at 12:00 UTC. */
  startDate: string | null;
  endDate: string | null;
  approve_note: string;
  files: PickedFile[];
}

/** What the injected `submit` actor sends: the POST's fields, and the ids of the files for images[]. */
export interface AlertSubmission {
  action_type: ActionType;
  request_id: number | null;
  request_user: number | null;
  request_content: string;
  request_note: string;
  startDate: string;
  endDate: string;
  approve_note: string;
  alert_type: AlertType;
  files: string[];
}

export type AlertRole = 'vendor' | 'admin';

export const emptyDraft = (mode: AlertDraftState['mode']): AlertDraftState => ({
  mode,
  requestId: null,
  alert_type: 'default_alert',
  request_content: '',
  request_note: '',
  startDate: null,
  endDate: null,
  approve_note: '',
  files: [],
});

/** The draft an existing request opens as (the Pending Alert tab, or an edit from the history). */
export function draftFromRequest(request: SalesAlertRequestView): AlertDraftState {
  return {
    ...emptyDraft('request'),
    requestId: request.id,
    alert_type: request.is_default === 1 ? 'default_alert' : 'range_alert',
    request_content: request.request_content,
    request_note: request.request_note,
    startDate: request.range_start,
    endDate: request.range_end,
  };
}

/** Keeps images and videos only; a video among them leaves only the first video (spec 03 §5). */
export function pickFiles(files: readonly PickedFile[]): PickedFile[] {
  const typed = files.flatMap((file) => {
    const kind = mediaKindOfName(file.name);
    return kind ? [{ ...file, kind }] : [];
  });
  return keptMedia(typed).map(({ id, name }) => ({ id, name }));
}

export function submissionOf(draft: AlertDraftState, userId: number | null): AlertSubmission {
  const range = draft.alert_type === 'range_alert';
  return {
    action_type: draft.mode === 'set' ? 'admin_set' : 'vendor_request',
    request_id: draft.requestId,
    request_user: userId,
    request_content: draft.request_content,
    request_note: draft.request_note,
    startDate: range && draft.startDate ? dateAtNoonUtc(draft.startDate) : '',
    endDate: range && draft.endDate ? dateAtNoonUtc(draft.endDate) : '',
    approve_note: draft.approve_note,
    alert_type: draft.alert_type,
    files: draft.files.map((file) => file.id),
  };
}

export function reviewSubmission(action: ActionType, requestId: number, userId: number | null, note: string): AlertSubmission {
  return { ...submissionOf(emptyDraft('request'), userId), action_type: action, request_id: requestId, approve_note: note };
}

const requestsOf = (alert: SalesAlertView | null) => alert?.sale_alert_requests ?? [];

/** Why the popup refuses a request-level action, or null (the server decides the same way). */
export function requestActionProblem(role: AlertRole, action: ActionType, alert: SalesAlertView | null, requestId: number): string | null {
  const vendorAction = action.startsWith('vendor_');
  if (vendorAction && role !== 'vendor') return M.vendorOnly;
  if (!vendorAction && role !== 'admin') return M.adminOnly;
  const requests = requestsOf(alert);
  const request = requests.find((r) => r.id === requestId);
  if (!request) return M.notFound;
  if (action === 'admin_set') return null;
  const problem = transitionProblem(action, request);
  if (problem) return problem;
  if (action === 'admin_approve' && request.is_default === 0 && request.range_start && request.range_end) {
    const blocked = overlappingApproved(requests, { start: request.range_start, end: request.range_end }, request.id);
    if (blocked) return overlapMessage(blocked);
  }
  return null;
}

/** Why a draft cannot be sent, or null: vendor chosen for a direct alert, text, date range, overlap, one pending. */
export function submitProblem(draft: AlertDraftState, alert: SalesAlertView | null, userId: number | null): string | null {
  if (draft.mode === 'set' && userId === null) return M.vendorRequired;
  const requests = requestsOf(alert);
  const problem = draftProblem({ ...draft }, requests, draft.requestId);
  if (problem) return problem.message;
  if (draft.mode === 'request' && otherPendingExists(requests, draft.requestId)) return M.onePending;
  return null;
}
