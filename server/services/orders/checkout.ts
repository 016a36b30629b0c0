import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db';
import { nowUtc } from '../../db/time';
import { conflict } from '../../errors';
import type { SessionUser } from '../sessions';
import { readOptions } from '../options';
import type { SystemOptions } from '../../../schemas/options';
import { fromDecimal } from '../../../schemas/money';
import type { CheckoutBody, OrderAnswer } from '../../../schemas/orders/api';
import { currencyPrecision } from '../../../schemas/orders/cardFee';
import { checkoutCheckInfo } from '../../../schemas/orders/checkPayment';
import { loadOrderAnswer } from './answer';
import { inTransactionThenRead, lockOrder, recomputeOrder, type OrderRow, type Trx } from './core';
import type { StockTake } from '../stock/ledger';
import { orderCodeWrites } from './orderCode';
import type { MoneyState } from './moneyState';
import { orderMoneyWrites } from '../vendors/vendorSales';
import { newOrderSummaryWrites } from '../reports/summary';
import { writeBatch, writeBatchAhead } from '../../db/batch';
import { checkoutErrors, lineDiscount, readCart, throwIfAny, type ResolvedLine } from './checkoutCart';

/** The checkout's checks that need no database, where the checkout's callers and tests find them. */
export { checkoutErrors } from './checkoutCart';
import type { AuditActor } from '../audit';
import { auditCheckoutLines, type CheckoutLinePrice } from './orderAudit';
import { fillOrder, type FilledOrder } from './checkoutFill';
import { releaseCoupons } from '../coupons/claim';
import { insertRows } from '../../db/template';

/**
 * The till's checkout (POST /orders) and the completion of a parked order (PUT /orders/{id}): the cart is
 * checked against the options, priced from the catalogue, written with its stock movements, payments and
 * instalments, and recomputed — all in one transaction, so a refused payment leaves nothing behind.
 */

export const ORDER_PLACED = 'The order has been placed.';
export const ORDER_HELD = 'The order has been put on hold.';
export const NOT_ON_HOLD = 'Only an order on hold can be completed from the till.';

function checkoutExtra(body: CheckoutBody): string | null {
  const checkinfo = checkoutCheckInfo(body);
  return checkinfo ? JSON.stringify({ checkinfo }) : null;
}

function orderFields(body: CheckoutBody, at: string) {
  const discount = lineDiscount(body);
  return {
    type: body.type ?? 'takeaway',
    customer_id: body.customer_id ?? null,
    register_id: body.register_id ?? null,
    discount_type: discount?.type ?? null,
    discount_percentage: discount?.type === 'percentage' ? fromDecimal(discount.percent) : 0,
    discount: discount?.type === 'flat' ? discount.amount : 0,
    shipping: fromDecimal(body.shipping ?? 0),
    cardfee: 0,
    support_instalments: body.support_instalments ? 1 : 0,
    extra: checkoutExtra(body),
    note: body.note?.trim() || null,
    updated_at: at,
  };
}

/**
 * The register session the order is sold in (the Z report's orders), read in the order's own write: a sale
 * needs its register open (checkoutCart), a parked order is sold in the session that resumes it.
 */
function saleSession(body: CheckoutBody) {
  if (!body.register_id || body.hold) return null;
  return sql<number | null>`(select s.id from register_sessions s where s.register_id = ${body.register_id} and s.status = 'open')`;
}

/**
 * Stores the figures fillOrder settled (it wrote the rows; the order's report summary is made of them, no read).
 * One batch: the stock the sale takes, the order's figures and its code from the day's counter, the lines' shares
 * and vendor ledger, the summary rows and the drawer's rows and balance. Rows every checkout shares
 * stay locked from their write to the commit, so the stock, the day's counter (every checkout of the store takes
 * it), the summary rows and the drawer are taken by the last statement and held for it and the commit.
 */
async function storeCheckout(trx: Trx, state: FilledOrder, options: SystemOptions, at: string): Promise<void> {
  const { id, created_at: _created, code: _pending, ...figures } = state.order;
  const money = orderMoneyWrites(trx, id, state, at);
  const summary = newOrderSummaryWrites(trx, id, state.written, options.ns_store_timezone, { order: state.order, shares: money.shares });
  const batch = {
    ...state.stock.writes,
    ...(await orderCodeWrites(trx, id, figures, at, options.ns_store_timezone)),
    ...money.writes,
    ...summary,
    ...(await state.drawerWrites()),
  };
  // When the batch refuses a unit without stock itself, it travels with COMMIT and the answer's read (PostgreSQL):
  // a refusal fails the transaction there, and the caller answers it with stock.refused.
  if (state.stock.refusedInBatch) await writeBatchAhead(trx, batch);
  else await state.stock.settle(await writeBatch(trx, batch));
}

/** The lines as written (state.lines follows the cart's order), with their catalogue prices, for the price audit. */
function pricesSold(state: MoneyState, lines: readonly ResolvedLine[]): CheckoutLinePrice[] {
  return lines.map((line, index) => ({
    id: state.lines[index]!.id,
    product_id: line.product_id,
    unit_id: line.unit_id,
    name: line.name,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    sale_price: line.product_type === 'product' ? line.cataloguePrice : null,
    vendor_id: line.vendor_id,
    owner: line.owner,
  }));
}

async function validated(database: Database, body: CheckoutBody, read?: SystemOptions): Promise<SystemOptions> {
  const options = read ?? (await readOptions(database));
  throwIfAny(checkoutErrors(body, options));
  return options;
}

/** POST /orders. */
export async function checkout(
  database: Database,
  body: CheckoutBody,
  user: SessionUser,
  actor: AuditActor,
  read?: SystemOptions,
): Promise<{ message: string; order: OrderAnswer }> {
  // Without options read by the caller, the cart's batch reads them and checks the body first.
  if (read) throwIfAny(checkoutErrors(body, read));
  // The answer is read once committed (COMMIT and the read travel together): the day's counter is not held meanwhile.
  let stock: StockTake | undefined;
  const order = await inTransactionThenRead(
    database,
    async (trx) => {
      const { lines, sessionId, options, ids } = await readCart(trx, body, read ?? null, 'order');
      const at = nowUtc();
      // The row carries a unique provisional code no other transaction can see until storeCheckout takes the day's.
      // Its id was drawn with the cart's reads, so it is written in one batch with its lines and payments; the
      // register session it is sold in is the one the cart read and share-locked (null for an order put on hold).
      const stored: OrderRow = {
        id: ids.order!,
        ...orderFields(body, at),
        register_session_id: sessionId,
        code: `pending-${randomUUID()}`,
        payment_status: body.hold ? 'hold' : 'unpaid',
        process_status: 'pending',
        delivery_status: 'pending',
        author_id: user.id,
        subtotal: 0,
        total_coupons: 0,
        total_tax_value: 0,
        roundup: 0,
        total: 0,
        tendered: 0,
        change: 0,
        voided_at: null,
        void_reason: null,
        created_at: at,
      };
      const orderInsert = insertRows(trx, 'orders', [stored]);
      const state = await fillOrder(database, trx, stored, body, lines, user, options, at, actor, sessionId, ids, orderInsert);
      stock = state.stock;
      await auditCheckoutLines(trx, actor, stored.id, pricesSold(state, lines), at);
      await storeCheckout(trx, state, options, at);
      return stored.id;
    },
    (db, id) => loadOrderAnswer(db, id, user),
  ).catch((error: unknown) => Promise.reject(stock ? stock.refused(error) : error));
  return { message: body.hold ? ORDER_HELD : ORDER_PLACED, order };
}

/**
 * PUT /orders/{id}: the till resumes a parked order. Only an order still on hold; its lines, coupons,
 * payments and instalments are replaced by the cart, then it is placed (or parked again with hold: true).
 */
export async function completeHeldOrder(
  database: Database,
  orderId: number,
  body: CheckoutBody,
  user: SessionUser,
  actor: AuditActor,
): Promise<{ message: string; order: OrderAnswer }> {
  const options = await validated(database, body);
  const order = await inTransactionThenRead(
    database,
    async (trx) => {
      const held = await lockOrder(database, trx, orderId);
      if (held.payment_status !== 'hold') throw conflict(NOT_ON_HOLD);
      const { lines, sessionId, ids } = await readCart(trx, body, options, 'rows');
      const at = nowUtc();
      await trx.deleteFrom('order_instalments').where('order_id', '=', orderId).execute();
      await trx.deleteFrom('order_payments').where('order_id', '=', orderId).execute();
      await releaseCoupons(trx, orderId);
      await trx.deleteFrom('order_coupons').where('order_id', '=', orderId).execute();
      await trx.deleteFrom('order_products').where('order_id', '=', orderId).execute();
      await trx
        .updateTable('orders')
        .set({ ...orderFields(body, at), register_session_id: saleSession(body), payment_status: body.hold ? 'hold' : 'unpaid', author_id: user.id })
        .where('id', '=', orderId)
        .execute();
      const state = await fillOrder(
        database,
        trx,
        { ...held, ...orderFields(body, at), payment_status: body.hold ? 'hold' : 'unpaid', author_id: user.id },
        body,
        lines,
        user,
        options,
        at,
        actor,
        sessionId,
        ids,
        null,
      );
      // What the held order booked before is read back: the recomputation from the stored rows settles it.
      if (state.order.cardfee !== 0) await trx.updateTable('orders').set({ cardfee: state.order.cardfee }).where('id', '=', orderId).execute();
      await recomputeOrder(trx, orderId, currencyPrecision(options), at);
      await auditCheckoutLines(trx, actor, orderId, pricesSold(state, lines), at);
      await state.stock.settle(await state.stock.refusing(writeBatch(trx, { ...state.stock.writes, ...(await state.drawerWrites()) })));
    },
    (db) => loadOrderAnswer(db, orderId, user),
  );
  return { message: body.hold ? ORDER_HELD : ORDER_PLACED, order };
}
