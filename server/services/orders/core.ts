import { CompiledQuery, type Compilable, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db';
import type { DB, OrdersTable } from '../../db/schema';
import { readBatch, writeBatchAhead, type BatchRows } from '../../db/batch';
import { forUpdate, isPostgres } from '../../db/dialect';
import { COMMIT_BEFORE_NEXT } from '../../db/pipelinedTransactions';
import { nowUtc } from '../../db/time';
import { notFound } from '../../errors';
import { assertOrderWithinBounds } from './amountBounds';
import { applyStockMovements, notEnoughStock, stockTake, type StockTake } from '../stock/ledger';
import { orderMoneyWrites } from '../vendors/vendorSales';
import { orderRowsOf, orderRowsQuery, summaryWritesOf } from '../reports/summary';
import { moneyStateOf, moneyStateReads, type MoneyState } from './moneyState';
import type { Money } from '../../../schemas/money';
import { roundUp } from '../../../schemas/orders/cardFee';
import { orderTotals } from '../../../schemas/orders/orderTotals';
import { paymentStatusOf } from '../../../schemas/orders/paymentStatus';
import type { Discount } from '../../../schemas/orders/discount';
import type { Selectable } from 'kysely';

/**
 * What every order write shares: one transaction, the order row locked, stock moved atomically, the
 * per-day order code, and the one recomputation of totals and payment status from the stored rows.
 * The money rules themselves live in schemas/orders; nothing here decides a total on its own.
 */

export type Trx = Transaction<DB>;
export type OrderRow = Selectable<OrdersTable>;

export const ORDER_NOT_FOUND = 'Unable to find the requested order.';

/** Runs `work` in one transaction (SQLite: BEGIN IMMEDIATE, writers serialised; PostgreSQL: rows locked as read). */
export function inTransaction<T>(database: Database, work: (trx: Trx) => Promise<T>): Promise<T> {
  return database.db.transaction().execute(work);
}

/**
 * Runs `work` in one transaction, then `read` (one statement: a read batch) for the request's answer, once
 * committed. On PostgreSQL COMMIT and the read travel together, one round trip for both, and the read answers
 * only if COMMIT succeeded (server/db/pipelinedTransactions.ts); on SQLite the read follows the commit.
 */
export async function inTransactionThenRead<T, R>(
  database: Database,
  work: (trx: Trx) => Promise<T>,
  read: (db: Kysely<DB> | Trx, done: T) => Promise<R>,
): Promise<R> {
  if (!isPostgres(database.db)) return read(database.db, await inTransaction(database, work));
  return inTransaction(database, async (trx) => {
    const done = await work(trx);
    await trx.executeQuery(CompiledQuery.raw(COMMIT_BEFORE_NEXT));
    return read(trx, done);
  });
}

/** A Database whose queries run inside `trx`, for services written against Database (vendor balance). */
export function databaseIn(database: Database, trx: Trx): Database {
  return { ...database, db: trx };
}

/** The order row, locked until the transaction ends (PostgreSQL FOR UPDATE; SQLite holds the write lock). */
export async function lockOrder(database: Database, trx: Trx, orderId: number): Promise<OrderRow> {
  return foundOrder(await lockOrderQuery(database, trx, orderId).executeTakeFirst());
}

/**
 * The read behind lockOrder, for a batch (server/db/batch.ts). Only reads that do not depend on the lock may
 * share its batch: on PostgreSQL a statement that waited for the lock sees the locked row as it is now, but
 * its other reads as they were when it began.
 */
export function lockOrderQuery(database: Database, trx: Trx, orderId: number) {
  return forUpdate(database.dialect, trx.selectFrom('orders').selectAll().where('id', '=', orderId));
}

/** The order a lock read answered, or 404. */
export function foundOrder(row: OrderRow | undefined): OrderRow {
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

export interface StockChange {
  product_id: number | null;
  unit_id: number | null;
  product_type: 'product' | 'dynamic';
  name: string;
  /** Signed: negative takes from stock (sale), positive returns to it (void, delete, unspoiled refund). */
  quantity: number;
  reason: 'sale' | 'void' | 'delete' | 'refund_unspoiled' | 'refund_damaged' | 'adjustment';
  order_id: number;
}

export { notEnoughStock };

type StockedChange = StockChange & { product_id: number; unit_id: number };

/** Dynamic lines and lines without a product or unit have no stock; a zero quantity moves nothing. */
const movesStock = (change: StockChange): change is StockedChange =>
  change.product_type === 'product' && change.product_id !== null && change.unit_id !== null && change.quantity !== 0;

/**
 * Moves the stock of several lines through the stock ledger (guarded, never below zero; the first short
 * line refuses the whole write), in the order given: callers sort by product and unit so concurrent
 * writers lock rows alike.
 */
export async function moveStocks(trx: Trx, changes: readonly StockChange[], at: string = nowUtc()): Promise<void> {
  await applyStockMovements(trx, stockMovementsOf(changes), at);
}

/** moveStocks for the caller's write batch (stockTake): the till's checkout sends it with the order's rows. */
export function takeStocks(trx: Trx, changes: readonly StockChange[], at: string): StockTake {
  return stockTake(trx, stockMovementsOf(changes), at);
}

const stockMovementsOf = (changes: readonly StockChange[]) =>
  changes.filter(movesStock).map((change) => ({
    product_id: change.product_id,
    unit_id: change.unit_id,
    change: change.quantity,
    reason: change.reason,
    order_id: change.order_id,
    name: change.name,
  }));

/** Moves the stock of one catalogue line (see moveStocks). */
export function moveStock(trx: Trx, change: StockChange, at: string = nowUtc()): Promise<void> {
  return moveStocks(trx, [change], at);
}

/** The order discount as stored, as the input the totals rule takes. */
export function storedDiscount(order: Pick<OrderRow, 'discount_type' | 'discount_percentage' | 'discount'>): Discount | undefined {
  if (order.discount_type === 'percentage') return { type: 'percentage', percent: order.discount_percentage / 10_000 };
  if (order.discount_type === 'flat') return { type: 'flat', amount: order.discount };
  return undefined;
}

export interface Recomputed {
  order: OrderRow;
  totalRefunded: Money;
}

/**
 * Recomputes the order from its stored lines, cart coupons, payments and refunds: subtotal, taxes,
 * discount, total (+ card fee, rounded up to the currency precision), tendered, change and payment status
 * (schemas/orders/paymentStatus: hold and order_void stay), then each line's share of the order discount and
 * the vendor sales ledger (orderMoneyWrites) and the report summary: one read and one write on PostgreSQL.
 * Call it after every payment, refund, edit and instalment, inside the same transaction, after locking the order.
 */
export async function recomputeOrder(
  trx: Trx,
  orderId: number,
  precision: number,
  at: string = nowUtc(),
  /** Writes that need the recomputed order (an audit row of it), sent in the same batch. */
  alsoWrite?: (order: OrderRow) => Record<string, Compilable<unknown>>,
): Promise<Recomputed> {
  return recomputeFrom(trx, orderId, await readBatch(trx, recomputeReads(trx, orderId)), precision, at, alsoWrite);
}

/** What recomputeOrder reads, in one batch: the order with its money sums, its lines, coupons and ledger rows, and its report summary's rows. */
export function recomputeReads(trx: Trx, orderId: number) {
  return { ...moneyStateReads(trx, orderId), summary: orderRowsQuery(trx, [orderId], true) };
}

/** recomputeOrder from its reads, for a caller that sent them itself (with a write of its own before them). */
export async function recomputeFrom(
  trx: Trx,
  orderId: number,
  read: BatchRows<ReturnType<typeof recomputeReads>>,
  precision: number,
  at: string,
  alsoWrite?: (order: OrderRow) => Record<string, Compilable<unknown>>,
): Promise<Recomputed> {
  const state = moneyStateOf(read);
  if (!state) throw notFound(ORDER_NOT_FOUND);
  const changes = settledFigures(state, precision, at);
  const order = { ...state.order, ...changes };
  // One write: the figures, the lines' shares of the order discount and the vendors' credit, which follow every
  // change of lines and money, and the report summary of the order as those leave it. Its answer is not read:
  // on PostgreSQL it goes with the transaction's next statement (often the answer's read and COMMIT).
  const money = orderMoneyWrites(trx, orderId, { ...state, order }, at);
  await writeBatchAhead(trx, {
    orderFigures: trx.updateTable('orders').set(changes).where('id', '=', orderId),
    ...money.writes,
    ...summaryWritesOf(trx, orderId, orderRowsOf(read.summary), { order, shares: money.shares }),
    ...alsoWrite?.(order),
  });
  return { order, totalRefunded: state.refundsTotal };
}

/**
 * The order's figures from its money state (pure: the rules are schemas/orders'), for recomputeOrder and for
 * the till's checkout, which keeps the state of the order it is writing in memory.
 */
export function settledFigures(state: MoneyState, precision: number, at: string) {
  const { order, lines, cartCoupons } = state;
  const discount = storedDiscount(order);
  const totals = orderTotals(lines, {
    ...(discount ? { discount } : {}),
    // Cart coupons and the lines' parts of product coupons: total_coupons is every coupon of the order.
    coupons: [...cartCoupons, ...lines.map((line) => line.coupons)],
    shipping: order.shipping,
  });
  const rounded = roundUp(totals.total + order.cardfee, precision);
  assertOrderWithinBounds([totals.subtotal, rounded.amount]);
  const tendered = state.paymentsTotal;
  // Change is money handed back: once given it stays given (a later, higher total does not take it back),
  // it grows only when payments exceed the total again, and never exceeds what was tendered.
  const change = Math.min(tendered, Math.max(order.change, tendered - rounded.amount, 0));
  const paymentStatus = paymentStatusOf({
    total: rounded.amount,
    tendered: tendered - change,
    refunded: state.refundsTotal,
    keptFees: order.cardfee,
    current: order.payment_status,
  });
  const changes = {
    discount_type: totals.discount_type,
    discount_percentage: totals.discount_percentage,
    discount: totals.discount,
    subtotal: totals.subtotal,
    total_coupons: totals.total_coupons,
    total_tax_value: totals.total_tax_value,
    roundup: rounded.roundup,
    total: rounded.amount,
    tendered,
    change,
    payment_status: paymentStatus,
    updated_at: at,
  };
  return changes;
}
