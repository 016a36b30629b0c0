import { fromDecimal, toDecimal, type Money } from '../../schemas/money';
import { ACCOUNT_PAYMENT, type CheckoutBody, type LineEdit, type OrderAnswer, type PosProductAnswer } from '../../schemas/orders/api';
import { currencyPrecision, roundUp, type CardFeeOptions } from '../../schemas/orders/cardFee';
import { accountPaymentRefusal, leftToPayAt, unpaidCheckoutRefusal, ACCOUNT_ONCE, NOT_ENOUGH_BALANCE, SELECT_VENDOR } from '../../schemas/orders/rules';
import {
  addLine,
  cartFromHeldOrder,
  dynamicLine,
  emptyCart,
  hasAccountPayment,
  lineFromProduct,
  nextInstalmentAmount,
  nextLineKey,
  paymentsPreview,
  previewCart,
  updateLine,
  type Cart,
  type CartCoupon,
  type CartDiscount,
  type CartInstalment,
  type CartPayment,
  type CartVendor,
} from './checkoutCart';
import { LINE_EDIT_MESSAGES, previewTotals, type LineDraft } from './orderLineEditRules';

/** The till's context, events and rules (refusals with their messages, cart edits, update preview), pure. */

/** The till's refusals: the spec's messages where it has one (spec 03 §5), plain English otherwise. */
export const CHECKOUT_MESSAGES = {
  emptyCart: 'You need to provide some products before proceeding.',
  quantity: 'Please Provide A Quantity',
  integerQuantity: 'Unable To Proceed. Product Quantity Should Be An Integer.',
  priceDisabled: LINE_EDIT_MESSAGES.priceDisabled,
  invalidPrice: 'The price must be above 0.',
  discountDisabled: LINE_EDIT_MESSAGES.discountDisabled,
  cartDiscountDisabled: "You're not allowed to add a discount on the cart.",
  invalidAmount: 'Please Provide A Valid Payment Amount.',
  vendorRequired: SELECT_VENDOR,
  accountOnce: ACCOUNT_ONCE,
  balance: NOT_ENOUGH_BALANCE,
  paid: 'No Payment Possible For Paid Order.',
} as const;

/** The options the till reads (GET /options). */
export interface CheckoutOptions extends CardFeeOptions {
  unit_price_editable?: string;
  products_discount?: string;
  cart_discount?: string;
  ns_pos_allow_decimal_quantities?: string;
}

/** What the till must finish for the Order Options popup (PendingOrderUpdate in ./orderLineEditMachine, stored by screens/orders/pendingOrder.ts). */
export interface PendingUpdateInput {
  orderId: number;
  code: string;
  products: LineEdit[];
}

export interface CheckoutInput {
  options: CheckoutOptions;
  /** A pending order update: the till charges the difference, then sends the edited lines. */
  pending?: PendingUpdateInput | null;
  /** A voided order's lines put back into a new cart. */
  voidLines?: CheckoutBody['products'] | null;
}

export interface UpdateState {
  pending: PendingUpdateInput;
  /** The order as the server answered GET /orders/{id}. */
  order: OrderAnswer | null;
  /** The edited order's total previewed with the shared rules. */
  newTotal: number;
  /** What the till charges: left to pay at the new total (schemas/orders/rules: change handed back stays given). */
  charge: number;
}

export interface CheckoutContext {
  options: CheckoutOptions;
  cart: Cart;
  update: UpdateState | null;
  /** The last refusal or server failure, as shown. */
  error: string | null;
  /** The server's message after a success. */
  message: string | null;
  /** The order the last write answered. */
  order: OrderAnswer | null;
  /** Whether the last write parked the order (hold). */
  held: boolean;
}

export interface OrderWriteAnswer {
  message?: string;
  order: OrderAnswer;
}

export type CheckoutEvent =
  | { type: 'ADD_PRODUCT'; product: PosProductAnswer; unitId?: number }
  | { type: 'ADD_DYNAMIC'; name: string; unitPrice: number; vendor?: CartVendor }
  | { type: 'SET_QUANTITY'; key: string; quantity: number }
  | { type: 'SET_PRICE'; key: string; unitPrice: number }
  | { type: 'SET_LINE_DISCOUNT'; key: string; discount: CartDiscount | null }
  | { type: 'SET_NAME'; key: string; name: string }
  | { type: 'SET_VENDOR'; key: string; vendor: CartVendor | null }
  | { type: 'REMOVE_LINE'; key: string }
  | { type: 'SET_CART_DISCOUNT'; discount: CartDiscount | null }
  | { type: 'SET_COUPONS'; coupons: CartCoupon[] }
  | { type: 'SET_CUSTOMER'; customer: { id: number; name: string } | null }
  | { type: 'SET_REGISTER'; registerId: number | null }
  | { type: 'SET_ORDER_TYPE'; orderType: 'takeaway' | 'delivery' }
  | { type: 'SET_SHIPPING'; amount: number }
  | { type: 'RESUME'; order: OrderAnswer }
  | { type: 'CLEAR' }
  | { type: 'PAY' }
  | { type: 'HOLD' }
  | { type: 'ADD_PAYMENT'; payment: CartPayment; balance?: number }
  | { type: 'REMOVE_PAYMENT'; index: number }
  | { type: 'SET_LAYAWAY'; enabled: boolean }
  | { type: 'ADD_INSTALMENT'; date: string; amount?: number }
  | { type: 'CHANGE_INSTALMENT'; index: number; date?: string; amount?: number }
  | { type: 'REMOVE_INSTALMENT'; index: number }
  | { type: 'BACK' }
  /** `unpaid`: the cashier confirmed saving the order with something left to pay. */
  | { type: 'CHECKOUT'; unpaid?: boolean }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'NEW_SALE' };

const yes = (value: string | undefined) => value === 'yes';

/**
 * What is still to charge: the cart's total rounded up to the currency precision (the total the server stores,
 * so paying it settles the order), or the pending update's difference (already worked out on the stored total).
 */
export function amountToCharge(context: Pick<CheckoutContext, 'cart' | 'update' | 'options'>): Money {
  if (context.update) return fromDecimal(context.update.charge);
  return roundUp(previewCart(context.cart).totals.total, currencyPrecision(context.options)).amount;
}

export function dueOf(context: Pick<CheckoutContext, 'cart' | 'update' | 'options'>): Money {
  return paymentsPreview(amountToCharge(context), context.cart.payments).due;
}

function lineOf(context: CheckoutContext, key: string) {
  return context.cart.lines.find((line) => line.key === key);
}

function paymentRefusal(context: CheckoutContext, payment: CartPayment, balance: number | undefined): string | null {
  const due = dueOf(context);
  if (due <= 0) return CHECKOUT_MESSAGES.paid;
  if (!(payment.value > 0)) return CHECKOUT_MESSAGES.invalidAmount;
  if (payment.identifier !== ACCOUNT_PAYMENT) return null;
  return (
    accountPaymentRefusal({
      vendorChosen: Boolean(payment.vendor),
      usedBefore: hasAccountPayment(context.cart.payments),
      value: fromDecimal(payment.value),
      leftToPay: due,
      balance: balance === undefined ? null : fromDecimal(balance),
    })?.message ?? null
  );
}

/** The refusal an event meets in the current context, or null when it may proceed. */
export function checkoutRefusal(context: CheckoutContext, event: CheckoutEvent): string | null {
  const { options } = context;
  switch (event.type) {
    case 'SET_QUANTITY':
      if (!(event.quantity > 0)) return CHECKOUT_MESSAGES.quantity;
      return !yes(options.ns_pos_allow_decimal_quantities) && !Number.isInteger(event.quantity) ? CHECKOUT_MESSAGES.integerQuantity : null;
    case 'SET_PRICE':
      if (!yes(options.unit_price_editable)) return CHECKOUT_MESSAGES.priceDisabled;
      return event.unitPrice > 0 ? null : CHECKOUT_MESSAGES.invalidPrice;
    case 'ADD_DYNAMIC':
      return event.unitPrice > 0 ? null : CHECKOUT_MESSAGES.invalidPrice;
    case 'SET_LINE_DISCOUNT':
      return event.discount && !yes(options.products_discount) ? CHECKOUT_MESSAGES.discountDisabled : null;
    case 'SET_CART_DISCOUNT':
      return event.discount && !yes(options.cart_discount) ? CHECKOUT_MESSAGES.cartDiscountDisabled : null;
    case 'PAY':
    case 'HOLD':
      return context.cart.lines.length === 0 ? CHECKOUT_MESSAGES.emptyCart : null;
    case 'ADD_PAYMENT':
      return paymentRefusal(context, event.payment, event.balance);
    case 'CHECKOUT':
      return unpaidCheckoutRefusal({
        leftToPay: dueOf(context),
        hold: false,
        saveUnpaid: event.unpaid === true,
        instalments: context.cart.layaway ? context.cart.instalments.length : 0,
      });
    case 'ADD_INSTALMENT':
      return event.amount !== undefined && !(event.amount > 0) ? CHECKOUT_MESSAGES.invalidAmount : null;
    case 'CHANGE_INSTALMENT':
      return event.amount !== undefined && !(event.amount > 0) ? CHECKOUT_MESSAGES.invalidAmount : null;
    default:
      return null;
  }
}

/** The pending update previewed on the server's order: the new total and the difference to charge. */
export function previewUpdate(pending: PendingUpdateInput, order: OrderAnswer): UpdateState {
  const drafts: Record<number, LineDraft> = {};
  for (const { id, ...fields } of pending.products) drafts[id] = fields;
  const { newTotal } = previewTotals(order, drafts);
  // Change handed back stays given: the rule the server answers left_to_pay with, at the previewed total.
  const charge = leftToPayAt({ tendered: fromDecimal(order.tendered), change: fromDecimal(order.change) }, fromDecimal(newTotal));
  return { pending, order, newTotal, charge: toDecimal(charge) };
}

/** The cart after an editing event (refusals are checked before, by checkoutRefusal). */
export function reduceCart(context: CheckoutContext, event: CheckoutEvent): Cart {
  const { cart } = context;
  const lines = (next: Cart['lines']): Cart => ({ ...cart, lines: next });
  switch (event.type) {
    case 'ADD_PRODUCT':
      return lines(addLine(cart.lines, lineFromProduct(event.product, nextLineKey(cart.lines), event.unitId)));
    case 'ADD_DYNAMIC':
      return lines([...cart.lines, { ...dynamicLine(event.name, event.unitPrice, nextLineKey(cart.lines)), vendor: event.vendor ?? null }]);
    case 'SET_QUANTITY':
      return lines(updateLine(cart.lines, event.key, { quantity: event.quantity }));
    case 'SET_PRICE':
      return lines(updateLine(cart.lines, event.key, { unit_price: event.unitPrice }));
    case 'SET_LINE_DISCOUNT':
      return lines(updateLine(cart.lines, event.key, { discount: event.discount }));
    case 'SET_NAME':
      // Only a dynamic (custom) item is renamed; a catalogue product keeps its name.
      return event.name.trim() && lineOf(context, event.key)?.product_type === 'dynamic'
        ? lines(updateLine(cart.lines, event.key, { name: event.name.trim() }))
        : cart;
    case 'SET_VENDOR':
      return lines(updateLine(cart.lines, event.key, { vendor: event.vendor }));
    case 'REMOVE_LINE':
      return lines(cart.lines.filter((line) => line.key !== event.key));
    case 'SET_CART_DISCOUNT':
      return { ...cart, discount: event.discount };
    case 'SET_COUPONS':
      return { ...cart, coupons: event.coupons };
    case 'SET_CUSTOMER':
      return { ...cart, customer: event.customer };
    case 'SET_REGISTER':
      return { ...cart, registerId: event.registerId };
    case 'SET_ORDER_TYPE':
      return { ...cart, type: event.orderType, shipping: event.orderType === 'delivery' ? cart.shipping : 0 };
    case 'SET_SHIPPING':
      return cart.type === 'delivery' ? { ...cart, shipping: Math.max(0, event.amount) } : cart;
    case 'RESUME':
      return cartFromHeldOrder(event.order);
    case 'CLEAR':
      return { ...emptyCart(), registerId: cart.registerId };
    case 'ADD_PAYMENT':
      return { ...cart, payments: [...cart.payments, event.payment] };
    case 'REMOVE_PAYMENT':
      return { ...cart, payments: cart.payments.filter((_, index) => index !== event.index) };
    case 'SET_LAYAWAY':
      return { ...cart, layaway: event.enabled, instalments: event.enabled ? cart.instalments : [] };
    case 'ADD_INSTALMENT': {
      const amount = event.amount ?? nextInstalmentAmount(amountToCharge(context), cart.instalments);
      return { ...cart, instalments: [...cart.instalments, { date: event.date, amount }] };
    }
    case 'CHANGE_INSTALMENT': {
      const change: Partial<CartInstalment> = {};
      if (event.date !== undefined) change.date = event.date;
      if (event.amount !== undefined) change.amount = event.amount;
      return { ...cart, instalments: cart.instalments.map((instalment, index) => (index === event.index ? { ...instalment, ...change } : instalment)) };
    }
    case 'REMOVE_INSTALMENT':
      return { ...cart, instalments: cart.instalments.filter((_, index) => index !== event.index) };
    default:
      return cart;
  }
}
