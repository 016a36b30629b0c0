import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
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
import { couponDiscountValue, couponsQuery, loadRefundedProducts, orderLines, percentAnswer, toOrderProducts } from './answerLines';
import { paymentsQuery, refundTenders, toPaymentAnswer } from './answerPayments';

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
 * refundable, the actions the viewer may take), and 404 for a customer's order that is not theirs. The order row
 * carries its refund total and how many coupons, payments and refunded products it has, so a list it
 * does not have is not read (a fresh till order takes three queries: order, lines and payments, which give the tenders too).
 */
export async function loadOrderAnswer(db: Db, orderId: number, viewer: Viewer): Promise<OrderAnswer> {
  const count = (table: 'order_coupons' | 'order_payments' | 'order_refunded_products', eb: ExpressionBuilder<DB & { o: DB['orders'] }, 'o'>) =>
    eb
      .selectFrom(table)
      .select((inner) => inner.fn.countAll<number>().as('n'))
      .whereRef(`${table}.order_id`, '=', 'o.id');
  let query = db
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
  const [lines, coupons, refundedProducts, paymentRows] = await Promise.all([
    orderLines(db, orderId),
    has(order.coupons_count) ? couponsQuery(db, orderId).execute() : [],
    has(order.refunded_count) ? loadRefundedProducts(db, orderId) : [],
    has(order.payments_count) ? paymentsQuery(db).where('p.order_id', '=', orderId).execute() : [],
  ]);
  const payments = paymentRows.map(toPaymentAnswer);
  const tenders = paymentRows.length > 0 ? await refundTenders(db, order, totalRefunded > 0, paymentRows) : { refundable: [], refunded: [] };
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
