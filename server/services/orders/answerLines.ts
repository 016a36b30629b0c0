import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, OrderCouponsTable } from '../../db/schema';
import { notFound } from '../../errors';
import { toDecimal } from '../../../schemas/money';
import { availableQuantity } from '../../../schemas/orders/refunds';
import { refundableOfLine, type OrderStateInput } from '../../../schemas/orders/rules';
import type { OrderProductAnswer, RefundedProductAnswer, VendorRef } from '../../../schemas/orders/api';
import { ORDER_NOT_FOUND } from './core';

/** The order's lines, coupons and refunded products as the API answers them. */

type Db = Kysely<DB> | Transaction<DB>;

/** Stored percentages are ten-thousandths of a point (12.5 % → 125000). */
export const percentAnswer = (stored: number) => stored / 10_000;

function vendorRef(id: number | null, username: string | null, vendorNumber: number | null): VendorRef | null {
  return id !== null && username !== null && vendorNumber !== null ? { id, username, vendor_id: vendorNumber } : null;
}

/** Refunded products of an order (or of one refund when refundId is given), oldest first. */
export async function loadRefundedProducts(db: Db, orderId: number, refundId?: number): Promise<RefundedProductAnswer[]> {
  return toRefundedProducts(await refundedProductsQuery(db, orderId, refundId).execute());
}

/** The read behind loadRefundedProducts, for callers that send it in a batch (server/db/batch.ts). */
export function refundedProductsQuery(db: Db, orderId: number, refundId?: number) {
  let query = db
    .selectFrom('order_refunded_products as r')
    .innerJoin('order_products as op', 'op.id', 'r.order_product_id')
    .leftJoin('products as p', 'p.id', 'r.product_id')
    .leftJoin('users as v', 'v.vendor_id', 'op.vendor_id')
    .select((eb) => [
      'r.id',
      'r.order_refund_id',
      'r.order_product_id',
      'r.unit_price',
      'r.quantity',
      'r.discount_type',
      'r.discount_percentage',
      'r.discount',
      'r.total_product_coupons',
      'r.tax_value',
      'r.total_price',
      'r.condition',
      'r.description',
      'r.refund_type',
      'r.created_at',
      'op.name as line_name',
      'p.name as product_name',
      'v.id as vendor_user_id',
      'v.username as vendor_username',
      'v.vendor_id as vendor_number',
      'op.quantity as sold_quantity',
      // Units returned by this refund and the ones before it: what was left of the line once it was made.
      eb
        .selectFrom('order_refunded_products as earlier')
        .select((inner) => inner.fn.sum<number>('earlier.quantity').as('q'))
        .whereRef('earlier.order_product_id', '=', 'r.order_product_id')
        .where('earlier.refund_type', '=', 'refund_product')
        .whereRef('earlier.id', '<=', 'r.id')
        .as('returned_so_far'),
    ])
    .where('r.order_id', '=', orderId);
  if (refundId !== undefined) query = query.where('r.order_refund_id', '=', refundId);
  return query.orderBy('r.id');
}

export function toRefundedProducts(rows: Awaited<ReturnType<ReturnType<typeof refundedProductsQuery>['execute']>>): RefundedProductAnswer[] {
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
    available_quantity: availableQuantity(row.sold_quantity, Number(row.returned_so_far ?? 0)),
    // A price refund gives money back and leaves the units with the customer; a return gives back its units' price.
    refund_payment: row.refund_type === 'refund_payment' ? toDecimal(row.total_price) : 0,
    created_at: row.created_at,
  }));
}

export type CouponRow = Pick<Selectable<OrderCouponsTable>, 'id' | 'order_product_id' | 'name' | 'type' | 'discount_value' | 'value'>;

export const couponDiscountValue = (coupon: Pick<CouponRow, 'type' | 'discount_value'>) =>
  coupon.type === 'percentage_discount' ? percentAnswer(coupon.discount_value) : toDecimal(coupon.discount_value);

/** Every coupon of the order (cart coupons have no order_product_id), oldest first. */
export function couponsQuery(db: Db, orderId: number) {
  return db
    .selectFrom('order_coupons')
    .select(['id', 'order_product_id', 'name', 'type', 'discount_value', 'value'])
    .where('order_id', '=', orderId)
    .orderBy('id');
}

/**
 * The order's lines with their unit, vendor, returned quantity (product refunds only: a price refund leaves its
 * units with the customer, who may still return them) and the money refunded by refunds of either type.
 */
export function orderLines(db: Db, orderId: number) {
  return orderLinesQuery(db, orderId).execute();
}

/**
 * The read behind orderLines, for callers that send it in a batch (server/db/batch.ts). The refunds are summed
 * once per order (one range of order_id), not looked up twice per line: on PostgreSQL, where a store's few
 * hundred refunded rows are read whole rather than through an index, that halved the order answer's read.
 */
export function orderLinesQuery(db: Db, orderId: number) {
  return db
    .selectFrom('order_products as op')
    .leftJoin('units as u', 'u.id', 'op.unit_id')
    .leftJoin('users as v', 'v.vendor_id', 'op.vendor_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('order_refunded_products as r')
          .select((inner) => [
            'r.order_product_id',
            inner.fn.sum<number>(inner.case().when('r.refund_type', '=', 'refund_product').then(inner.ref('r.quantity')).end()).as('refunded_quantity'),
            inner.fn.sum<number>('r.total_price').as('refunded_total'),
          ])
          .where('r.order_id', '=', orderId)
          .groupBy('r.order_product_id')
          .as('rf'),
      (join) => join.onRef('rf.order_product_id', '=', 'op.id'),
    )
    .selectAll('op')
    .select(['u.name as unit_name', 'v.id as vendor_user_id', 'v.username as vendor_username', 'rf.refunded_quantity', 'rf.refunded_total'])
    .where('op.order_id', '=', orderId)
    .orderBy('op.id');
}

export function toOrderProducts(lines: Awaited<ReturnType<typeof orderLines>>, coupons: readonly CouponRow[], order: OrderStateInput): OrderProductAnswer[] {
  return lines.map((line) => {
    const refundedQuantity = Number(line.refunded_quantity ?? 0);
    const refundable = refundableOfLine(
      {
        unitPrice: line.unit_price,
        quantity: line.quantity,
        totalPrice: line.total_price - line.order_discount,
        discountType: line.discount_type,
        discountPercentage: line.discount_percentage,
        discount: line.discount,
        taxType: line.tax_type,
        refundedQuantity,
        refundedTotal: Number(line.refunded_total ?? 0),
      },
      order,
    );
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
      coupons: coupons
        .filter((coupon) => coupon.order_product_id === line.id)
        .map((coupon) => ({
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
