import { assign, fromPromise, setup } from 'xstate';
import { ACCOUNT_PAYMENT, CASH_PAYMENT, type OrderAnswer, type PaymentAnswer, type PaymentInput } from '../../schemas/orders/api';
import { errorMessage } from '../errorMessage';
import { actionRefusal } from '../../schemas/orders/rules';
import { PAYMENT_MESSAGES, paymentRefusal, type PaymentDraft } from './orderPaymentRules';

export interface OrderPaymentInput {
  /** Its allowed_actions (schemas/orders/rules, for the signed-in user) and left_to_pay, as the server answered them. */
  order: OrderAnswer;
}

export interface VendorAccount {
  id: number;
  username: string;
  vendor_id: number;
}

export interface OrderPaymentContext extends OrderPaymentInput, PaymentDraft {
  /** Active vendors offered for the account payment, once loaded. */
  vendors: VendorAccount[] | null;
  error: string | null;
  message: string | null;
  /** The last payment taken (its receipt is printed). */
  payment: PaymentAnswer | null;
  /** The payment being deleted. */
  deletingId: number | null;
}

export type OrderPaymentEvent =
  | { type: 'SELECT_TYPE'; identifier: string }
  | { type: 'SET_AMOUNT'; value: number }
  | { type: 'FULL_AMOUNT' }
  | { type: 'PICK_VENDOR'; vendor: VendorAccount }
  | { type: 'SUBMIT' }
  | { type: 'DELETE_PAYMENT'; paymentId: number }
  | { type: 'ORDER_CHANGED'; order: OrderAnswer };

export interface PaymentWriteAnswer {
  message?: string;
  payment: PaymentAnswer;
  order: OrderAnswer;
}

function notProvided(name: string): never {
  throw new Error(`orderPaymentMachine: provide the '${name}' actor with orderPaymentMachine.provide({ actors: { ${name} } })`);
}

const refusalOf = (context: OrderPaymentContext) => paymentRefusal(context.order, context);

/**
 * The Payments tab (spec 03 §2, §5): a payment type, an amount from the numpad (Full Amount fills the
 * unpaid amount), and for the vendor account payment a vendor from the active list with the balance
 * the server reports. Refusals carry the spec's messages; the server answers the order after each write.
 * Injected actors: loadVendors(), loadBalance({userId}) → balance, addPayment(PaymentInput & {orderId}),
 * deletePayment({orderId, paymentId}) → order.
 */
export const orderPaymentMachine = setup({
  types: {
    context: {} as OrderPaymentContext,
    events: {} as OrderPaymentEvent,
    input: {} as OrderPaymentInput,
  },
  actors: {
    loadVendors: fromPromise<VendorAccount[], void>(async () => notProvided('loadVendors')),
    loadBalance: fromPromise<number, { userId: number }>(async () => notProvided('loadBalance')),
    addPayment: fromPromise<PaymentWriteAnswer, PaymentInput & { orderId: number }>(async () => notProvided('addPayment')),
    deletePayment: fromPromise<OrderAnswer, { orderId: number; paymentId: number }>(async () => notProvided('deletePayment')),
  },
  guards: {
    // A user without the capability is not offered payment entry: nothing to say. A state refusal is shown (isRefused).
    lacksPayCapability: ({ context }) => !context.order.allowed_actions.pay && actionRefusal('pay', context.order) === null,
    cannotDeletePayment: ({ context }) => !context.order.allowed_actions.delete_payment,
    needsVendors: ({ context, event }) => event.type === 'SELECT_TYPE' && event.identifier === ACCOUNT_PAYMENT && context.vendors === null,
    isRefused: ({ context }) => refusalOf(context) !== null,
  },
  actions: {
    selectType: assign({
      identifier: ({ context, event }) => (event.type === 'SELECT_TYPE' ? event.identifier : context.identifier),
      error: null,
    }),
    setAmount: assign({ amount: ({ context, event }) => (event.type === 'SET_AMOUNT' ? Math.max(0, event.value) : context.amount), error: null }),
    fullAmount: assign({ amount: ({ context }) => context.order.left_to_pay, error: null }),
    pickVendor: assign({ vendor: ({ context, event }) => (event.type === 'PICK_VENDOR' ? event.vendor : context.vendor), balance: null, error: null }),
    refuse: assign({ error: ({ context }) => refusalOf(context), message: null }),
    clearNotice: assign({ error: null, message: null }),
    markDeletion: assign({ deletingId: ({ event }) => (event.type === 'DELETE_PAYMENT' ? event.paymentId : null) }),
    changeOrder: assign({ order: ({ context, event }) => (event.type === 'ORDER_CHANGED' ? event.order : context.order) }),
  },
}).createMachine({
  id: 'orderPayment',
  initial: 'entering',
  context: ({ input }) => ({
    ...input,
    identifier: CASH_PAYMENT,
    amount: 0,
    vendor: null,
    balance: null,
    vendors: null,
    error: null,
    message: null,
    payment: null,
    deletingId: null,
  }),
  on: { ORDER_CHANGED: { actions: 'changeOrder' } },
  states: {
    entering: {
      on: {
        SELECT_TYPE: [{ guard: 'needsVendors', target: 'loadingVendors', actions: 'selectType' }, { actions: 'selectType' }],
        SET_AMOUNT: { actions: 'setAmount' },
        FULL_AMOUNT: { actions: 'fullAmount' },
        PICK_VENDOR: { target: 'loadingBalance', actions: 'pickVendor' },
        SUBMIT: [{ guard: 'lacksPayCapability' }, { guard: 'isRefused', actions: 'refuse' }, { target: 'submitting', actions: 'clearNotice' }],
        DELETE_PAYMENT: [{ guard: 'cannotDeletePayment' }, { target: 'deleting', actions: ['clearNotice', 'markDeletion'] }],
      },
    },
    loadingVendors: {
      invoke: {
        src: 'loadVendors',
        onDone: { target: 'entering', actions: assign({ vendors: ({ event }) => event.output }) },
        onError: { target: 'entering', actions: assign({ vendors: [], error: PAYMENT_MESSAGES.noVendorFound }) },
      },
    },
    loadingBalance: {
      invoke: {
        src: 'loadBalance',
        input: ({ context }) => ({ userId: context.vendor!.id }),
        onDone: { target: 'entering', actions: assign({ balance: ({ event }) => event.output }) },
        onError: { target: 'entering', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    submitting: {
      invoke: {
        src: 'addPayment',
        input: ({ context }) => ({
          orderId: context.order.id,
          identifier: context.identifier,
          value: context.amount,
          ...(context.identifier === ACCOUNT_PAYMENT ? { vendor_id: context.vendor!.vendor_id } : {}),
        }),
        onDone: {
          target: 'entering',
          actions: assign({
            order: ({ event }) => event.output.order,
            payment: ({ event }) => event.output.payment,
            message: ({ event }) => event.output.message ?? null,
            amount: 0,
          }),
        },
        onError: { target: 'entering', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    deleting: {
      invoke: {
        src: 'deletePayment',
        input: ({ context }) => ({ orderId: context.order.id, paymentId: context.deletingId! }),
        onDone: { target: 'entering', actions: assign({ order: ({ event }) => event.output, deletingId: null }) },
        // Spec 03 §8: a failed payment deletion is silent.
        onError: { target: 'entering', actions: assign({ deletingId: null }) },
      },
    },
  },
});
