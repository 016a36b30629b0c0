import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Each payment keeps its own card fee: deleting a card payment takes exactly its fee off the order instead
 * of guessing it from the order's total fee.
 *
 * Backfill: the order's cardfee is the sum of the fees of its card payments, so it is shared among them by
 * value (the last card payment of an order takes what rounding leaves, so the shares add up to the order's
 * fee exactly); a share never exceeds the payment's value. Orders whose fee no card payment carries keep it
 * on the order only.
 */
export function paymentFee(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('order_payments')
        .addColumn('fee', 'bigint', (column) => column.notNull().defaultTo(0))
        .execute();
      const rows = await sql<{ id: number | string; order_id: number | string; value: number | string; cardfee: number | string }>`
        select p.id, p.order_id, p.value, o.cardfee from order_payments p join orders o on o.id = p.order_id
        where p.identifier = 'card' and o.cardfee > 0 order by p.order_id, p.id`.execute(db);
      const byOrder = new Map<number, Array<{ id: number; value: number; cardfee: number }>>();
      for (const row of rows.rows) {
        const orderId = Number(row.order_id);
        const list = byOrder.get(orderId) ?? [];
        list.push({ id: Number(row.id), value: Number(row.value), cardfee: Number(row.cardfee) });
        byOrder.set(orderId, list);
      }
      for (const payments of byOrder.values()) {
        for (const { id, fee } of shareFee(payments)) {
          if (fee > 0) await sql`update order_payments set fee = ${fee} where id = ${id}`.execute(db);
        }
      }
    },
  };
}

/** The order's fee shared among its card payments by value; the last takes the remainder; none above its value. */
export function shareFee(payments: ReadonlyArray<{ id: number; value: number; cardfee: number }>): Array<{ id: number; fee: number }> {
  if (payments.length === 0) return [];
  const orderFee = payments[0]!.cardfee;
  const total = payments.reduce((acc, payment) => acc + payment.value, 0);
  let left = orderFee;
  return payments.map((payment, index) => {
    const share = index === payments.length - 1 ? left : total > 0 ? Math.round((orderFee * payment.value) / total) : 0;
    const fee = Math.max(0, Math.min(share, left, payment.value));
    left -= fee;
    return { id: payment.id, fee };
  });
}
