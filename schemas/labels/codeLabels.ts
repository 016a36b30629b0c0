import { STATUS_CHOICES } from '../floor/status';
import { DELIVERY_STATUS_LABELS, PROCESS_STATUS_LABELS } from '../orders/api/wire';
import { PAYMENT_STATUS_LABELS } from '../paymentStatus';
import { ROLE_LABELS } from '../roles';

/**
 * What a person reads for each stored code, per kind: the one table every screen, list column and
 * badge looks codes up in. Kinds with their own enum keep the table beside it (payment statuses, roles,
 * order process and delivery statuses); the rest are here. Wording is the spec's where it names one.
 */
export const CODE_LABELS = {
  payment_status: PAYMENT_STATUS_LABELS,
  role: ROLE_LABELS,
  process_status: PROCESS_STATUS_LABELS,
  delivery_status: DELIVERY_STATUS_LABELS,
  product_type: { product: 'Product', dynamic: 'Dynamic' },
  tax_type: { inclusive: 'Inclusive', exclusive: 'Exclusive' },
  coupon_type: { percentage: 'Percentage', flat: 'Flat' },
  coupon_target: { cart: 'The cart', products: 'Products', categories: 'Categories' },
  product_status: { available: 'Available', unavailable: 'Unavailable', pending: 'Pending' },
  register_status: { opened: 'Opened', closed: 'Closed', disabled: 'Disabled' },
  space_status: STATUS_CHOICES,
  alert_approval: { pending: 'Pending', approve: 'Approved', decline: 'Declined' },
  audit_action: {
    'order.void': 'Order voided',
    'order.delete': 'Order deleted',
    'order.payment_delete': 'Payment deleted',
    'order.refund': 'Refund',
    'order.price_override': 'Price override',
    'order.account_payment': 'Vendor account payment',
    'order.vendor_change': 'Line vendor changed',
    'vendor.fee_term_save': 'Fee term saved',
    'vendor.fee_term_delete': 'Fee term deleted',
    'vendor.ledger_add': 'Vendor ledger entry added',
    'vendor.ledger_delete': 'Vendor ledger entry deleted',
    'user.role_change': 'Role changed',
    'user.password_change': 'Password changed',
    'auth.sign_in_refused': 'Sign-ins refused',
    'settlement.close': 'Settlement period closed',
    'settlement.reopen': 'Settlement period reopened',
    'settlement.payout_record': 'Payout recorded',
    'settlement.payout_print': 'Payout printed',
    'settlement.payout_post': 'Payout posted',
    'settlement.payout_reverse': 'Payout reversed',
    'settlement.payout_cancel': 'Payout cancelled',
    'register.open': 'Register opened',
    'register.cash_move': 'Register cash in or out',
    'register.close': 'Register closed',
    'register.accept_difference': 'Register difference accepted',
    'screen.field_purge': 'Screen field purged',
  },
  audit_entity: {
    order: 'Order',
    order_payment: 'Order payment',
    order_product: 'Order product',
    order_refund: 'Order refund',
    user: 'User',
    vendor_fee: 'Vendor fee',
    vendor_ledger: 'Vendor ledger',
    settlement_run: 'Settlement run',
    vendor_payout: 'Vendor payout',
    register_session: 'Register session',
    screen: 'Screen',
  },
} as const satisfies Record<string, Readonly<Record<string, string>>>;

export type LabelKind = keyof typeof CODE_LABELS;
export const LABEL_KINDS = Object.keys(CODE_LABELS) as LabelKind[];

export function isLabelKind(value: unknown): value is LabelKind {
  return typeof value === 'string' && Object.hasOwn(CODE_LABELS, value);
}

/** A code no table names yet still reads as words: 'store_manager' → 'Store Manager', 'order.void' → 'Order Void'. */
export function humanizeCode(code: string): string {
  return code
    .split(/[_.\-\s]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The label of `code` in `kind`; an unknown code is humanised rather than shown raw. */
export function labelOf(kind: LabelKind, code: unknown): string {
  if (code === null || code === undefined || code === '') return '';
  const text = String(code);
  const table: Readonly<Record<string, string>> = CODE_LABELS[kind];
  return Object.hasOwn(table, text) ? table[text]! : humanizeCode(text);
}
