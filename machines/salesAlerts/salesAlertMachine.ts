import { assign, fromPromise, setup } from 'xstate';
import { SALES_ALERT_MESSAGES as M, type SalesAlertView } from '../../schemas/salesAlerts';
import { errorMessage } from '../errorMessage';
import {
  draftFromRequest,
  emptyDraft,
  pickFiles,
  requestActionProblem,
  reviewSubmission,
  submissionOf,
  submitProblem,
  type AlertDraftState,
  type AlertRole,
  type AlertSubmission,
  type PickedFile,
} from './draft';

export interface SalesAlertInput {
  role: AlertRole;
  /** The vendor's own user id; for an administrator the vendor chosen beforehand, or null. */
  userId?: number | null;
}

export interface SalesAlertContext {
  role: AlertRole;
  userId: number | null;
  salesAlert: SalesAlertView | null;
  draft: AlertDraftState;
  submission: AlertSubmission | null;
  error: string | null;
  message: string | null;
}

type DraftFields = Partial<Pick<AlertDraftState, 'alert_type' | 'request_content' | 'request_note' | 'startDate' | 'endDate' | 'approve_note'>>;

export type SalesAlertEvent =
  | { type: 'SELECT_VENDOR'; userId: number | null }
  | { type: 'RETRY' }
  | { type: 'NEW_ALERT' }
  | { type: 'EDIT'; requestId: number }
  | { type: 'SET_ALERT' }
  | { type: 'CHANGE'; values: DraftFields }
  | { type: 'PICK_FILES'; files: PickedFile[] }
  | { type: 'SUBMIT' }
  | { type: 'BACK' }
  | { type: 'CANCEL_REQUEST'; requestId: number }
  | { type: 'DELETE_REQUEST'; requestId: number }
  | { type: 'APPROVE'; requestId: number; note?: string }
  | { type: 'DECLINE'; requestId: number; note?: string }
  | { type: 'CONTINUE' };

function notProvided(name: string): never {
  throw new Error(`salesAlertMachine: provide the '${name}' actor with salesAlertMachine.provide({ actors: { ${name} } })`);
}

/** The refusal an event meets in the current context (the spec's messages), or null when it may proceed. */
function refusal(context: SalesAlertContext, event: SalesAlertEvent): string | null {
  const { role, salesAlert } = context;
  switch (event.type) {
    case 'SELECT_VENDOR':
      return role !== 'admin' ? M.adminOnly : event.userId ? null : M.vendorRequired;
    case 'NEW_ALERT':
      return role === 'vendor' ? null : M.vendorOnly;
    case 'EDIT':
      return requestActionProblem(role, 'vendor_request', salesAlert, event.requestId);
    case 'SET_ALERT':
      return role !== 'admin' ? M.adminOnly : context.userId === null ? M.vendorRequired : null;
    case 'CANCEL_REQUEST':
      return requestActionProblem(role, 'vendor_cancel', salesAlert, event.requestId);
    case 'DELETE_REQUEST':
      return requestActionProblem(role, 'vendor_delete', salesAlert, event.requestId);
    case 'APPROVE':
      return requestActionProblem(role, 'admin_approve', salesAlert, event.requestId);
    case 'DECLINE':
      return requestActionProblem(role, 'admin_decline', salesAlert, event.requestId);
    case 'SUBMIT':
      return submitProblem(context.draft, salesAlert, context.userId);
    default:
      return null;
  }
}

function reviewOf(context: SalesAlertContext, event: SalesAlertEvent): AlertSubmission | null {
  switch (event.type) {
    case 'CANCEL_REQUEST':
      return reviewSubmission('vendor_cancel', event.requestId, context.userId, '');
    case 'DELETE_REQUEST':
      return reviewSubmission('vendor_delete', event.requestId, context.userId, '');
    case 'APPROVE':
      return reviewSubmission('admin_approve', event.requestId, context.userId, event.note ?? '');
    case 'DECLINE':
      return reviewSubmission('admin_decline', event.requestId, context.userId, event.note ?? '');
    default:
      return null;
  }
}

const refused = { guard: 'isRefused', actions: 'refuse' } as const;

/**
 * The vendor sales alert popup (spec 03): a vendor views the alert in use and their history, writes a new
 * alert or edits the pending one, cancels a pending request, edits or deletes a reviewed one; an
 * administrator selects a vendor, approves or declines pending requests with a note, or sets an alert.
 * Injected actors: `load({userId})` resolves with the GET answer's salesAlert; `submit(AlertSubmission)`
 * resolves with the server's {message} and rejects with its message.
 */
export const salesAlertMachine = setup({
  types: {
    context: {} as SalesAlertContext,
    events: {} as SalesAlertEvent,
    input: {} as SalesAlertInput,
  },
  actors: {
    load: fromPromise<SalesAlertView, { userId: number }>(async () => notProvided('load')),
    submit: fromPromise<{ message?: string }, AlertSubmission>(async () => notProvided('submit')),
  },
  guards: {
    needsVendor: ({ context }) => context.userId === null,
    /** The failed call sent a draft (request or direct alert), so going back reopens it. */
    wasDraft: ({ context }) => context.submission?.action_type === 'vendor_request' || context.submission?.action_type === 'admin_set',
    isRefused: ({ context, event }) => refusal(context, event) !== null,
  },
  actions: {
    refuse: assign({ error: ({ context, event }) => refusal(context, event), message: null }),
    clearError: assign({ error: null, message: null }),
    selectVendor: assign({ userId: ({ event }) => (event.type === 'SELECT_VENDOR' ? event.userId : null), salesAlert: null }),
    startNewAlert: assign({
      draft: ({ context }) => {
        const pending = context.salesAlert?.sale_alert_requests.find((r) => r.approve_type === 'pending');
        return pending ? draftFromRequest(pending) : emptyDraft('request');
      },
      error: null,
    }),
    startEdit: assign({
      draft: ({ context, event }) => {
        const request = context.salesAlert?.sale_alert_requests.find((r) => event.type === 'EDIT' && r.id === event.requestId);
        return request ? draftFromRequest(request) : emptyDraft('request');
      },
      error: null,
    }),
    startSet: assign({ draft: () => emptyDraft('set'), error: null }),
    change: assign({ draft: ({ context, event }) => (event.type === 'CHANGE' ? { ...context.draft, ...event.values } : context.draft), error: null }),
    pick: assign({ draft: ({ context, event }) => (event.type === 'PICK_FILES' ? { ...context.draft, files: pickFiles(event.files) } : context.draft) }),
    prepareDraft: assign({ submission: ({ context }) => submissionOf(context.draft, context.userId), error: null, message: null }),
    prepareReview: assign({ submission: ({ context, event }) => reviewOf(context, event), error: null, message: null }),
  },
}).createMachine({
  id: 'salesAlert',
  initial: 'start',
  context: ({ input }) => ({
    role: input.role,
    userId: input.userId ?? null,
    salesAlert: null,
    draft: emptyDraft('request'),
    submission: null,
    error: null,
    message: null,
  }),
  states: {
    start: { always: [{ guard: 'needsVendor', target: 'choosingVendor' }, { target: 'loading' }] },
    choosingVendor: {
      on: { SELECT_VENDOR: [refused, { target: 'loading', actions: ['selectVendor', 'clearError'] }] },
    },
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ userId: context.userId! }),
        onDone: { target: 'viewing', actions: assign({ salesAlert: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    loadFailed: { on: { RETRY: { target: 'loading', actions: 'clearError' } } },
    viewing: {
      on: {
        SELECT_VENDOR: [refused, { target: 'loading', actions: ['selectVendor', 'clearError'] }],
        NEW_ALERT: [refused, { target: 'editing', actions: 'startNewAlert' }],
        EDIT: [refused, { target: 'editing', actions: 'startEdit' }],
        SET_ALERT: [refused, { target: 'editing', actions: 'startSet' }],
        CANCEL_REQUEST: [refused, { target: 'submitting', actions: 'prepareReview' }],
        DELETE_REQUEST: [refused, { target: 'submitting', actions: 'prepareReview' }],
        APPROVE: [refused, { target: 'submitting', actions: 'prepareReview' }],
        DECLINE: [refused, { target: 'submitting', actions: 'prepareReview' }],
      },
    },
    editing: {
      on: {
        CHANGE: { actions: 'change' },
        PICK_FILES: { actions: 'pick' },
        SUBMIT: [refused, { target: 'submitting', actions: 'prepareDraft' }],
        BACK: { target: 'viewing', actions: 'clearError' },
      },
    },
    submitting: {
      invoke: {
        src: 'submit',
        input: ({ context }) => context.submission!,
        onDone: { target: 'done', actions: assign({ message: ({ event }) => event.output?.message ?? null }) },
        // Spec 03 §8: sales alert failures show the server's message.
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    done: { on: { CONTINUE: { target: 'loading', actions: assign({ submission: null }) } } },
    failed: {
      on: {
        RETRY: { target: 'submitting', actions: 'clearError' },
        BACK: [
          { guard: 'wasDraft', target: 'editing', actions: 'clearError' },
          { target: 'viewing', actions: 'clearError' },
        ],
      },
    },
  },
});
