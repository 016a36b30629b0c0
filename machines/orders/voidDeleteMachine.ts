import { assign, fromPromise, setup } from 'xstate';
import type { CheckoutLine, OrderAnswer, OrderProductAnswer } from '../../schemas/orders/api';
import { errorMessage } from '../errorMessage';

type VoidableOrder = Pick<OrderAnswer, 'id' | 'code' | 'payment_status' | 'products' | 'allowed_actions'>;

export interface VoidDeleteInput {
  /** The server's allowed_actions (schemas/orders/rules, for the signed-in user) decide whether void and delete are offered. */
  order: VoidableOrder;
}

export interface VoidDeleteContext extends VoidDeleteInput {
  reason: string;
  addToCart: boolean;
  message: string | null;
  error: string | null;
}

export type VoidDeleteEvent = { type: 'VOID' } | { type: 'DELETE' };

export interface VoidAnswer {
  reason: string;
  addToCart: boolean;
}
export interface VoidCartInput {
  fromOrderCode: string;
  products: CheckoutLine[];
}

/** A sold line as a new cart line ('Add Items To Shopping Cart', spec 03 §4). */
export function cartLineOf(line: OrderProductAnswer): CheckoutLine {
  return {
    product_id: line.product_id,
    unit_id: line.unit_id,
    product_type: line.product_type,
    name: line.name,
    unit_price: line.unit_price,
    quantity: line.quantity,
    tax_type: line.tax_type,
    discount_type: line.discount_type,
    discount_percentage: line.discount_percentage,
    discount: line.discount,
    vendor_id: line.vendor_id,
  };
}

function notProvided(name: string): never {
  throw new Error(`voidDeleteMachine: provide the '${name}' actor with voidDeleteMachine.provide({ actors: { ${name} } })`);
}

/**
 * Void and delete from the Order Options footer (spec 03 §4): void asks a reason (and whether to put the
 * items back into a cart) through `promptVoid`, calls `voidOrder`, and with the checkbox hands the lines to
 * `toCart` (which stores the void cart and goes to the till); delete asks `confirmDelete`, then calls
 * `deleteOrder`. Failures keep the server's message (spec 03 §8).
 */
export const voidDeleteMachine = setup({
  types: {
    context: {} as VoidDeleteContext,
    events: {} as VoidDeleteEvent,
    input: {} as VoidDeleteInput,
  },
  actors: {
    promptVoid: fromPromise<VoidAnswer | null, { code: string }>(async () => notProvided('promptVoid')),
    voidOrder: fromPromise<{ message?: string }, { orderId: number; reason: string }>(async () => notProvided('voidOrder')),
    toCart: fromPromise<void, VoidCartInput>(async () => notProvided('toCart')),
    confirmDelete: fromPromise<boolean, { code: string }>(async () => notProvided('confirmDelete')),
    deleteOrder: fromPromise<{ message?: string }, { orderId: number }>(async () => notProvided('deleteOrder')),
  },
  guards: {
    cannotVoid: ({ context }) => !context.order.allowed_actions.void,
    cannotDelete: ({ context }) => !context.order.allowed_actions.delete,
    isAnswered: ({ event }) => Boolean((event as { output?: VoidAnswer | null }).output),
    wantsCart: ({ context }) => context.addToCart,
    isConfirmed: ({ event }) => (event as { output?: boolean }).output === true,
  },
  actions: {
    clearNotice: assign({ error: null, message: null }),
    keepAnswer: assign(({ event }) => {
      const answer = (event as { output?: VoidAnswer }).output!;
      return { reason: answer.reason, addToCart: answer.addToCart };
    }),
    keepMessage: assign({ message: ({ event }) => (event as { output?: { message?: string } }).output?.message ?? null }),
    keepError: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'voidDelete',
  initial: 'idle',
  context: ({ input }) => ({ ...input, reason: '', addToCart: false, message: null, error: null }),
  states: {
    idle: {
      on: {
        VOID: [{ guard: 'cannotVoid' }, { target: 'prompting', actions: 'clearNotice' }],
        DELETE: [{ guard: 'cannotDelete' }, { target: 'confirming', actions: 'clearNotice' }],
      },
    },
    prompting: {
      invoke: {
        src: 'promptVoid',
        input: ({ context }) => ({ code: context.order.code }),
        onDone: [{ guard: 'isAnswered', target: 'voiding', actions: 'keepAnswer' }, { target: 'idle' }],
        onError: { target: 'idle' },
      },
    },
    voiding: {
      invoke: {
        src: 'voidOrder',
        input: ({ context }) => ({ orderId: context.order.id, reason: context.reason }),
        onDone: [
          { guard: 'wantsCart', target: 'movingToCart', actions: 'keepMessage' },
          { target: 'voided', actions: 'keepMessage' },
        ],
        onError: { target: 'idle', actions: 'keepError' },
      },
    },
    movingToCart: {
      invoke: {
        src: 'toCart',
        input: ({ context }) => ({ fromOrderCode: context.order.code, products: context.order.products.map(cartLineOf) }),
        onDone: { target: 'movedToCart' },
        onError: { target: 'voided', actions: 'keepError' },
      },
    },
    confirming: {
      invoke: {
        src: 'confirmDelete',
        input: ({ context }) => ({ code: context.order.code }),
        onDone: [{ guard: 'isConfirmed', target: 'deleting' }, { target: 'idle' }],
        onError: { target: 'idle' },
      },
    },
    deleting: {
      invoke: {
        src: 'deleteOrder',
        input: ({ context }) => ({ orderId: context.order.id }),
        onDone: { target: 'deleted', actions: 'keepMessage' },
        onError: { target: 'idle', actions: 'keepError' },
      },
    },
    voided: { type: 'final' },
    movedToCart: { type: 'final' },
    deleted: { type: 'final' },
  },
});
