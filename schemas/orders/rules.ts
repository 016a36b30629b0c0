import { fromDecimal, type Money } from '../money';
import type { Capability } from '../permissions';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '../paymentStatus';
import { UNPAID_THRESHOLD } from './paymentStatus';
import { productRefundTotal, refundableOfOrder, remainingQuantity, type RefundableLine } from './refundTotals';
import { tenderRefundable, type TenderAmount, type TenderPayment } from './refundTenders';

export * from './accountPayment';
export * from './checkoutRules';

/**
 * The one home of the rules about an order's state (spec 03 §2, §4, §5, §6), pure: what is left to pay,
 * which actions the order allows and to whom, what each line can still give back, which tabs of the Order
 * Options popup show; the vendor-account payment rule (accountPayment.ts) and the checkout rules
 * (checkoutRules.ts) are re-exported from here. The server decides with these functions and
 * answers their results with every order (left_to_pay, allowed_actions, refundable_*); the machines, the
 * popup and the till read those answers or call these same functions — nothing else derives them.
 */

// ------------------------------------------------------------ money still owed

/** The stored figures every money rule of an order starts from (ten-thousandths). */
export interface OrderMoney {
  total: Money;
  /** Sum of the payments received. */
  tendered: Money;
  /** Money handed back; once given it stays given. */
  change: Money;
}

/** What the store kept of the payments: tendered less the change handed back. */
export function netPaid(order: Pick<OrderMoney, 'tendered' | 'change'>): Money {
  return order.tendered - order.change;
}

/** What is left to pay: total less what the store kept, never below 0 (change handed back is not paid). */
export function leftToPay(order: OrderMoney): Money {
  return Math.max(0, order.total - netPaid(order));
}

/** What is left to pay once the order's total becomes `newTotal` (a line edit), with the same payments and change. */
export function leftToPayAt(order: Pick<OrderMoney, 'tendered' | 'change'>, newTotal: Money): Money {
  return leftToPay({ total: newTotal, tendered: order.tendered, change: order.change });
}

// ------------------------------------------------------------ actions

export const ORDER_ACTIONS = ['void', 'delete', 'pay', 'delete_payment', 'refund', 'edit_lines', 'instalments'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];
export type AllowedActions = Record<OrderAction, boolean>;

/** The capability each action needs besides the order's state (every order write is orders.manage). */
export const ACTION_CAPABILITY: Record<OrderAction, Capability> = {
  void: 'orders.manage',
  delete: 'orders.manage',
  pay: 'orders.manage',
  delete_payment: 'orders.manage',
  refund: 'orders.manage',
  edit_lines: 'orders.manage',
  instalments: 'orders.manage',
};

/** The order as the action rules see it. */
export interface OrderStateInput {
  payment_status: PaymentStatus;
  /** Layaway: the order takes instalments. */
  support_instalments: boolean | number;
  /**
   * The stored money (the server's row, or orderStateOfAnswer for an answer): with it a partially
   * refunded order that still owes money is seen as owing. Without it nothing is read as owed.
   */
  total?: Money;
  tendered?: Money;
  change?: Money;
}

/**
 * A partially refunded order that still owes money (a layaway with a returned line): a refund gives
 * back the money of what it takes off the sale, so what is left to pay on the reduced total is still
 * total − kept payments, and while that is at least the unpaid threshold the order keeps collecting.
 */
export function owesAfterRefund(order: OrderStateInput): boolean {
  if (order.payment_status !== 'partially_refunded') return false;
  if (order.total === undefined || order.tendered === undefined || order.change === undefined) return false;
  return leftToPay({ total: order.total, tendered: order.tendered, change: order.change }) >= UNPAID_THRESHOLD;
}

/**
 * The action rules' view of an order answer, for the popup: the answer's amounts are decimals, the rules
 * read ten-thousandths (never hand an answer to the rules as it is).
 */
export function orderStateOfAnswer(answer: {
  payment_status: PaymentStatus;
  support_instalments: boolean | number;
  total: number;
  tendered: number;
  change: number;
}): OrderStateInput {
  return {
    payment_status: answer.payment_status,
    support_instalments: answer.support_instalments,
    total: fromDecimal(answer.total),
    tendered: fromDecimal(answer.tendered),
    change: fromDecimal(answer.change),
  };
}

export const VOIDABLE_STATUSES: readonly PaymentStatus[] = ['paid', 'partially_paid', 'unpaid'];
export const DELETABLE_STATUSES: readonly PaymentStatus[] = [...VOIDABLE_STATUSES, 'hold'];
/** A payment is taken only while money is owed on a live order. */
export const PAYABLE_STATUSES: readonly PaymentStatus[] = ['partially_paid', 'unpaid'];
/** Payments of parked, voided and refunded orders stay as they are. */
export const PAYMENT_DELETABLE_STATUSES: readonly PaymentStatus[] = ['paid', 'partially_paid', 'unpaid'];
/** A partially paid order (a layaway cancelled half way) may give back what was paid so far. */
export const REFUNDABLE_STATUSES: readonly PaymentStatus[] = ['paid', 'partially_paid', 'partially_refunded'];
/** Lines change while the sale is in progress or settled, never once parked, voided or refunded. */
export const EDITABLE_STATUSES: readonly PaymentStatus[] = ['paid', 'partially_paid', 'unpaid'];
export const INSTALMENT_STATUSES: readonly PaymentStatus[] = ['unpaid', 'partially_paid'];

export const NOT_VOIDABLE = 'Only paid, partially paid and unpaid orders, and partly refunded orders still owing, can be voided.';
export const NOT_DELETABLE = 'Only paid, partially paid, unpaid and held orders can be deleted.';
export const PAID_ORDER = 'No Payment Possible For Paid Order.';
export const NO_INSTALMENTS_MESSAGE = 'This order does not support instalments.';
export const noPaymentFor = (status: PaymentStatus) => `No Payment Possible For ${PAYMENT_STATUS_LABELS[status]} Order.`;
export const noPaymentDeletionFor = (status: PaymentStatus) => `Unable to delete a payment of a ${PAYMENT_STATUS_LABELS[status]} order.`;
export const refundRefusedFor = (status: PaymentStatus) => `Unable to refund an order that is ${PAYMENT_STATUS_LABELS[status]}.`;
export const editRefusedFor = (status: PaymentStatus) => `Unable to edit the products of an order that is ${PAYMENT_STATUS_LABELS[status]}.`;
export const instalmentsRefusedFor = (status: PaymentStatus) => `Instalments cannot be managed on an order that is ${PAYMENT_STATUS_LABELS[status]}.`;

/** Why the order's state refuses the action, or null when the state allows it (the caller's capability is apart). */
export function actionRefusal(action: OrderAction, order: OrderStateInput): string | null {
  const status = order.payment_status;
  // A partially refunded layaway still owing money takes payments and instalments and can be voided
  // (the void gives back what it kept); it keeps its payments, lines and refund history (no delete).
  if (owesAfterRefund(order) && (action === 'pay' || action === 'void')) return null;
  if (owesAfterRefund(order) && action === 'instalments') return Number(order.support_instalments) ? null : NO_INSTALMENTS_MESSAGE;
  switch (action) {
    case 'void':
      return VOIDABLE_STATUSES.includes(status) ? null : NOT_VOIDABLE;
    case 'delete':
      return DELETABLE_STATUSES.includes(status) ? null : NOT_DELETABLE;
    case 'pay':
      if (status === 'paid') return PAID_ORDER;
      return PAYABLE_STATUSES.includes(status) ? null : noPaymentFor(status);
    case 'delete_payment':
      return PAYMENT_DELETABLE_STATUSES.includes(status) ? null : noPaymentDeletionFor(status);
    case 'refund':
      return REFUNDABLE_STATUSES.includes(status) ? null : refundRefusedFor(status);
    case 'edit_lines':
      return EDITABLE_STATUSES.includes(status) ? null : editRefusedFor(status);
    case 'instalments':
      if (!Number(order.support_instalments)) return NO_INSTALMENTS_MESSAGE;
      return INSTALMENT_STATUSES.includes(status) ? null : instalmentsRefusedFor(status);
  }
}

/** Every action: allowed when the caller holds its capability and the order's state allows it. */
export function allowedActions(order: OrderStateInput, capabilities: readonly Capability[]): AllowedActions {
  const allowed = {} as AllowedActions;
  for (const action of ORDER_ACTIONS) {
    allowed[action] = capabilities.includes(ACTION_CAPABILITY[action]) && actionRefusal(action, order) === null;
  }
  return allowed;
}

/** Staff see every order; a user who reads orders without managing them (a customer) sees only their own. */
export function seesOnlyOwnOrders(capabilities: readonly Capability[]): boolean {
  return !capabilities.includes('orders.manage');
}

// ------------------------------------------------------------ refundable

/** What a line can still give back: units (sold − refunded) and their money, nothing while the order refuses refunds. */
export function refundableOfLine(line: RefundableLine, order: OrderStateInput): { quantity: number; amount: Money } {
  if (actionRefusal('refund', order) !== null) return { quantity: 0, amount: 0 };
  const quantity = remainingQuantity(line);
  return { quantity, amount: productRefundTotal(line, quantity) };
}

/**
 * What the order can still give back in all: paid (less change) less the card fees the store keeps, less
 * earlier refunds; nothing while it refuses refunds.
 */
export function refundableOfOrderState(order: OrderStateInput & OrderMoney & { refunded: Money; cardfee?: Money }): Money {
  if (actionRefusal('refund', order) !== null) return 0;
  return refundableOfOrder({ total: order.total, tendered: netPaid(order), refunded: order.refunded, keptFees: order.cardfee ?? 0 });
}

// ------------------------------------------------------------ Order Options popup tabs

export const ORDER_TABS = ['details', 'payments', 'refund', 'layaway', 'shipping'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const ORDER_TAB_LABELS: Record<OrderTab, string> = {
  details: 'Details',
  payments: 'Payments',
  refund: 'Refund',
  layaway: 'Layaway',
  shipping: 'Shipping',
};

const PAYMENTS_HIDDEN: readonly PaymentStatus[] = ['order_void', 'hold', 'refunded', 'partially_refunded'];
const REFUND_HIDDEN: readonly PaymentStatus[] = ['order_void', 'hold', 'refunded'];
const LAYAWAY_SHOWN: readonly PaymentStatus[] = ['partially_paid', 'unpaid'];
const SHIPPING_HIDDEN: readonly PaymentStatus[] = ['order_void', 'hold', 'refunded'];

/**
 * Spec 03 §2: the tabs an order shows, in display order; Details always. The spec's "not for the customer
 * role" is the capability to manage orders (a customer only reads their own).
 */
export function visibleOrderTabs(order: OrderStateInput & { type: 'takeaway' | 'delivery' }, capabilities: readonly Capability[]): OrderTab[] {
  const manages = capabilities.includes('orders.manage');
  const status = order.payment_status;
  const shown: Record<OrderTab, boolean> = {
    details: true,
    payments: !PAYMENTS_HIDDEN.includes(status) || owesAfterRefund(order),
    refund: manages && !REFUND_HIDDEN.includes(status),
    layaway: manages && (LAYAWAY_SHOWN.includes(status) || owesAfterRefund(order)) && Number(order.support_instalments) === 1,
    shipping: manages && order.type === 'delivery' && !SHIPPING_HIDDEN.includes(status),
  };
  return ORDER_TABS.filter((tab) => shown[tab]);
}

// ------------------------------------------------------------ void gives back

export type { TenderAmount } from './refundTenders';

/**
 * What a void gives back, by tender: everything the order still kept for its goods, each tender what it can
 * still give back (tenderRefundable: what it brought less its card fee, less change for cash, less earlier
 * refunds in it), so a void and the refunds before it follow the same rule. Tenders in first-paid order.
 */
export function voidRefundByTender(
  payments: readonly TenderPayment[],
  refunds: readonly TenderAmount[],
  change: Money,
  cashIdentifier: string,
): TenderAmount[] {
  return tenderRefundable(payments, refunds, change, cashIdentifier);
}
