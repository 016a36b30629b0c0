import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { storeTimeZone } from '../options';
import { businessDateOf } from '../../../schemas/format/businessTime';
import type { Money } from '../../../schemas/money';
import { ACCOUNT_PAYMENT } from '../../../schemas/orders/api';
import { orderDiscountShares } from '../../../schemas/orders/allocation';
import { lineCredits, linePurchases, type CreditLine } from '../../../schemas/vendors/vendorCredit';

/**
 * The lines' shares of the order discount and the vendor sales ledger, kept right by every money event.
 * recomputeOrder calls syncOrderMoney after each payment, refund, line edit and instalment payment; void
 * and delete call it themselves. It stores each line's share of the cart discount and coupons, works out
 * what each vendor line should have credited (sale) or charged (purchase) by now (schemas/vendors/
 * vendorCredit), and writes the difference from what the ledger holds as rows dated on the store's business
 * day of `at`. Run inside the write's transaction, with the order locked: racing writers cannot both add
 * the same difference.
 */

type Db = Kysely<DB> | Transaction<DB>;

type Kind = 'sale' | 'purchase';
const keyOf = (lineId: number, vendor: number, kind: Kind) => `${lineId}:${vendor}:${kind}`;

export async function syncOrderMoney(db: Db, orderId: number, at: string, options: { gone?: boolean } = {}): Promise<void> {
  const [order, lines, refunds, booked, accountPayments, accountRefunds] = await Promise.all([
    db.selectFrom('orders').select(['payment_status', 'discount', 'total_coupons', 'total', 'cardfee', 'tendered', 'change'])
      .select((eb) => eb.selectFrom('order_refunds as f').select((inner) => inner.fn.sum<number>('f.total').as('s')).whereRef('f.order_id', '=', 'orders.id').as('refunded'))
      .where('id', '=', orderId).executeTakeFirst(),
    db.selectFrom('order_products').select(['id', 'total_price', 'total_price_without_tax', 'order_discount', 'vendor_id', 'buyer_id'])
      .where('order_id', '=', orderId).orderBy('id').execute(),
    db.selectFrom('order_refunded_products').select(['order_product_id', (eb) => eb.fn.sum<number>('total_price').as('total')])
      .where('order_id', '=', orderId).groupBy('order_product_id').execute(),
    db.selectFrom('vendor_sales').select(['order_product_id', 'vendor_id', 'kind', (eb) => eb.fn.sum<number>('amount').as('total')])
      .where('order_id', '=', orderId).groupBy(['order_product_id', 'vendor_id', 'kind']).execute(),
    db.selectFrom('order_payments').select(['value']).where('order_id', '=', orderId).where('identifier', '=', ACCOUNT_PAYMENT).execute(),
    db.selectFrom('order_refund_payments').select(['value']).where('order_id', '=', orderId).where('identifier', '=', ACCOUNT_PAYMENT)
      .orderBy('created_at').orderBy('id').execute(),
  ]);
  if (!order) return;

  const shares = orderDiscountShares(lines.map((line) => line.total_price), { discount: order.discount, totalCoupons: order.total_coupons });
  for (const [index, line] of lines.entries()) {
    if (line.order_discount !== shares[index]) {
      await db.updateTable('order_products').set({ order_discount: shares[index]! }).where('id', '=', line.id).execute();
    }
  }

  const refundedByLine = new Map(refunds.map((row) => [row.order_product_id, Number(row.total ?? 0)]));
  const creditLines: CreditLine[] = lines.map((line, index) => ({
    net: line.total_price - shares[index]!,
    totalPrice: line.total_price,
    totalWithoutTax: line.total_price_without_tax,
    refunded: refundedByLine.get(line.id) ?? 0,
  }));
  const state = {
    payment_status: options.gone ? 'order_void' as const : order.payment_status,
    total: order.total, cardfee: order.cardfee, tendered: order.tendered, change: order.change, refunded: Number(order.refunded ?? 0),
  };
  const credits = lineCredits(creditLines, state);
  // Purchases: what was bought through the account, less what refunds paid back into it gave back.
  const boughtIndexes = lines.flatMap((line, index) => (line.buyer_id !== null ? [index] : []));
  const bought = linePurchases(boughtIndexes.map((index) => creditLines[index]!), {
    paid: accountPayments.reduce((total, payment) => total + payment.value, 0),
    refunds: accountRefunds.map((refund) => refund.value),
    goods: order.total - order.cardfee,
  });
  // A deleted order leaves no purchase behind: its account payment is gone with it.
  const purchases = new Map(boughtIndexes.map((index, position) => [index, options.gone ? 0 : bought[position]!]));

  const target = new Map<string, { lineId: number; vendor: number; kind: Kind; amount: Money }>();
  for (const [index, line] of lines.entries()) {
    if (line.vendor_id !== null) target.set(keyOf(line.id, line.vendor_id, 'sale'), { lineId: line.id, vendor: line.vendor_id, kind: 'sale', amount: credits[index]! });
    if (line.buyer_id !== null) target.set(keyOf(line.id, line.buyer_id, 'purchase'), { lineId: line.id, vendor: line.buyer_id, kind: 'purchase', amount: purchases.get(index) ?? 0 });
  }
  // A line whose vendor changed, a purchase whose account payment was deleted: what they booked goes back to 0.
  for (const row of booked) {
    const key = keyOf(row.order_product_id, row.vendor_id, row.kind);
    if (!target.has(key)) target.set(key, { lineId: row.order_product_id, vendor: row.vendor_id, kind: row.kind, amount: 0 });
  }
  const bookedByKey = new Map(booked.map((row) => [keyOf(row.order_product_id, row.vendor_id, row.kind), Number(row.total ?? 0)]));
  const rows = [...target].map(([key, entry]) => ({ ...entry, delta: entry.amount - (bookedByKey.get(key) ?? 0) })).filter((entry) => entry.delta !== 0);
  if (rows.length === 0) return;
  const date = businessDateOf(at, await storeTimeZone(db));
  await db.insertInto('vendor_sales').values(rows.map((entry) => ({
    vendor_id: entry.vendor, kind: entry.kind, order_id: orderId, order_product_id: entry.lineId, date, amount: entry.delta, created_at: at,
  }))).execute();
}
