import { sql, type Compilable, type Kysely, type Transaction } from 'kysely';
import { writeBatch } from '../../db/batch';
import type { DB } from '../../db/schema';
import { readMoneyState, type MoneyState } from '../orders/moneyState';
import { businessDateOf } from '../../../schemas/format/businessTime';
import { sum, type Money } from '../../../schemas/money';
import { orderDiscountShares } from '../../../schemas/orders/allocation';
import { lineCredits, linePurchases, type CreditLine } from '../../../schemas/vendors/vendorCredit';
import { insertRows } from '../../db/template';

/**
 * The lines' shares of the order discount and the vendor sales ledger, kept right by every money event.
 * recomputeOrder calls syncOrderMoney after each payment, refund, line edit and instalment payment; void
 * and delete call it themselves. It stores each line's share of the cart discount and coupons, works out
 * what each vendor line should have credited (sale) or charged (purchase) by now (schemas/vendors/
 * vendorCredit), and writes the difference from what the ledger holds as rows dated on the store's business
 * day of `at`. Run inside the write's transaction, with the order locked: racing writers cannot both add
 * the same difference. Reads take two statements and writes at most two, whatever the order's size.
 */

type Db = Kysely<DB> | Transaction<DB>;

type Kind = 'sale' | 'purchase';
const keyOf = (lineId: number, vendor: number, kind: Kind) => `${lineId}:${vendor}:${kind}`;

/** The order's figures the ledger follows: as stored, or as a recomputation is about to store them. */
export type LedgerOrder = Pick<MoneyState['order'], 'payment_status' | 'discount' | 'total_coupons' | 'total' | 'cardfee' | 'tendered' | 'change'>;

/** Reads the order (two statements, readMoneyState) and brings its shares and ledger rows in line. */
export async function syncOrderMoney(db: Db, orderId: number, at: string, options: { gone?: boolean } = {}): Promise<void> {
  const state = await readMoneyState(db, orderId);
  if (state) await writeOrderMoney(db, orderId, state, at, options);
}

/**
 * Writes what the state asks (orderMoneyWrites sent at once): the lines' shares of the order discount and the
 * ledger's differences, in at most one round trip on PostgreSQL.
 */
export async function writeOrderMoney(
  db: Db,
  orderId: number,
  state: Omit<MoneyState, 'order'> & { order: LedgerOrder },
  at: string,
  options: { gone?: boolean } = {},
): Promise<void> {
  await writeBatch(db, orderMoneyWrites(db, orderId, state, at, options).writes);
}

/**
 * What the state asks, as writes for the caller's batch (server/db/batch.ts): the lines' shares of the order
 * discount (one UPDATE, only when one changed) and the ledger's differences (one INSERT, only when there are
 * any); with every line's share by line id, which the report summary of the order counts. `state.order`
 * carries the figures the order is left with.
 */
export function orderMoneyWrites(
  db: Db,
  orderId: number,
  state: Omit<MoneyState, 'order'> & { order: LedgerOrder },
  at: string,
  options: { gone?: boolean } = {},
): { writes: Record<string, Compilable<unknown>>; shares: Map<number, Money> } {
  const { order, lines, booked } = state;
  // total_coupons holds the lines' own coupon parts too: they stay on their lines, the rest is shared.
  const lineCoupons = lines.map((line) => line.coupons);
  const shares = orderDiscountShares(
    lines.map((line) => line.total_price),
    { discount: order.discount, totalCoupons: Math.max(0, order.total_coupons - sum(lineCoupons)) },
    lineCoupons,
  );
  const moved = lines.flatMap((line, index) => (line.order_discount !== shares[index] ? [{ id: line.id, share: shares[index]! }] : []));
  const writes: Record<string, Compilable<unknown>> = {};
  const sharesById = new Map(lines.map((line, index) => [line.id, shares[index]!]));
  if (moved.length > 0) {
    const cases = sql.join(
      moved.map((line) => sql`when ${line.id} then cast(${line.share} as bigint)`),
      sql` `,
    );
    writes.lineShares = db
      .updateTable('order_products')
      .set({ order_discount: sql`case id ${cases} end` })
      .where(
        'id',
        'in',
        moved.map((line) => line.id),
      );
  }

  const creditLines: CreditLine[] = lines.map((line, index) => ({
    net: line.total_price - shares[index]!,
    totalPrice: line.total_price,
    totalWithoutTax: line.total_price_without_tax,
    refunded: line.refunded,
  }));
  const ledgerState = {
    payment_status: options.gone ? ('order_void' as const) : order.payment_status,
    total: order.total,
    cardfee: order.cardfee,
    tendered: order.tendered,
    change: order.change,
    refunded: state.refundsTotal,
  };
  const credits = lineCredits(creditLines, ledgerState);
  // Purchases: what was bought through the account, less what refunds paid back into it gave back.
  const boughtIndexes = lines.flatMap((line, index) => (line.buyer_id !== null ? [index] : []));
  const bought = linePurchases(
    boughtIndexes.map((index) => creditLines[index]!),
    {
      paid: state.accountPaid,
      refunds: state.accountRefunds,
      goods: order.total - order.cardfee,
    },
  );
  // A deleted order leaves no purchase behind: its account payment is gone with it.
  const purchases = new Map(boughtIndexes.map((index, position) => [index, options.gone ? 0 : bought[position]!]));

  const target = new Map<string, { lineId: number; vendor: number; kind: Kind; amount: Money }>();
  for (const [index, line] of lines.entries()) {
    if (line.vendor_id !== null)
      target.set(keyOf(line.id, line.vendor_id, 'sale'), { lineId: line.id, vendor: line.vendor_id, kind: 'sale', amount: credits[index]! });
    if (line.buyer_id !== null)
      target.set(keyOf(line.id, line.buyer_id, 'purchase'), { lineId: line.id, vendor: line.buyer_id, kind: 'purchase', amount: purchases.get(index) ?? 0 });
  }
  // A line whose vendor changed, a purchase whose account payment was deleted: what they booked goes back to 0.
  for (const row of booked) {
    const key = keyOf(row.order_product_id, row.vendor_id, row.kind);
    if (!target.has(key)) target.set(key, { lineId: row.order_product_id, vendor: row.vendor_id, kind: row.kind, amount: 0 });
  }
  const bookedByKey = new Map(booked.map((row) => [keyOf(row.order_product_id, row.vendor_id, row.kind), row.total]));
  const rows = [...target].map(([key, entry]) => ({ ...entry, delta: entry.amount - (bookedByKey.get(key) ?? 0) })).filter((entry) => entry.delta !== 0);
  if (rows.length === 0) return { writes, shares: sharesById };
  const date = businessDateOf(at, state.zone);
  writes.vendorSales = insertRows(
    db,
    'vendor_sales',
    rows.map((entry) => ({
      vendor_id: entry.vendor,
      kind: entry.kind,
      order_id: orderId,
      order_product_id: entry.lineId,
      date,
      amount: entry.delta,
      created_at: at,
    })),
  );
  return { writes, shares: sharesById };
}
