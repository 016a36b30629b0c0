import { assign, fromPromise, setup } from 'xstate';
import { fromDecimal, sum, type Money } from '../../schemas/money';
import type { PaymentStatus } from '../../schemas/paymentStatus';
import type { RefundBody } from '../../schemas/orders/api';
import {
  GATEWAY_ONCE_MESSAGE,
  NOT_ENOUGH_QUANTITY_MESSAGE,
  NOTHING_TO_REFUND_MESSAGE,
  PAYMENT_AMOUNT_MESSAGE,
  PAYMENTS_SUM_MESSAGE,
  SELECT_GATEWAY_MESSAGE,
  refundPayments,
  refundTotal,
} from '../../schemas/orders/refundTotals';
import { errorMessage } from '../errorMessage';
import {
  previewChoice,
  proposedRefundSplit,
  refundBodyOf,
  remainingQuantity,
  type ChosenRefund,
  type RefundOrderLine,
  type RefundPaymentLine,
  type RefundProductChoice,
} from './refundLines';

/** Spec 03 §5 "Refund payment": the register the money comes from is required. */
export const REFUND_REGISTER_MESSAGE = 'Please Select Register That Refund Come From';

export interface RefundInput {
  orderId: number;
  lines: RefundOrderLine[];
  /** The order's shipping, refundable with refund_shipping. */
  shipping: Money;
  /** What the order can still give back. */
  refundable: Money;
  allowDecimalQuantities: boolean;
  /** What each tender can still give back (the order answer's refundable_by_tender); none: no default split shown. */
  tenders?: RefundPaymentLine[];
  /** The currency's smallest unit in ten-thousandths (100 at two decimals), the split's step. */
  step?: Money;
}

export interface RefundResult {
  message: string;
  paymentStatus: PaymentStatus;
  refundId: number;
}

export interface RefundContext extends RefundInput {
  chosen: ChosenRefund[];
  gateway: { identifier: string; label: string } | null;
  register: number | null;
  refundShipping: boolean;
  /** The keypad's amount. */
  screen: Money;
  payments: RefundPaymentLine[];
  /** Refund total: the chosen products plus the shipping when refunded. */
  total: Money;
  error: string | null;
  result: RefundResult | null;
  /** Submitted without payments: the server gives the money back the way it came. */
  asPaid: boolean;
}

export type RefundEvent =
  | { type: 'SELECT_GATEWAY'; identifier: string; label: string }
  | { type: 'SELECT_REGISTER'; register: number | null }
  | { type: 'PICK_PRODUCT'; orderProductId: number }
  | { type: 'ADD_PRODUCT'; choice: RefundProductChoice }
  | { type: 'CHANGE_QUANTITY'; index: number; quantity: number }
  | { type: 'REMOVE_PRODUCT'; index: number }
  | { type: 'REFUND_SHIPPING'; value: boolean }
  | { type: 'SET_SCREEN'; value: number }
  | { type: 'ADD_PAYMENT' }
  | { type: 'REMOVE_PAYMENT'; index: number }
  | { type: 'SUBMIT' }
  | { type: 'SUBMIT_AS_PAID' };

function notProvided(name: string): never {
  throw new Error(`refundMachine: provide the '${name}' actor with refundMachine.provide({ actors: { ${name} } })`);
}

function totalOf(chosen: readonly ChosenRefund[], shipping: Money, refundShipping: boolean): Money {
  return sum(chosen.map((entry) => entry.refund.total_price)) + (refundShipping ? Math.max(0, shipping) : 0);
}

function paidSum(payments: readonly RefundPaymentLine[]): Money {
  return sum(payments.map((payment) => payment.value));
}

/** How the money goes back when no tender is named: the server's split of the total (empty when there is none). */
export function proposedSplit(context: Pick<RefundContext, 'total' | 'tenders' | 'step'>): RefundPaymentLine[] {
  return proposedRefundSplit(context.total, context.tenders ?? [], context.step ?? 100);
}

/** Whether the refund can go back the way the money came: a total, a split, and no tender listed by hand. */
export function canSubmitAsPaid(context: Pick<RefundContext, 'total' | 'tenders' | 'step' | 'payments'>): boolean {
  return context.total > 0 && context.payments.length === 0 && proposedSplit(context).length > 0;
}

/** Whether the payments listed add up to the refund total: only then is Submit Refund shown (spec 03 §4). */
export function canSubmitRefund(context: Pick<RefundContext, 'total' | 'payments'>): boolean {
  return context.total > 0 && context.payments.length > 0 && paidSum(context.payments) === context.total;
}

function quantityChoice(context: RefundContext, index: number, quantity: number): RefundProductChoice | null {
  const entry = context.chosen[index];
  return entry ? { ...entry, quantity } : null;
}

/** The refusal an event meets (the spec's messages), or null when it may proceed. */
function refusal(context: RefundContext, event: RefundEvent): string | null {
  switch (event.type) {
    case 'PICK_PRODUCT': {
      const line = context.lines.find((candidate) => candidate.id === event.orderProductId);
      return line && remainingQuantity(line, context.chosen) > 0 ? null : NOT_ENOUGH_QUANTITY_MESSAGE;
    }
    case 'ADD_PRODUCT': {
      const answer = previewChoice(context.lines, context.chosen, event.choice, context.allowDecimalQuantities);
      return answer.ok ? null : answer.message;
    }
    case 'CHANGE_QUANTITY': {
      const choice = quantityChoice(context, event.index, event.quantity);
      if (!choice) return NOTHING_TO_REFUND_MESSAGE;
      const answer = previewChoice(context.lines, context.chosen, choice, context.allowDecimalQuantities, event.index);
      return answer.ok ? null : answer.message;
    }
    case 'ADD_PAYMENT': {
      if (!context.gateway) return SELECT_GATEWAY_MESSAGE;
      if (context.total <= 0) return NOTHING_TO_REFUND_MESSAGE;
      if (!(context.screen > 0) || context.screen > context.total - paidSum(context.payments)) return PAYMENT_AMOUNT_MESSAGE;
      const identifier = context.gateway.identifier;
      return context.payments.some((payment) => payment.identifier === identifier) ? GATEWAY_ONCE_MESSAGE : null;
    }
    case 'SUBMIT': {
      const total = refundTotal(
        context.chosen.map((entry) => entry.refund.total_price),
        context.refundShipping ? context.shipping : 0,
        context.refundable,
      );
      if (!total.ok) return total.message;
      const payments = refundPayments(
        context.payments.map((payment) => ({ identifier: payment.identifier, refundValue: payment.value })),
        total.total,
      );
      if (!payments.ok) return payments.message;
      return context.register === null ? REFUND_REGISTER_MESSAGE : null;
    }
    case 'SUBMIT_AS_PAID': {
      const total = refundTotal(
        context.chosen.map((entry) => entry.refund.total_price),
        context.refundShipping ? context.shipping : 0,
        context.refundable,
      );
      if (!total.ok) return total.message;
      if (!canSubmitAsPaid(context)) return PAYMENTS_SUM_MESSAGE;
      return context.register === null ? REFUND_REGISTER_MESSAGE : null;
    }
    default:
      return null;
  }
}

function withTotal(context: RefundContext, chosen: ChosenRefund[], refundShipping = context.refundShipping) {
  return { chosen, refundShipping, total: totalOf(chosen, context.shipping, refundShipping), error: null };
}

const refused = { guard: 'isRefused', actions: 'refuse' } as const;

/**
 * The new-refund screen (spec 03 §2, §4, §5): pick a gateway and a register, add order products (each
 * refund's amount from the pure rules of schemas/orders/refundTotals), enter amounts on the keypad into the
 * payment list, and submit once the payments add up to the total; or, with no payment listed, submit it to
 * go back the way the money came (the split shown is the server's rule on the server's figures). Each refusal carries the spec's message.
 * Injected actor: `submit({orderId, body})` resolves with {message, paymentStatus, refundId} and rejects with
 * the server's message.
 */
export const refundMachine = setup({
  types: {
    context: {} as RefundContext,
    events: {} as RefundEvent,
    input: {} as RefundInput,
  },
  actors: {
    submit: fromPromise<RefundResult, { orderId: number; body: RefundBody }>(async () => notProvided('submit')),
  },
  guards: {
    isRefused: ({ context, event }) => refusal(context, event) !== null,
  },
  actions: {
    refuse: assign({ error: ({ context, event }) => refusal(context, event) }),
    clearError: assign({ error: null }),
    selectGateway: assign({
      gateway: ({ event }) => (event.type === 'SELECT_GATEWAY' && event.identifier ? { identifier: event.identifier, label: event.label } : null),
      error: null,
    }),
    selectRegister: assign({ register: ({ event }) => (event.type === 'SELECT_REGISTER' ? event.register : null), error: null }),
    addProduct: assign(({ context, event }) => {
      if (event.type !== 'ADD_PRODUCT') return {};
      const answer = previewChoice(context.lines, context.chosen, event.choice, context.allowDecimalQuantities);
      if (!answer.ok) return {};
      const name = context.lines.find((line) => line.id === event.choice.orderProductId)?.name ?? '';
      return withTotal(context, [...context.chosen, { ...event.choice, quantity: answer.refund.quantity, name, refund: answer.refund }]);
    }),
    changeQuantity: assign(({ context, event }) => {
      if (event.type !== 'CHANGE_QUANTITY') return {};
      const choice = quantityChoice(context, event.index, event.quantity);
      const answer = choice && previewChoice(context.lines, context.chosen, choice, context.allowDecimalQuantities, event.index);
      if (!choice || !answer?.ok) return {};
      return withTotal(
        context,
        context.chosen.map((entry, index) => (index === event.index ? { ...entry, quantity: answer.refund.quantity, refund: answer.refund } : entry)),
      );
    }),
    removeProduct: assign(({ context, event }) =>
      event.type === 'REMOVE_PRODUCT'
        ? withTotal(
            context,
            context.chosen.filter((_, index) => index !== event.index),
          )
        : {},
    ),
    refundShipping: assign(({ context, event }) => (event.type === 'REFUND_SHIPPING' ? withTotal(context, context.chosen, event.value) : {})),
    setScreen: assign({
      screen: ({ event }) =>
        event.type === 'SET_SCREEN' && Number.isFinite(event.value) && event.value > 0 && event.value < 1e9 ? fromDecimal(event.value) : 0,
    }),
    addPayment: assign(({ context }) => ({
      payments: [...context.payments, { identifier: context.gateway!.identifier, label: context.gateway!.label, value: context.screen }],
      screen: 0,
      error: null,
    })),
    removePayment: assign({
      payments: ({ context, event }) => (event.type === 'REMOVE_PAYMENT' ? context.payments.filter((_, index) => index !== event.index) : context.payments),
      error: null,
    }),
  },
}).createMachine({
  id: 'refund',
  initial: 'editing',
  context: ({ input }) => ({
    ...input,
    chosen: [],
    gateway: null,
    register: null,
    refundShipping: false,
    screen: 0,
    payments: [],
    total: 0,
    error: null,
    result: null,
    asPaid: false,
  }),
  states: {
    editing: {
      on: {
        SELECT_GATEWAY: { actions: 'selectGateway' },
        SELECT_REGISTER: { actions: 'selectRegister' },
        PICK_PRODUCT: [refused, { actions: 'clearError' }],
        ADD_PRODUCT: [refused, { actions: 'addProduct' }],
        CHANGE_QUANTITY: [refused, { actions: 'changeQuantity' }],
        REMOVE_PRODUCT: { actions: 'removeProduct' },
        REFUND_SHIPPING: { actions: 'refundShipping' },
        SET_SCREEN: { actions: 'setScreen' },
        ADD_PAYMENT: [refused, { actions: 'addPayment' }],
        REMOVE_PAYMENT: { actions: 'removePayment' },
        SUBMIT: [refused, { target: 'submitting', actions: ['clearError', assign({ asPaid: false })] }],
        SUBMIT_AS_PAID: [refused, { target: 'submitting', actions: ['clearError', assign({ asPaid: true })] }],
      },
    },
    submitting: {
      invoke: {
        src: 'submit',
        input: ({ context }) => ({ orderId: context.orderId, body: refundBodyOf(context) }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        // Spec 03 §8: server failures show the server's message.
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    done: { type: 'final' },
  },
});
