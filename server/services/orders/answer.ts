import type { ExpressionBuilder, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, OrderCouponsTable } from '../../db/schema';
import { notFound } from '../../errors';
import type { SessionUser } from '../sessions';
import { toDecimal } from '../../../schemas/money';
import { capabilitiesOf } from '../../../schemas/permissions';
import { availableQuantity } from '../../../schemas/orders/refunds';
import { allowedActions, leftToPay, refundableOfLine, refundableOfOrderState, seesOnlyOwnOrders, type OrderStateInput } from '../../../schemas/orders/rules';
import { CASH_PAYMENT, type OrderAnswer, type OrderProductAnswer, type PaymentAnswer, type RefundedProductAnswer, type TenderAnswer, type VendorRef } from '../../../schemas/orders/api';
import { tenderRefundable, type TenderAmount } from '../../../schemas/orders/refundTenders';
import { ORDER_NOT_FOUND } from './core';

/**
 * The order as the API answers it (spec 03 §3 entities): decimals for money, plain percent numbers for
 * percentages, the vendor of each line joined by vendor number. A few queries per order, none per line.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** Who asks: the answer's allowed_actions are theirs, and a user who cannot manage orders only reaches their own. */
export type Viewer = Pick<SessionUser, 'id' | 'role'>;

/** Stored percentages are ten-thousandths of a point (12.5 % → 125000). */
export const percentAnswer = (stored: number) => stored / 10_000;

function vendorRef(id: number | null, username: string | null, vendorNumber: number | null): VendorRef | null {
  return id !== null && username !== null && vendorNumber !== null ? { id, username, vendor_id: vendorNumber } : null;
}

export interface PaymentRowForAnswer {
  id: number;
  order_id: number;
  identifier: string;
  value: number;
  vendor_id: number | null;
  created_at: string;
  label: string | null;
  author: string | null;
}

export function toPaymentAnswer(row: PaymentRowForAnswer): PaymentAnswer {
  return {
    id: row.id,
    order_id: row.order_id,
    identifier: row.identifier,
    // A payment type deleted since keeps its identifier as label.
    label: row.label ?? row.identifier,
    value: toDecimal(row.value),
    vendor_id: row.vendor_id,
    author: row.author,
    created_at: row.created_at,
  };
}

/** Payments of the given orders (or of the given payment ids), oldest first, with their type's label and author. */
export function paymentsQuery(db: Db) {
  return db.selectFrom('order_payments as p')
    .leftJoin('payment_types as t', 't.identifier', 'p.identifier')
    .leftJoin('users as a', 'a.id', 'p.author_id')
    .select(['p.id', 'p.order_id', 'p.identifier', 'p.value', 'p.vendor_id', 'p.created_at', 't.label', 'a.username as author'])
    .orderBy('p.id');
}

export async function loadPayments(db: Db, orderId: number): Promise<PaymentAnswer[]> {
  const rows = await paymentsQuery(db).where('p.order_id', '=', orderId).execute();
  return rows.map(toPaymentAnswer);
}

/**
 * The order's money by tender: what each tender can still give back (schemas/orders/refundTenders: the
 * default refund split and the most a chosen tender other than cash may give back) and what refunds gave
 * back in each so far, both in first-used order.
 */
export async function refundTenders(db: Db, order: { id: number; change: number }, withRefunds = true): Promise<{ refundable: TenderAmount[]; refunded: TenderAmount[] }> {
  const [payments, refunds] = await Promise.all([
    db.selectFrom('order_payments').select(['identifier', 'value', 'fee']).where('order_id', '=', order.id).orderBy('id').execute(),
    withRefunds ? db.selectFrom('order_refund_payments').select(['identifier', 'value']).where('order_id', '=', order.id).orderBy('id').execute() : [],
  ]);
  const refunded = new Map<string, number>();
  for (const refund of refunds) refunded.set(refund.identifier, (refunded.get(refund.identifier) ?? 0) + refund.value);
  return {
    refundable: tenderRefundable(payments, refunds, order.change, CASH_PAYMENT),
    refunded: [...refunded].map(([identifier, value]) => ({ identifier, value })),
  };
}

/** Refunded products of an order (or of one refund when refundId is given), oldest first. */
export async function loadRefundedProducts(db: Db, orderId: number, refundId?: number): Promise<RefundedProductAnswer[]> {
  let query = db.selectFrom('order_refunded_products as r')
    .innerJoin('order_products as op', 'op.id', 'r.order_product_id')
    .leftJoin('products as p', 'p.id', 'r.product_id')
    .leftJoin('users as v', 'v.vendor_id', 'op.vendor_id')
    .select([
      'r.id', 'r.order_refund_id', 'r.order_product_id', 'r.unit_price', 'r.quantity', 'r.discount_type', 'r.discount_percentage', 'r.discount',
      'r.total_product_coupons', 'r.tax_value', 'r.total_price', 'r.condition', 'r.description', 'r.refund_type', 'r.created_at',
      'op.name as line_name', 'p.name as product_name', 'v.id as vendor_user_id', 'v.username as vendor_username', 'v.vendor_id as vendor_number',
    ])
    .where('r.order_id', '=', orderId);
  if (refundId !== undefined) query = query.where('r.order_refund_id', '=', refundId);
  const rows = await query.orderBy('r.id').execute();
  return rows.map((row) => ({
    id: row.id,
    order_refund_id: row.order_refund_id,
    order_product_id: row.order_product_id,
    vendor: vendorRef(row.vendor_user_id, row.vendor_username, row.vendor_number),
    order_product: { name: row.line_name },
    // A product deleted from the catalogue since: the line's name stands in.
    product: { name: row.product_name ?? row.line_name },
    unit_price: toDecimal(row.unit_price),
    quantity: row.quantity,
    discount_type: row.discount_type,
    discount_percentage: percentAnswer(row.discount_percentage),
    discount: toDecimal(row.discount),
    total_product_coupons: toDecimal(row.total_product_coupons),
    tax_value: toDecimal(row.tax_value),
    total_price: toDecimal(row.total_price),
    condition: row.condition,
    description: row.description,
    refund_type: row.refund_type,
    created_at: row.created_at,
  }));
}

type CouponRow = Pick<Selectable<OrderCouponsTable>, 'id' | 'order_product_id' | 'name' | 'type' | 'discount_value' | 'value'>;

const couponDiscountValue = (coupon: Pick<CouponRow, 'type' | 'discount_value'>) =>
  coupon.type === 'percentage_discount' ? percentAnswer(coupon.discount_value) : toDecimal(coupon.discount_value);

/** Every coupon of the order (cart coupons have no order_product_id), oldest first. */
function couponsQuery(db: Db, orderId: number) {
  return db.selectFrom('order_coupons').select(['id', 'order_product_id', 'name', 'type', 'discount_value', 'value'])
    .where('order_id', '=', orderId).orderBy('id');
}

/**
 * The order's lines with their unit, vendor, returned quantity (product refunds only: a price refund leaves its
 * units with the customer, who may still return them) and the money refunded by refunds of either type.
 */
function orderLines(db: Db, orderId: number) {
  return db.selectFrom('order_products as op')
    .leftJoin('units as u', 'u.id', 'op.unit_id')
    .leftJoin('users as v', 'v.vendor_id', 'op.vendor_id')
    .selectAll('op')
    .select((eb) => [
      'u.name as unit_name', 'v.id as vendor_user_id', 'v.username as vendor_username',
      eb.selectFrom('order_refunded_products as r').select((inner) => inner.fn.sum<number>('r.quantity').as('q'))
        .whereRef('r.order_product_id', '=', 'op.id').where('r.refund_type', '=', 'refund_product').as('refunded_quantity'),
      eb.selectFrom('order_refunded_products as r').select((inner) => inner.fn.sum<number>('r.total_price').as('t'))
        .whereRef('r.order_product_id', '=', 'op.id').as('refunded_total'),
    ])
    .where('op.order_id', '=', orderId).orderBy('op.id').execute();
}

function toOrderProducts(lines: Awaited<ReturnType<typeof orderLines>>, coupons: readonly CouponRow[], order: OrderStateInput): OrderProductAnswer[] {
  return lines.map((line) => {
    const refundedQuantity = Number(line.refunded_quantity ?? 0);
    const refundable = refundableOfLine({
      unitPrice: line.unit_price,
      quantity: line.quantity,
      totalPrice: line.total_price - line.order_discount,
      discountType: line.discount_type,
      discountPercentage: line.discount_percentage,
      discount: line.discount,
      taxType: line.tax_type,
      refundedQuantity,
      refundedTotal: Number(line.refunded_total ?? 0),
    }, order);
    return {
      id: line.id,
      order_id: line.order_id,
      product_id: line.product_id,
      unit_id: line.unit_id,
      unit_name: line.unit_name,
      name: line.name,
      unit_price: toDecimal(line.unit_price),
      quantity: line.quantity,
      discount_type: line.discount_type,
      discount_percentage: percentAnswer(line.discount_percentage),
      discount: toDecimal(line.discount),
      tax_type: line.tax_type,
      tax_value: toDecimal(line.tax_value),
      total_price: toDecimal(line.total_price),
      total_price_with_tax: toDecimal(line.total_price_with_tax),
      total_price_without_tax: toDecimal(line.total_price_without_tax),
      total_product_coupons: toDecimal(line.total_product_coupons),
      order_discount: toDecimal(line.order_discount),
      coupons: coupons.filter((coupon) => coupon.order_product_id === line.id).map((coupon) => ({
        id: coupon.id,
        name: coupon.name,
        type: coupon.type,
        discount_value: couponDiscountValue(coupon),
        value: toDecimal(coupon.value),
      })),
      product_type: line.product_type,
      vendor: vendorRef(line.vendor_user_id, line.vendor_username, line.vendor_id),
      vendor_id: line.vendor_id,
      buyer_id: line.buyer_id,
      status: line.status,
      refunded_quantity: refundedQuantity,
      available_quantity: availableQuantity(line.quantity, refundedQuantity),
      refundable_quantity: refundable.quantity,
      refundable_amount: toDecimal(refundable.amount),
    };
  });
}

/** The order's lines with their coupons, vendor and refunded / still refundable quantities. */
export async function loadOrderProducts(db: Db, orderId: number): Promise<OrderProductAnswer[]> {
  const [lines, coupons, order] = await Promise.all([
    orderLines(db, orderId),
    couponsQuery(db, orderId).where('order_product_id', 'is not', null).execute(),
    db.selectFrom('orders').select(['payment_status', 'support_instalments']).where('id', '=', orderId).executeTakeFirst(),
  ]);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return toOrderProducts(lines, coupons, order);
}

function parseExtra(text: string | null): OrderAnswer['extra'] {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? value as OrderAnswer['extra'] : null;
  } catch {
    return null;
  }
}

/**
 * The order row as a customer may see it, or 404: staff see any order, a customer only the orders whose
 * customer record is their login (the same 404 as a missing order, so ids cannot be probed).
 */
export async function assertMaySeeOrder(db: Db, orderId: number, user?: Viewer): Promise<void> {
  let query = db.selectFrom('orders').leftJoin('customers', 'customers.id', 'orders.customer_id').select('orders.id').where('orders.id', '=', orderId);
  if (user && seesOnlyOwnOrders(capabilitiesOf(user.role))) query = query.where('customers.user_id', '=', user.id);
  if (!(await query.executeTakeFirst())) throw notFound(ORDER_NOT_FOUND);
}

/**
 * The full OrderAnswer for `viewer`: with the figures of schemas/orders/rules (left to pay, what is still
 * refundable, the actions the viewer may take), and 404 for a customer's order that is not theirs. The order row
 * carries its refund total and how many coupons, payments and refunded products it has, so a list it
 * does not have is not read (a fresh till order takes four queries: order, lines, payments, and the payments by tender).
 */
export async function loadOrderAnswer(db: Db, orderId: number, viewer: Viewer): Promise<OrderAnswer> {
  const count = (table: 'order_coupons' | 'order_payments' | 'order_refunded_products', eb: ExpressionBuilder<DB & { o: DB['orders'] }, 'o'>) =>
    eb.selectFrom(table).select((inner) => inner.fn.countAll<number>().as('n')).whereRef(`${table}.order_id`, '=', 'o.id');
  let query = db.selectFrom('orders as o')
    .leftJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('customer_names as cn', 'cn.id', 'o.customer_id')
    .leftJoin('users as a', 'a.id', 'o.author_id')
    .leftJoin('cash_registers as r', 'r.id', 'o.register_id')
    .selectAll('o')
    .select((eb) => [
      'cn.name as customer_name', 'a.username as author_username', 'r.name as register_name',
      eb.selectFrom('order_refunds as f').select((inner) => inner.fn.sum<number>('f.total').as('t')).whereRef('f.order_id', '=', 'o.id').as('total_refunded'),
      count('order_coupons', eb).as('coupons_count'),
      count('order_payments', eb).as('payments_count'),
      count('order_refunded_products', eb).as('refunded_count'),
    ])
    .where('o.id', '=', orderId);
  if (seesOnlyOwnOrders(capabilitiesOf(viewer.role))) query = query.where('c.user_id', '=', viewer.id);
  const order = await query.executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);

  const has = (counted: number | null) => Number(counted ?? 0) > 0;
  const totalRefunded = Number(order.total_refunded ?? 0);
  const [lines, coupons, refundedProducts, payments, tenders] = await Promise.all([
    orderLines(db, orderId),
    has(order.coupons_count) ? couponsQuery(db, orderId).execute() : [],
    has(order.refunded_count) ? loadRefundedProducts(db, orderId) : [],
    has(order.payments_count) ? loadPayments(db, orderId) : [],
    has(order.payments_count) ? refundTenders(db, order, totalRefunded > 0) : { refundable: [], refunded: [] },
  ]);
  // Tender labels come with the payments; only a refund paid in a tender the order was not paid with asks for its type.
  const labelOf = new Map(payments.map((payment) => [payment.identifier, payment.label]));
  const unlabelled = tenders.refunded.map((tender) => tender.identifier).filter((identifier) => !labelOf.has(identifier));
  if (unlabelled.length > 0) {
    const types = await db.selectFrom('payment_types').select(['identifier', 'label']).where('identifier', 'in', unlabelled).execute();
    for (const type of types) labelOf.set(type.identifier, type.label);
  }
  const tenderAnswers = (amounts: TenderAmount[]): TenderAnswer[] =>
    amounts.map(({ identifier, value }) => ({ identifier, label: labelOf.get(identifier) ?? identifier, value: toDecimal(value) }));

  return {
    id: order.id,
    code: order.code,
    type: order.type,
    payment_status: order.payment_status,
    process_status: order.process_status,
    delivery_status: order.delivery_status,
    customer_id: order.customer_id,
    customer: order.customer_id !== null ? { id: order.customer_id, name: order.customer_name ?? '' } : null,
    user: order.author_username !== null ? { id: order.author_id, username: order.author_username } : null,
    register: order.register_id !== null && order.register_name !== null ? { id: order.register_id, name: order.register_name } : null,
    created_at: order.created_at,
    updated_at: order.updated_at,
    discount_type: order.discount_type,
    discount_percentage: percentAnswer(order.discount_percentage),
    discount: toDecimal(order.discount),
    subtotal: toDecimal(order.subtotal),
    total_coupons: toDecimal(order.total_coupons),
    total_tax_value: toDecimal(order.total_tax_value),
    cardfee: toDecimal(order.cardfee),
    roundup: toDecimal(order.roundup),
    shipping: toDecimal(order.shipping),
    total: toDecimal(order.total),
    tendered: toDecimal(order.tendered),
    change: toDecimal(order.change),
    total_refunded: toDecimal(totalRefunded),
    left_to_pay: toDecimal(leftToPay(order)),
    refundable: toDecimal(refundableOfOrderState({ ...order, refunded: totalRefunded })),
    // While the order takes no refund nothing is refundable by tender either (as `refundable`).
    refundable_by_tender: refundableOfOrderState({ ...order, refunded: totalRefunded }) > 0 ? tenderAnswers(tenders.refundable) : [],
    refunded_by_tender: tenderAnswers(tenders.refunded),
    allowed_actions: allowedActions(order, capabilitiesOf(viewer.role)),
    support_instalments: order.support_instalments ? 1 : 0,
    note: order.note,
    void_reason: order.void_reason,
    coupons: coupons.map((coupon) => ({
      id: coupon.id,
      name: coupon.name,
      type: coupon.type,
      discount_value: couponDiscountValue(coupon),
      value: toDecimal(coupon.value),
      order_product_id: coupon.order_product_id,
    })),
    products: toOrderProducts(lines, coupons.filter((coupon) => coupon.order_product_id !== null), order),
    refunded_products: refundedProducts,
    payments,
    extra: parseExtra(order.extra),
  };
}
