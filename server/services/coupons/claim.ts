import { sql, type Insertable } from 'kysely';
import type { OrderCouponsTable } from '../../db/tables/orders';
import type { Trx } from '../orders/core';
import { invalid } from '../../errors';
import type { Money } from '../../../schemas/money';
import { usageRefusal, type CheckedCoupon } from './lookup';

/**
 * The checkout's side of coupons, inside its transaction: each coupon's count of uses is raised by one
 * UPDATE … RETURNING (the row stays locked until the commit on PostgreSQL; SQLite writers are serialised),
 * and the limits are checked on the count it returns. Two tills after the last use: the second waits for
 * the first's commit, reads the raised count and is refused, and its transaction rolls back whole.
 */

export async function claimCoupons(trx: Trx, coupons: readonly CheckedCoupon[], customerId: number | null, orderId: number): Promise<void> {
  // In id order, so two checkouts naming the same coupons lock them alike.
  for (const coupon of [...coupons].sort((a, b) => a.row.id - b.row.id)) {
    const raised = await trx
      .updateTable('coupons')
      .set({ uses: sql`uses + 1` })
      .where('id', '=', coupon.row.id)
      .returning('uses')
      .executeTakeFirstOrThrow();
    const refusal = await usageRefusal(trx, coupon.row, Number(raised.uses) - 1, customerId, orderId);
    if (refusal) throw invalid(refusal, { [`coupons.${coupon.index}`]: [refusal] });
  }
}

/** Each line's part of the product and category coupons (0 where none), in line order. */
export function lineCouponParts(coupons: readonly CheckedCoupon[], lineCount: number): Money[] {
  const parts: Money[] = Array.from({ length: lineCount }, () => 0);
  for (const { amount } of coupons) amount.shares?.forEach((share, index) => (parts[index] = parts[index]! + share));
  return parts;
}

/** What the cart coupons take off, as the order's money state holds them. */
export const cartCouponValues = (coupons: readonly CheckedCoupon[]): Money[] =>
  coupons.filter((coupon) => coupon.amount.shares === null).map((coupon) => coupon.amount.value);

/** The order's coupon rows: one per cart coupon, one per line carrying a part of a product or category coupon. */
export async function writeOrderCoupons(trx: Trx, orderId: number, coupons: readonly CheckedCoupon[], lineIds: readonly number[], at: string): Promise<void> {
  const rows = coupons.flatMap(({ row, amount }): Insertable<OrderCouponsTable>[] => {
    const common = {
      order_id: orderId,
      name: row.code,
      type: row.type === 'percentage' ? ('percentage_discount' as const) : ('flat_discount' as const),
      discount_value: row.value,
      coupon_id: row.id,
      created_at: at,
    };
    if (amount.shares === null) return [{ ...common, order_product_id: null, value: amount.value }];
    return amount.shares.flatMap((share, index) => (share > 0 ? [{ ...common, order_product_id: lineIds[index]!, value: share }] : []));
  });
  if (rows.length > 0) await trx.insertInto('order_coupons').values(rows).execute();
}

/**
 * Gives back the uses an order's coupons took: a held order being completed (the cart names its coupons again
 * and claims them afresh), and an order voided or deleted, inside that transaction.
 */
export async function releaseCoupons(trx: Trx, orderId: number): Promise<void> {
  const used = await trx
    .selectFrom('order_coupons')
    .select('coupon_id')
    .distinct()
    .where('order_id', '=', orderId)
    .where('coupon_id', 'is not', null)
    .execute();
  for (const { coupon_id: id } of used) {
    await trx
      .updateTable('coupons')
      .set({ uses: sql`uses - 1` })
      .where('id', '=', id!)
      .where('uses', '>', 0)
      .execute();
  }
}

/**
 * The coupons a held order claimed when it was parked (none when the order is not on hold): the till's
 * check of a resumed cart does not count them against it, as completing the order gives them back first.
 */
export async function heldOrderCoupons(trx: Trx, orderId: number): Promise<Set<number>> {
  const rows = await trx
    .selectFrom('order_coupons as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select('c.coupon_id')
    .distinct()
    .where('o.id', '=', orderId)
    .where('o.payment_status', '=', 'hold')
    .where('c.coupon_id', 'is not', null)
    .execute();
  return new Set(rows.map((row) => Number(row.coupon_id)));
}
