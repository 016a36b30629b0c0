import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import type { SessionUser } from '../sessions';
import { toDecimal } from '../../../schemas/money';
import { capabilitiesOf } from '../../../schemas/permissions';
import { allowedActions, leftToPay, refundableOfOrderState, seesOnlyOwnOrders } from '../../../schemas/orders/rules';
import type { OrderAnswer, TenderAnswer } from '../../../schemas/orders/api';
import { visibleCheckInfo } from '../../../schemas/orders/checkPayment';
import type { TenderAmount } from '../../../schemas/orders/refundTenders';
import { ORDER_NOT_FOUND } from './core';
import { couponDiscountValue, couponsQuery, orderLinesQuery, percentAnswer, refundedProductsQuery, toOrderProducts, toRefundedProducts } from './answerLines';
import { paymentsQuery, refundPaymentsQuery, tendersOf, toPaymentAnswer } from './answerPayments';
import { readBatch, type BatchRows } from '../../db/batch';
import { statementTemplate } from '../../db/template';

/**
 * The order as the API answers it (spec 03 §3 entities): decimals for money, plain percent numbers for
 * percentages, the vendor of each line joined by vendor number. A few queries per order, none per line.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** Who asks: the answer's allowed_actions are theirs, and a user who cannot manage orders only reaches their own. */
export type Viewer = Pick<SessionUser, 'id' | 'role'>;

function parseExtra(text: string | null): OrderAnswer['extra'] {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as OrderAnswer['extra']) : null;
  } catch {
    return null;
  }
}

/** The customer's ID on a check is for staff; anyone else who may see the order gets its check number only. */
function extraFor(extra: OrderAnswer['extra'], viewer: Viewer): OrderAnswer['extra'] {
  if (!extra?.checkinfo) return extra;
  return { ...extra, checkinfo: visibleCheckInfo(extra.checkinfo, !seesOnlyOwnOrders(capabilitiesOf(viewer.role))) };
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
 * refundable, the actions the viewer may take), and 404 for a customer's order that is not theirs. Every list
 * is read in the same batch as the order (one statement on PostgreSQL, where each is a round trip; in turn on
 * SQLite, where each is an in-process call).
 */
export async function loadOrderAnswer(db: Db, orderId: number, viewer: Viewer): Promise<OrderAnswer> {
  return orderAnswerOf(await readBatch(db, orderAnswerReads(db, orderId, viewer)), viewer);
}

/** The order row with its customer, author, register and refunded total; a viewer who sees only their own orders gets only those. */
const orderRowRead = statementTemplate((db, { orderId, viewerId }: { orderId: number; viewerId: number }, ownOnly: boolean) => {
  const query = db
    .selectFrom('orders as o')
    .leftJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('customer_names as cn', 'cn.id', 'o.customer_id')
    .leftJoin('users as a', 'a.id', 'o.author_id')
    .leftJoin('cash_registers as r', 'r.id', 'o.register_id')
    .selectAll('o')
    .select((eb) => [
      'cn.name as customer_name',
      'a.username as author_username',
      'r.name as register_name',
      eb
        .selectFrom('order_refunds as f')
        .select((inner) => inner.fn.sum<number>('f.total').as('t'))
        .whereRef('f.order_id', '=', 'o.id')
        .as('total_refunded'),
    ])
    .where('o.id', '=', orderId);
  return ownOnly ? query.where('c.user_id', '=', viewerId) : query;
});

type OrderIdOnly = { orderId: number };
const linesRead = statementTemplate((db, { orderId }: OrderIdOnly) => orderLinesQuery(db, orderId));
const couponsRead = statementTemplate((db, { orderId }: OrderIdOnly) => couponsQuery(db, orderId));
const refundedRead = statementTemplate((db, { orderId }: OrderIdOnly) => refundedProductsQuery(db, orderId));
const paymentsRead = statementTemplate((db, { orderId }: OrderIdOnly) => paymentsQuery(db).where('p.order_id', '=', orderId));
const refundsRead = statementTemplate((db, { orderId }: OrderIdOnly) => refundPaymentsQuery(db, orderId));
const typesRead = statementTemplate((db) => db.selectFrom('payment_types').select(['identifier', 'label']));

/**
 * The reads behind loadOrderAnswer, for a caller that sends more beside them in its batch (server/db/batch.ts).
 * Every order answer sends the same statements: they are compiled once (server/db/template.ts).
 */
export function orderAnswerReads(db: Db, orderId: number, viewer: Viewer) {
  const byOrder = { orderId };
  // One round trip on PostgreSQL (server/db/batch.ts): the order and everything the answer shows of it.
  return {
    order: orderRowRead(db, { orderId, viewerId: viewer.id }, seesOnlyOwnOrders(capabilitiesOf(viewer.role))),
    lines: linesRead(db, byOrder),
    coupons: couponsRead(db, byOrder),
    refunded: refundedRead(db, byOrder),
    payments: paymentsRead(db, byOrder),
    refunds: refundsRead(db, byOrder),
    // A refund may be paid in a tender the order was not paid with: its label comes from here (a few rows).
    types: typesRead(db, {}),
  };
}

/** The answer from what orderAnswerReads read, or 404. */
export function orderAnswerOf(read: BatchRows<ReturnType<typeof orderAnswerReads>>, viewer: Viewer): OrderAnswer {
  const order = read.order[0];
  if (!order) throw notFound(ORDER_NOT_FOUND);

  const totalRefunded = Number(order.total_refunded ?? 0);
  const { lines, coupons, payments: paymentRows } = read;
  const refundedProducts = toRefundedProducts(read.refunded);
  const payments = paymentRows.map(toPaymentAnswer);
  const tenders = paymentRows.length > 0 ? tendersOf(paymentRows, totalRefunded > 0 ? read.refunds : [], order.change) : { refundable: [], refunded: [] };
  // Tender labels come with the payments; only a refund paid in a tender the order was not paid with asks for its type.
  const labelOf = new Map(payments.map((payment) => [payment.identifier, payment.label]));
  for (const type of read.types) if (!labelOf.has(type.identifier)) labelOf.set(type.identifier, type.label);
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
    products: toOrderProducts(
      lines,
      coupons.filter((coupon) => coupon.order_product_id !== null),
      order,
    ),
    refunded_products: refundedProducts,
    payments,
    extra: extraFor(parseExtra(order.extra), viewer),
  };
}
