import type { Database } from '../../db';
import { nowUtc } from '../../db/time';
import { conflict } from '../../errors';
import { CASH_PAYMENT, type DeliveryStatus, type ProcessStatus } from '../../../schemas/orders/api';
import { sum } from '../../../schemas/money';
import { actionRefusal, voidRefundByTender } from '../../../schemas/orders/rules';
import { inTransaction, lockOrder, moveStocks, type OrderRow, type Trx } from './core';
import { adjustRegisterCash } from './payments';
import { syncOrderMoney } from '../vendors/vendorSales';
import { refreshOrderSummary } from '../reports/summary';
import type { AuditActor } from '../audit';
import { auditOrderDelete, auditOrderVoid } from './orderAudit';
import { releaseCoupons } from '../coupons/claim';

/**
 * Void, delete and the processing / delivery statuses of an order (spec 03 §4). Void is final and
 * returns the stock once; delete returns the stock of an order that still holds it and removes the order.
 */

export const VOIDED_MESSAGE = 'The order has been voided.';
export const DELETED_MESSAGE = 'The order has been deleted.';
export const PROCESSING_MESSAGE = 'The processing status has been updated.';
export const DELIVERY_MESSAGE = 'The delivery status has been updated.';

/**
 * Returns every catalogue line's quantity to stock (dynamic lines have none), in product order to avoid
 * lock cycles. Units an earlier refund took back (returned to the shelf or written off) are not the
 * order's any more and do not come back twice.
 */
async function restock(trx: Trx, orderId: number, reason: 'void' | 'delete', at: string): Promise<void> {
  const [lines, returned] = await Promise.all([
    trx
      .selectFrom('order_products')
      .select(['id', 'product_id', 'unit_id', 'product_type', 'name', 'quantity'])
      .where('order_id', '=', orderId)
      .orderBy('product_id')
      .orderBy('unit_id')
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('order_refunded_products')
      .select(['order_product_id', 'quantity'])
      .where('order_id', '=', orderId)
      .where('refund_type', '=', 'refund_product')
      .execute(),
  ]);
  await moveStocks(
    trx,
    lines.map(({ id, ...line }) => {
      const back = sum(returned.filter((entry) => entry.order_product_id === id).map((entry) => Math.round(entry.quantity * 10_000)));
      return { ...line, quantity: (Math.round(line.quantity * 10_000) - back) / 10_000, reason, order_id: orderId };
    }),
    at,
  );
}

/**
 * The money a voided order kept goes back, by the tender it came in (schemas/orders/rules, card fees kept as
 * on any refund): one refund from the order's register with a payment row per tender; cash leaves that
 * register's drawer, and the vendor-account row is what gives the vendor's balance back (linePurchases, written by syncOrderMoney to the vendor sales ledger).
 * Lines are not listed: the void returns the stock.
 */
async function giveBackKeptMoney(trx: Trx, order: OrderRow, authorId: number, at: string): Promise<void> {
  const [payments, refunds] = await Promise.all([
    trx.selectFrom('order_payments').select(['identifier', 'value', 'fee']).where('order_id', '=', order.id).orderBy('id').execute(),
    trx.selectFrom('order_refund_payments').select(['identifier', 'value']).where('order_id', '=', order.id).orderBy('id').execute(),
  ]);
  const back = voidRefundByTender(payments, refunds, order.change, CASH_PAYMENT);
  if (back.length === 0) return;
  const refund = await trx
    .insertInto('order_refunds')
    .values({
      order_id: order.id,
      total: sum(back.map((entry) => entry.value)),
      shipping: 0,
      author_id: authorId,
      register_id: order.register_id,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const entry of back) {
    await trx
      .insertInto('order_refund_payments')
      .values({ order_refund_id: refund.id, order_id: order.id, ...entry, created_at: at })
      .execute();
    if (entry.identifier === CASH_PAYMENT) await adjustRegisterCash(trx, order.register_id, [{ kind: 'refund', amount: -entry.value }], order.id);
  }
}

/**
 * POST /orders/{id}/void: whatever schemas/orders/rules allows (paid, partially paid and unpaid orders, and a partially
 * refunded one still owing money). The money the order kept goes back by tender and the stock returns, in one
 * transaction. The order row is locked before the status is read, so two voids cannot both give back money or
 * stock; order_void is final (recompute keeps it).
 */
export async function voidOrder(database: Database, orderId: number, reason: string, actor: AuditActor): Promise<void> {
  await inTransaction(database, async (trx) => {
    const order = await lockOrder(database, trx, orderId);
    const refusal = actionRefusal('void', order);
    if (refusal) throw conflict(refusal);
    const at = nowUtc();
    await restock(trx, orderId, 'void', at);
    await giveBackKeptMoney(trx, order, actor.userId ?? order.author_id, at);
    // Its coupon uses go back with the money, so a coupon at its limit serves another order.
    await releaseCoupons(trx, orderId);
    await trx
      .updateTable('orders')
      .set({ payment_status: 'order_void', voided_at: at, void_reason: reason.trim(), updated_at: at })
      .where('id', '=', orderId)
      .execute();
    // The vendors' credit for the sale goes back with the money, on the day of the void.
    await syncOrderMoney(trx, orderId, at);
    await refreshOrderSummary(trx, orderId);
    await auditOrderVoid(trx, actor, order, reason, at);
  });
}

/**
 * DELETE /orders/{id}: whatever schemas/orders/rules allows (paid, partially paid, unpaid and held orders). A held order never took stock and a
 * voided one already gave it back (and is refused), so only the first three restock. The cash the order
 * left at its register (cash payments less change) leaves with it; lines, payments, instalments and
 * coupons go by cascade, stock movements keep their history without the order.
 */
export async function deleteOrder(database: Database, orderId: number, actor: AuditActor): Promise<void> {
  await inTransaction(database, async (trx) => {
    const order = await lockOrder(database, trx, orderId);
    const refusal = actionRefusal('delete', order);
    if (refusal) throw conflict(refusal);
    const at = nowUtc();
    if (order.payment_status !== 'hold') await restock(trx, orderId, 'delete', at);
    const cash = await trx
      .selectFrom('order_payments')
      .select((eb) => eb.fn.sum<number>('value').as('total'))
      .where('order_id', '=', orderId)
      .where('identifier', '=', CASH_PAYMENT)
      .executeTakeFirst();
    const cashTaken = Number(cash?.total ?? 0);
    if (cashTaken > 0)
      await adjustRegisterCash(trx, order.register_id, [{ kind: 'correction', amount: -(cashTaken - Math.min(order.change, cashTaken)) }], orderId);
    // The vendor sales ledger keeps the order's history: rows taking its credit back are written before it goes.
    await syncOrderMoney(trx, orderId, at, { gone: true });
    await auditOrderDelete(trx, actor, order, at);
    // Its coupon uses go back (a held order's too: it claimed them when parked); its coupon rows go by cascade.
    await releaseCoupons(trx, orderId);
    await trx.deleteFrom('orders').where('id', '=', orderId).execute();
    await refreshOrderSummary(trx, orderId);
  });
}

/** POST /orders/{id}/processing. */
export async function setProcessStatus(database: Database, orderId: number, status: ProcessStatus): Promise<void> {
  await inTransaction(database, async (trx) => {
    await lockOrder(database, trx, orderId);
    await trx.updateTable('orders').set({ process_status: status, updated_at: nowUtc() }).where('id', '=', orderId).execute();
  });
}

/** POST /orders/{id}/delivery. */
export async function setDeliveryStatus(database: Database, orderId: number, status: DeliveryStatus): Promise<void> {
  await inTransaction(database, async (trx) => {
    await lockOrder(database, trx, orderId);
    await trx.updateTable('orders').set({ delivery_status: status, updated_at: nowUtc() }).where('id', '=', orderId).execute();
  });
}
