import type { OrderAnswer } from '../../schemas/orders/api';
import type { PaymentStatus } from '../../schemas/paymentStatus';

/** The Order Options popup's tabs (spec 03 §2), in display order. */
export const ORDER_TABS = ['details', 'payments', 'refund', 'layaway', 'shipping'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const ORDER_TAB_LABELS: Record<OrderTab, string> = {
  details: 'Details', payments: 'Payments', refund: 'Refund', layaway: 'Layaway', shipping: 'Shipping',
};

/** The customer role value of option ns_user_role (spec 03 §1). */
export const CUSTOMER_ROLE = 'customer';

type TabOrder = Pick<OrderAnswer, 'payment_status' | 'support_instalments' | 'type'>;

const PAYMENTS_HIDDEN: readonly PaymentStatus[] = ['order_void', 'hold', 'refunded', 'partially_refunded'];
const REFUND_HIDDEN: readonly PaymentStatus[] = ['order_void', 'hold', 'refunded'];
const LAYAWAY_SHOWN: readonly PaymentStatus[] = ['partially_paid', 'unpaid'];
const SHIPPING_HIDDEN: readonly PaymentStatus[] = ['order_void', 'hold', 'refunded'];
const VOIDABLE: readonly PaymentStatus[] = ['paid', 'partially_paid', 'unpaid'];
const DELETABLE: readonly PaymentStatus[] = [...VOIDABLE, 'hold'];

/** Spec 03 §2: which tabs an order shows to a role; Details always comes first. */
export function visibleOrderTabs(order: TabOrder, role: string): OrderTab[] {
  const customer = role === CUSTOMER_ROLE;
  const status = order.payment_status;
  const shown: Record<OrderTab, boolean> = {
    details: true,
    payments: !PAYMENTS_HIDDEN.includes(status),
    refund: !customer && !REFUND_HIDDEN.includes(status),
    layaway: !customer && LAYAWAY_SHOWN.includes(status) && Number(order.support_instalments) === 1,
    shipping: !customer && order.type === 'delivery' && !SHIPPING_HIDDEN.includes(status),
  };
  return ORDER_TABS.filter((tab) => shown[tab]);
}

/** Spec 03 §4: void for paid, partially paid and unpaid orders, never for customers. */
export function canVoidOrder(order: Pick<OrderAnswer, 'payment_status'>, role: string): boolean {
  return role !== CUSTOMER_ROLE && VOIDABLE.includes(order.payment_status);
}

/** Spec 03 §4: delete for what may be voided plus hold orders, never for customers. */
export function canDeleteOrder(order: Pick<OrderAnswer, 'payment_status'>, role: string): boolean {
  return role !== CUSTOMER_ROLE && DELETABLE.includes(order.payment_status);
}
