import { assign, fromPromise, setup } from 'xstate';
import { fromDecimal, toDecimal, type Money } from '../../schemas/money';
import { INSTALMENT_NOT_DUE_STATUS, type InstalmentAnswer } from '../../schemas/orders/api';
import { errorMessage } from '../errorMessage';
import { defaultInstalmentAmount, rowsOf, type InstalmentRow } from './instalmentsRows';

/** Spec 03 §5, §8 messages of the layaway list and the instalment payment popup. */
export const INSTALMENT_MESSAGES = {
  formInvalid: 'The form is not valid.',
  noPayment: "This instalment doesn't have any payment attached.",
  unexpected: 'An unexpected error has occurred',
  paidLocked: 'Paid instalments cannot be edited.',
  notSaved: 'Create the instalment first.',
  alreadySaved: 'This instalment is already saved.',
  notFound: 'This instalment is no longer listed.',
} as const;

/** Spec 03 §8 dialog offered when an instalment payment is refused as not yet due. */
export const UPDATE_DATE_TITLE = 'Update Instalment Date';
export const UPDATE_DATE_MESSAGE = 'Would you like to mark that instalment as due today ? If you confirm the instalment will be marked as paid.';

export interface InstalmentsInput {
  orderId: number;
  /** The order total (ten-thousandths). */
  total: Money;
  /** Today, 'YYYY-MM-DD': the date of new rows and of a not-due instalment paid now. */
  today: string;
}

export interface InstalmentsContext extends InstalmentsInput {
  rows: InstalmentRow[];
  /** The row a write or the payment popup is about. */
  selectedKey: string | null;
  paymentType: string | null;
  nextKey: number;
  error: string | null;
  message: string | null;
}

export type InstalmentsEvent =
  | { type: 'RETRY' }
  | { type: 'ADD_INSTALMENT' }
  | { type: 'EDIT_DATE'; key: string; date: string }
  | { type: 'EDIT_AMOUNT'; key: string; amount: number }
  | { type: 'CREATE'; key: string }
  | { type: 'SAVE'; key: string }
  | { type: 'DELETE'; key: string }
  | { type: 'PAY'; key: string }
  | { type: 'SELECT_PAYMENT_TYPE'; paymentType: string | null }
  | { type: 'CONFIRM_DATE' }
  | { type: 'CANCEL' }
  | { type: 'RECEIPT'; key: string };

export interface InstalmentWrite {
  orderId: number;
  instalmentId: number;
  instalment: { date?: string; amount?: number };
}

function notProvided(name: string): never {
  throw new Error(`instalmentsMachine: provide the '${name}' actor with instalmentsMachine.provide({ actors: { ${name} } })`);
}

/** The instalment payment popup's check: a payment type is required (spec 03 §5). */
export function instalmentPaymentProblem(paymentType: string | null | undefined): string | null {
  return paymentType ? null : INSTALMENT_MESSAGES.formInvalid;
}

function rowOf(context: InstalmentsContext, key: string | null): InstalmentRow | undefined {
  return context.rows.find((row) => row.key === key);
}

/** The refusal an event meets, or null when it may proceed. */
function refusal(context: InstalmentsContext, event: InstalmentsEvent): string | null {
  if (event.type === 'SELECT_PAYMENT_TYPE') return instalmentPaymentProblem(event.paymentType);
  if (!('key' in event)) return null;
  const row = rowOf(context, event.key);
  if (!row) return INSTALMENT_MESSAGES.notFound;
  switch (event.type) {
    case 'EDIT_DATE':
    case 'EDIT_AMOUNT':
    case 'DELETE':
      return row.paid ? INSTALMENT_MESSAGES.paidLocked : null;
    case 'CREATE':
      return row.id !== null ? INSTALMENT_MESSAGES.alreadySaved : null;
    case 'SAVE':
    case 'PAY':
      return row.paid ? INSTALMENT_MESSAGES.paidLocked : row.id === null ? INSTALMENT_MESSAGES.notSaved : null;
    case 'RECEIPT':
      return row.paid && row.paymentId !== null ? null : INSTALMENT_MESSAGES.noPayment;
  }
}

const failure = (error: unknown) => errorMessage(error, INSTALMENT_MESSAGES.unexpected);
const refused = { guard: 'isRefused', actions: 'refuse' } as const;

function updateRow(context: InstalmentsContext, key: string, change: Partial<InstalmentRow>): InstalmentRow[] {
  return context.rows.map((row) => (row.key === key ? { ...row, ...change, changed: true } : row));
}

/**
 * The Layaway Installments list (spec 03 §2, §4, §8): newest first; unpaid rows edit their date and amount;
 * new rows are created, saved unpaid rows updated, deleted or paid through the payment popup; paid rows print
 * their receipt. A payment refused as not due (HTTP 409) offers to date the instalment today, then retries.
 * Injected actors: load({orderId}) → InstalmentAnswer[] (oldest first); create({orderId, instalment});
 * update(InstalmentWrite); remove({orderId, instalmentId}); pay({orderId, instalmentId, paymentType}) →
 * {message}; print({paymentId}). Failures reject with the server's message (and its HTTP status).
 */
export const instalmentsMachine = setup({
  types: {
    context: {} as InstalmentsContext,
    events: {} as InstalmentsEvent,
    input: {} as InstalmentsInput,
  },
  actors: {
    load: fromPromise<InstalmentAnswer[], { orderId: number }>(async () => notProvided('load')),
    create: fromPromise<{ message?: string }, { orderId: number; instalment: { date: string; amount: number } }>(async () => notProvided('create')),
    update: fromPromise<{ message?: string }, InstalmentWrite>(async () => notProvided('update')),
    remove: fromPromise<{ message?: string }, { orderId: number; instalmentId: number }>(async () => notProvided('remove')),
    pay: fromPromise<{ message?: string }, { orderId: number; instalmentId: number; paymentType: string }>(async () => notProvided('pay')),
    print: fromPromise<unknown, { paymentId: number }>(async () => notProvided('print')),
  },
  guards: {
    isRefused: ({ context, event }) => refusal(context, event) !== null,
    isUnsaved: ({ context, event }) => 'key' in event && rowOf(context, event.key)?.id === null,
    /** Spec 03 §8: the server refused the payment because the instalment is not due yet. */
    isNotDue: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === INSTALMENT_NOT_DUE_STATUS;
    },
  },
  actions: {
    refuse: assign({ error: ({ context, event }) => refusal(context, event), message: null }),
    fail: assign({ error: ({ event }) => failure((event as { error?: unknown }).error), message: null }),
    select: assign({ selectedKey: ({ event }) => ('key' in event ? event.key : null), error: null, message: null }),
    addRow: assign(({ context }) => ({
      rows: [
        {
          key: `new${context.nextKey}`,
          id: null,
          date: context.today,
          amount: defaultInstalmentAmount(context.total, context.rows),
          paid: false,
          paymentId: null,
          changed: true,
        },
        ...context.rows,
      ],
      nextKey: context.nextKey + 1,
      error: null,
    })),
    editDate: assign({
      rows: ({ context, event }) => (event.type === 'EDIT_DATE' ? updateRow(context, event.key, { date: event.date }) : context.rows),
      error: null,
    }),
    editAmount: assign({
      rows: ({ context, event }) =>
        event.type === 'EDIT_AMOUNT' && Number.isFinite(event.amount) && event.amount >= 0 && event.amount < 1e9
          ? updateRow(context, event.key, { amount: fromDecimal(event.amount) })
          : context.rows,
      error: null,
    }),
    dropRow: assign({ rows: ({ context, event }) => context.rows.filter((row) => !('key' in event) || row.key !== event.key), error: null }),
    /** The server's success message of a write. */
    remember: assign({ message: ({ event }) => (event as { output?: { message?: string } }).output?.message ?? null, error: null }),
    choosePaymentType: assign({ paymentType: ({ event }) => (event.type === 'SELECT_PAYMENT_TYPE' ? event.paymentType : null), error: null }),
  },
}).createMachine({
  id: 'instalments',
  initial: 'loading',
  context: ({ input }) => ({ ...input, rows: [], selectedKey: null, paymentType: null, nextKey: 1, error: null, message: null }),
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'idle', actions: assign({ rows: ({ event }) => rowsOf(event.output), selectedKey: null, paymentType: null }) },
        onError: { target: 'loadFailed', actions: 'fail' },
      },
    },
    loadFailed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    idle: {
      on: {
        ADD_INSTALMENT: { actions: 'addRow' },
        EDIT_DATE: [refused, { actions: 'editDate' }],
        EDIT_AMOUNT: [refused, { actions: 'editAmount' }],
        CREATE: [refused, { target: 'creating', actions: 'select' }],
        SAVE: [refused, { target: 'saving', actions: 'select' }],
        DELETE: [refused, { guard: 'isUnsaved', actions: 'dropRow' }, { target: 'deleting', actions: 'select' }],
        PAY: [refused, { target: 'choosingPaymentType', actions: 'select' }],
        RECEIPT: [refused, { target: 'printing', actions: 'select' }],
      },
    },
    creating: {
      invoke: {
        src: 'create',
        input: ({ context }) => {
          const row = rowOf(context, context.selectedKey)!;
          return { orderId: context.orderId, instalment: { date: row.date, amount: toDecimal(row.amount) } };
        },
        onDone: { target: 'loading', actions: 'remember' },
        onError: { target: 'idle', actions: 'fail' },
      },
    },
    saving: {
      invoke: {
        src: 'update',
        input: ({ context }) => {
          const row = rowOf(context, context.selectedKey)!;
          return { orderId: context.orderId, instalmentId: row.id!, instalment: { date: row.date, amount: toDecimal(row.amount) } };
        },
        onDone: { target: 'loading', actions: 'remember' },
        onError: { target: 'idle', actions: 'fail' },
      },
    },
    deleting: {
      invoke: {
        src: 'remove',
        input: ({ context }) => ({ orderId: context.orderId, instalmentId: rowOf(context, context.selectedKey)!.id! }),
        onDone: { target: 'loading', actions: 'remember' },
        onError: { target: 'idle', actions: 'fail' },
      },
    },
    choosingPaymentType: {
      on: {
        SELECT_PAYMENT_TYPE: [refused, { target: 'paying', actions: 'choosePaymentType' }],
        CANCEL: { target: 'idle', actions: assign({ selectedKey: null }) },
      },
    },
    paying: {
      invoke: {
        src: 'pay',
        input: ({ context }) => ({ orderId: context.orderId, instalmentId: rowOf(context, context.selectedKey)!.id!, paymentType: context.paymentType! }),
        onDone: { target: 'loading', actions: 'remember' },
        onError: [
          { guard: 'isNotDue', target: 'confirmingDate' },
          { target: 'idle', actions: 'fail' },
        ],
      },
    },
    confirmingDate: {
      on: {
        CONFIRM_DATE: { target: 'datingToday' },
        CANCEL: { target: 'idle', actions: assign({ selectedKey: null, paymentType: null }) },
      },
    },
    datingToday: {
      invoke: {
        src: 'update',
        input: ({ context }) => ({ orderId: context.orderId, instalmentId: rowOf(context, context.selectedKey)!.id!, instalment: { date: context.today } }),
        onDone: {
          target: 'paying',
          actions: assign({ rows: ({ context }) => context.rows.map((row) => (row.key === context.selectedKey ? { ...row, date: context.today } : row)) }),
        },
        onError: { target: 'idle', actions: 'fail' },
      },
    },
    printing: {
      invoke: {
        src: 'print',
        input: ({ context }) => ({ paymentId: rowOf(context, context.selectedKey)!.paymentId! }),
        onDone: { target: 'idle', actions: assign({ selectedKey: null }) },
        onError: { target: 'idle', actions: 'fail' },
      },
    },
  },
});
