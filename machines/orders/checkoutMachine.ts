import { assign, fromPromise, setup } from 'xstate';
import type { CheckoutBody, LineEdit, OrderAnswer, PaymentInput } from '../../schemas/orders/api';
import { errorMessage } from '../errorMessage';
import { checkoutBody, emptyCart, linesFromCheckout, type Cart } from './checkoutCart';
import {
  checkoutRefusal,
  previewUpdate,
  reduceCart,
  type CheckoutContext,
  type CheckoutEvent,
  type CheckoutInput,
  type OrderWriteAnswer,
} from './checkoutRules';

export * from './checkoutRules';

function notProvided(name: string): never {
  throw new Error(`checkoutMachine: provide the '${name}' actor with checkoutMachine.provide({ actors: { ${name} } })`);
}

const refused = { guard: 'isRefused', actions: 'refuse' } as const;

const initialCart = (input: CheckoutInput): Cart => ({ ...emptyCart(), lines: input.voidLines ? linesFromCheckout(input.voidLines) : [] });

/**
 * The till: a cart edited line by line, a payment screen (cash, card with its fee,
 * vendor account), hold, checkout, and the pending order update that charges an edit's difference.
 * Injected actors: `submitOrder({body, heldOrderId})` POSTs /orders (or PUTs /orders/{heldOrderId}) and
 * resolves with {message, order}; `loadOrder({orderId})` resolves with GET /orders/{id};
 * `updateOrder({orderId, products, payments})` PUTs /orders/{id}/product and resolves with {message, order}.
 * Each rejects with the server's message.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    submitOrder: fromPromise<OrderWriteAnswer, { body: CheckoutBody; heldOrderId: number | null }>(async () => notProvided('submitOrder')),
    loadOrder: fromPromise<OrderAnswer, { orderId: number }>(async () => notProvided('loadOrder')),
    updateOrder: fromPromise<OrderWriteAnswer, { orderId: number; products: LineEdit[]; payments: PaymentInput[] }>(async () => notProvided('updateOrder')),
  },
  guards: {
    isRefused: ({ context, event }) => checkoutRefusal(context, event) !== null,
    hasPending: ({ context }) => context.update !== null,
  },
  actions: {
    refuse: assign({ error: ({ context, event }) => checkoutRefusal(context, event), message: null }),
    clearError: assign({ error: null }),
    editCart: assign({ cart: ({ context, event }) => reduceCart(context, event), error: null }),
    newSale: assign(({ context }) => ({
      cart: { ...emptyCart(), registerId: context.cart.registerId },
      update: null,
      error: null,
      message: null,
      order: null,
      held: false,
    })),
  },
}).createMachine({
  id: 'checkout',
  initial: 'start',
  context: ({ input }) => ({
    options: input.options,
    cart: initialCart(input),
    update: input.pending ? { pending: input.pending, order: null, newTotal: 0, charge: 0 } : null,
    error: null,
    message: null,
    order: null,
    held: false,
  }),
  states: {
    start: { always: [{ guard: 'hasPending', target: 'update' }, { target: 'cart' }] },
    cart: {
      on: {
        ADD_PRODUCT: { actions: 'editCart' },
        ADD_DYNAMIC: [refused, { actions: 'editCart' }],
        SET_QUANTITY: [refused, { actions: 'editCart' }],
        SET_PRICE: [refused, { actions: 'editCart' }],
        SET_LINE_DISCOUNT: [refused, { actions: 'editCart' }],
        SET_NAME: { actions: 'editCart' },
        SET_VENDOR: { actions: 'editCart' },
        REMOVE_LINE: { actions: 'editCart' },
        SET_CART_DISCOUNT: [refused, { actions: 'editCart' }],
        SET_COUPONS: { actions: 'editCart' },
        SET_CUSTOMER: { actions: 'editCart' },
        SET_REGISTER: { actions: 'editCart' },
        SET_ORDER_TYPE: { actions: 'editCart' },
        SET_SHIPPING: { actions: 'editCart' },
        RESUME: { actions: 'editCart' },
        CLEAR: { actions: 'editCart' },
        PAY: [refused, { target: 'paying', actions: 'clearError' }],
        HOLD: [refused, { target: 'holding', actions: 'clearError' }],
      },
    },
    paying: {
      on: {
        // A scan on the payment screen is not lost: back to the cart with the product added.
        ADD_PRODUCT: { target: 'cart', actions: 'editCart' },
        ADD_PAYMENT: [refused, { actions: 'editCart' }],
        REMOVE_PAYMENT: { actions: 'editCart' },
        SET_LAYAWAY: { actions: 'editCart' },
        ADD_INSTALMENT: [refused, { actions: 'editCart' }],
        CHANGE_INSTALMENT: [refused, { actions: 'editCart' }],
        REMOVE_INSTALMENT: { actions: 'editCart' },
        BACK: { target: 'cart', actions: 'clearError' },
        CHECKOUT: [refused, { target: 'submitting', actions: 'clearError' }],
      },
    },
    submitting: {
      invoke: {
        src: 'submitOrder',
        input: ({ context, event }) => ({
          body: checkoutBody(context.cart, false, event.type === 'CHECKOUT' && event.unpaid === true),
          heldOrderId: context.cart.heldOrderId,
        }),
        onDone: {
          target: 'done',
          actions: assign({ order: ({ event }) => event.output.order, message: ({ event }) => event.output.message ?? null, held: false }),
        },
        onError: { target: 'paying', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    holding: {
      invoke: {
        src: 'submitOrder',
        input: ({ context }) => ({ body: checkoutBody(context.cart, true), heldOrderId: context.cart.heldOrderId }),
        onDone: {
          target: 'done',
          actions: assign({ order: ({ event }) => event.output.order, message: ({ event }) => event.output.message ?? null, held: true }),
        },
        onError: { target: 'cart', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    // The sale complete screen: the next product scanned or picked starts the next sale.
    done: { on: { NEW_SALE: { target: 'cart', actions: 'newSale' }, ADD_PRODUCT: { target: 'cart', actions: ['newSale', 'editCart'] } } },
    update: {
      initial: 'loading',
      on: { CANCEL: { target: '#checkout.cart', actions: 'newSale' } },
      states: {
        loading: {
          invoke: {
            src: 'loadOrder',
            input: ({ context }) => ({ orderId: context.update!.pending.orderId }),
            onDone: { target: 'paying', actions: assign({ update: ({ context, event }) => previewUpdate(context.update!.pending, event.output) }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
        failed: { on: { RETRY: { target: 'loading', actions: 'clearError' } } },
        paying: {
          on: {
            ADD_PAYMENT: [refused, { actions: 'editCart' }],
            REMOVE_PAYMENT: { actions: 'editCart' },
            SUBMIT: { target: 'submitting', actions: 'clearError' },
          },
        },
        submitting: {
          invoke: {
            src: 'updateOrder',
            input: ({ context }) => ({
              orderId: context.update!.pending.orderId,
              products: context.update!.pending.products,
              payments: checkoutBody(context.cart).payments,
            }),
            onDone: { target: 'done', actions: assign({ order: ({ event }) => event.output.order, message: ({ event }) => event.output.message ?? null }) },
            onError: { target: 'paying', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
        done: { on: { NEW_SALE: { target: '#checkout.cart', actions: 'newSale' } } },
      },
    },
  },
});
