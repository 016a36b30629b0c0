import type { Database } from '../../db';
import { notFound } from '../../errors';
import type { SessionUser } from '../sessions';
import type { PaymentStatus } from '../../../schemas/paymentStatus';
import { capabilitiesOf } from '../../../schemas/permissions';
import { seesOnlyOwnOrders } from '../../../schemas/orders/rules';
import type { Money } from '../../../schemas/money';
import { parseOrderExtra } from '../../../schemas/orders/checkPayment';

export interface ReceiptOrder {
  id: number;
  code: string;
  created_at: string;
  type: string;
  payment_status: PaymentStatus;
  cashier: string | null;
  customer: string | null;
  register: string | null;
  discount_type: 'percentage' | 'flat' | null;
  discount_percentage: number;
  discount: Money;
  subtotal: Money;
  total_coupons: Money;
  total_tax_value: Money;
  cardfee: Money;
  roundup: Money;
  shipping: Money;
  total: Money;
  tendered: Money;
  change: Money;
  note: string | null;
  /** The check number of a check payment (the order's extra data); the customer's ID never reaches a receipt. */
  check_number: string | null;
}

export interface ReceiptLine {
  name: string;
  vendor: string | null;
  quantity: number;
  unit_price: Money;
  discount: Money;
  tax_type: 'inclusive' | 'exclusive';
  tax_value: Money;
  total_price: Money;
}

export interface ReceiptPayment {
  id: number;
  label: string;
  value: Money;
  created_at: string;
  author: string | null;
}

/**
 * The order a receipt is about, if the user may see it: staff any order, a customer only orders whose
 * customer record is their login. Anything else is a 404, so receipt ids cannot be probed.
 */
export async function loadOrder(database: Database, user: SessionUser, orderId: number): Promise<ReceiptOrder> {
  let query = database.db
    .selectFrom('orders')
    .leftJoin('users as cashier', 'cashier.id', 'orders.author_id')
    .leftJoin('customers', 'customers.id', 'orders.customer_id')
    .leftJoin('cash_registers', 'cash_registers.id', 'orders.register_id')
    .select([
      'orders.id',
      'orders.code',
      'orders.created_at',
      'orders.type',
      'orders.payment_status',
      'cashier.username as cashier',
      'customers.first_name',
      'customers.last_name',
      'cash_registers.name as register',
      'orders.discount_type',
      'orders.discount_percentage',
      'orders.discount',
      'orders.subtotal',
      'orders.total_coupons',
      'orders.total_tax_value',
      'orders.cardfee',
      'orders.roundup',
      'orders.shipping',
      'orders.total',
      'orders.tendered',
      'orders.change',
      'orders.note',
      'orders.extra',
    ])
    .where('orders.id', '=', orderId);
  if (seesOnlyOwnOrders(capabilitiesOf(user.role))) query = query.where('customers.user_id', '=', user.id);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  const { first_name, last_name, extra, ...order } = row;
  const customer = [first_name, last_name].filter(Boolean).join(' ') || null;
  return { ...order, customer, check_number: parseOrderExtra(extra).checkinfo?.checkNumber ?? null };
}

export async function loadLines(database: Database, orderId: number): Promise<ReceiptLine[]> {
  return database.db
    .selectFrom('order_products')
    .leftJoin('users as vendor', 'vendor.vendor_id', 'order_products.vendor_id')
    .select([
      'order_products.name',
      'vendor.username as vendor',
      'order_products.quantity',
      'order_products.unit_price',
      'order_products.discount',
      'order_products.tax_type',
      'order_products.tax_value',
      'order_products.total_price',
    ])
    .where('order_products.order_id', '=', orderId)
    .orderBy('order_products.id')
    .execute();
}

/** One row per coupon: a product or category coupon is stored as one row per line it applies to. */
export async function loadCoupons(database: Database, orderId: number): Promise<Array<{ name: string; value: Money }>> {
  const rows = await database.db
    .selectFrom('order_coupons')
    .select((eb) => ['name', eb.fn.sum<number>('value').as('value'), eb.fn.min<number>('id').as('first')])
    .where('order_id', '=', orderId)
    .groupBy('name')
    .orderBy('first')
    .execute();
  return rows.map((row) => ({ name: row.name, value: Number(row.value) }));
}

const paymentQuery = (database: Database) =>
  database.db
    .selectFrom('order_payments')
    .leftJoin('payment_types', 'payment_types.identifier', 'order_payments.identifier')
    .leftJoin('users as author', 'author.id', 'order_payments.author_id')
    .select([
      'order_payments.id',
      'order_payments.order_id',
      'order_payments.identifier',
      'payment_types.label',
      'order_payments.value',
      'order_payments.created_at',
      'author.username as author',
    ]);

type PaymentRow = { id: number; order_id: number; identifier: string; label: string | null; value: Money; created_at: string; author: string | null };
const toPayment = ({ order_id: _orderId, identifier, label, ...row }: PaymentRow): ReceiptPayment => ({ ...row, label: label ?? identifier });

export async function loadPayments(database: Database, orderId: number): Promise<ReceiptPayment[]> {
  const rows = await paymentQuery(database).where('order_payments.order_id', '=', orderId).orderBy('order_payments.id').execute();
  return rows.map(toPayment);
}

/** One payment and the order it belongs to (the order's access rule applies). */
export async function loadPayment(database: Database, user: SessionUser, paymentId: number) {
  const row = await paymentQuery(database).where('order_payments.id', '=', paymentId).executeTakeFirst();
  if (!row) throw notFound();
  return { payment: toPayment(row), order: await loadOrder(database, user, row.order_id) };
}

export interface ReceiptRefundedLine {
  name: string;
  condition: 'damaged' | 'unspoiled';
  description: string | null;
  quantity: number;
  unit_price: Money;
  total_price: Money;
}

export interface ReceiptRefund {
  id: number;
  order_id: number;
  total: Money;
  shipping: Money;
  created_at: string;
  author: string | null;
  register: string | null;
}

/** One refund, its refunded products and the gateways it paid back through. */
export async function loadRefund(database: Database, user: SessionUser, refundId: number) {
  const refund: ReceiptRefund | undefined = await database.db
    .selectFrom('order_refunds')
    .leftJoin('users as author', 'author.id', 'order_refunds.author_id')
    .leftJoin('cash_registers', 'cash_registers.id', 'order_refunds.register_id')
    .select([
      'order_refunds.id',
      'order_refunds.order_id',
      'order_refunds.total',
      'order_refunds.shipping',
      'order_refunds.created_at',
      'author.username as author',
      'cash_registers.name as register',
    ])
    .where('order_refunds.id', '=', refundId)
    .executeTakeFirst();
  if (!refund) throw notFound();
  const order = await loadOrder(database, user, refund.order_id);
  const products: ReceiptRefundedLine[] = await database.db
    .selectFrom('order_refunded_products as r')
    .innerJoin('order_products', 'order_products.id', 'r.order_product_id')
    .select(['order_products.name', 'r.condition', 'r.description', 'r.quantity', 'r.unit_price', 'r.total_price'])
    .where('r.order_refund_id', '=', refundId)
    .orderBy('r.id')
    .execute();
  const payments = await database.db
    .selectFrom('order_refund_payments')
    .leftJoin('payment_types', 'payment_types.identifier', 'order_refund_payments.identifier')
    .select(['order_refund_payments.identifier', 'payment_types.label', 'order_refund_payments.value'])
    .where('order_refund_payments.order_refund_id', '=', refundId)
    .orderBy('order_refund_payments.id')
    .execute();
  return { refund, order, products, payments: payments.map((p) => ({ label: p.label ?? p.identifier, value: p.value })) };
}
