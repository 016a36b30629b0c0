import { sql } from 'kysely';
import type { Database } from '../../db';
import { storedBoundsOf } from '../../db/time';
import { storeTimeZone } from '../options';
import { businessDateOf } from '../../../schemas/format/businessTime';
import { ACCOUNT_PAYMENT } from '../../../schemas/orders/api';
import { accountRefundRestores } from '../../../schemas/orders/refundTenders';
import type { Period } from '../../../schemas/vendors';

/**
 * A vendor's purchases without tax per business day (spec 03 §9 "minus purchases excluding tax"), the
 * vendor-account side of the balance. An account payment marks the order's lines as bought by the vendor
 * (buyer_id): they count on the order's day whatever the order's status becomes. Money comes back to the
 * account only through refund rows paid into it ('account-payment' rows of order_refund_payments, from a
 * refund or a void), each giving back its part of the purchases (accountRefundRestores) on its day. A refund
 * paid in cash or to a card gives nothing back to the account: the money went back once, that way.
 */
export async function dailyPurchases(database: Database, vendorNumber: number, period: Period): Promise<Array<{ day: string; total: number }>> {
  const zone = await storeTimeZone(database.db);
  const { from, until } = storedBoundsOf(period, zone);
  const days = new Map<string, number>();
  const add = (storedAt: string, amount: number) => {
    if (amount === 0) return;
    const day = businessDateOf(`${storedAt.slice(0, 16)}:00`, zone);
    days.set(day, (days.get(day) ?? 0) + amount);
  };

  const minute = sql<string>`substr(o.created_at, 1, 16)`;
  const bought = await database.db
    .selectFrom('order_products as op')
    .innerJoin('orders as o', 'o.id', 'op.order_id')
    .select([minute.as('minute'), (eb) => eb.fn.sum<number>('op.total_price_without_tax').as('total')])
    .where('op.buyer_id', '=', vendorNumber)
    .where('o.created_at', '>=', from)
    .where('o.created_at', '<', until)
    .groupBy(minute)
    .execute();
  for (const row of bought) add(row.minute, Number(row.total ?? 0));

  // Every account refund of the vendor's orders up to the period's end: each one's part is worked on the running sum of the order's.
  const refunds = await database.db
    .selectFrom('order_refund_payments as rp')
    .innerJoin('order_payments as p', (join) => join.onRef('p.order_id', '=', 'rp.order_id').on('p.identifier', '=', ACCOUNT_PAYMENT))
    .select(['rp.id', 'rp.order_id', 'rp.value', 'rp.created_at'])
    .where('rp.identifier', '=', ACCOUNT_PAYMENT)
    .where('p.vendor_id', '=', vendorNumber)
    .where('rp.created_at', '<', until)
    .orderBy('rp.order_id')
    .orderBy('rp.created_at')
    .orderBy('rp.id')
    .execute();
  if (refunds.length === 0) return [...days].map(([day, total]) => ({ day, total }));

  const orderIds = [...new Set(refunds.map((refund) => refund.order_id))];
  const [paid, lines] = await Promise.all([
    database.db
      .selectFrom('order_payments')
      .select(['order_id', (eb) => eb.fn.sum<number>('value').as('total')])
      .where('order_id', 'in', orderIds)
      .where('identifier', '=', ACCOUNT_PAYMENT)
      .where('vendor_id', '=', vendorNumber)
      .groupBy('order_id')
      .execute(),
    database.db
      .selectFrom('order_products')
      .select(['order_id', (eb) => eb.fn.sum<number>('total_price_without_tax').as('total')])
      .where('order_id', 'in', orderIds)
      .where('buyer_id', '=', vendorNumber)
      .groupBy('order_id')
      .execute(),
  ]);
  const paidBy = new Map(paid.map((row) => [row.order_id, Number(row.total ?? 0)]));
  const boughtBy = new Map(lines.map((row) => [row.order_id, Number(row.total ?? 0)]));
  for (const orderId of orderIds) {
    const ofOrder = refunds.filter((refund) => refund.order_id === orderId);
    const restores = accountRefundRestores(
      boughtBy.get(orderId) ?? 0,
      paidBy.get(orderId) ?? 0,
      ofOrder.map((refund) => refund.value),
    );
    ofOrder.forEach((refund, index) => {
      if (refund.created_at >= from) add(refund.created_at, -restores[index]!);
    });
  }
  return [...days].map(([day, total]) => ({ day, total }));
}
