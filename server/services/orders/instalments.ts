import type { Database } from '../../db';
import { nowUtc } from '../../db/time';
import { conflict, HttpError, invalid, notFound } from '../../errors';
import type { SessionUser } from '../sessions';
import { readOptions } from '../options';
import { fromDecimal, sum, toDecimal, type Money } from '../../../schemas/money';
import {
  INSTALMENT_NOT_DUE_STATUS,
  type InstalmentAnswer,
  type InstalmentBody,
  type InstalmentUpdateBody,
  type OrderAnswer,
  type PaymentAnswer,
} from '../../../schemas/orders/api';
import { currencyPrecision } from '../../../schemas/orders/cardFee';
import { actionRefusal, leftToPay } from '../../../schemas/orders/rules';
import { parseCalendarDate } from '../../../schemas/vendors';
import { businessDateOf } from '../../../schemas/format/businessTime';
import { assertMaySeeOrder, loadOrderAnswer, type Viewer } from './answer';
import { paymentsQuery, toPaymentAnswer } from './answerPayments';
import { inTransactionThenRead, lockOrder, recomputeOrder, type OrderRow, type Trx } from './core';
import { recordPayment } from './payments';
import type { AuditActor } from '../audit';

/**
 * Layaway instalments (spec 03 §2 "Layaway Installments list", §4, §8): created, changed and deleted while
 * unpaid on an unpaid or partially paid order that supports them, never adding up to more than the order
 * total; paid through a payment of the instalment's amount. Every write locks the order row first, so
 * parallel calls on one order are serialised and an instalment is never paid twice.
 *
 * Status codes: 409 (INSTALMENT_NOT_DUE_STATUS) on …/pay means only "not due yet" — the client then offers
 * the 'Update Instalment Date' dialog — so every other refusal of …/pay answers 422.
 */

export const INSTALMENT_CREATED_MESSAGE = 'The instalment has been created.';
export const INSTALMENT_UPDATED_MESSAGE = 'The instalment has been updated.';
export const INSTALMENT_DELETED_MESSAGE = 'The instalment has been deleted.';
export const INSTALMENT_PAID_MESSAGE = 'The instalment has been paid.';
export const INSTALMENT_NOT_FOUND = 'Unable to find the requested instalment.';
export const INSTALMENT_AMOUNT_MESSAGE = 'The instalment amount must be above 0.';
export const INSTALMENTS_ABOVE_TOTAL_MESSAGE = 'The instalments cannot add up to more than the order total.';
export const INSTALMENT_DATE_MESSAGE = 'This field must be a real date (YYYY-MM-DD).';
export const INSTALMENT_ALREADY_PAID_MESSAGE = 'This instalment has already been paid.';
export const PAID_INSTALMENT_LOCKED_MESSAGE = 'A paid instalment cannot be changed or deleted.';
export const CREATE_UNPAID_MESSAGE = 'An instalment is created unpaid, then paid through its payment.';
export const INSTALMENT_NOT_DUE_MESSAGE = 'This instalment is not due yet.';
export const INSTALMENT_ABOVE_REMAINING_MESSAGE = 'The instalment is more than what is left to pay on this order.';

const refused = (field: string, message: string) => invalid(message, { [field]: [message] });

/** GET /orders/{id}/instalments: oldest first by date, then by id; each with the payment that settled it. */
export async function listInstalments(database: Database, orderId: number, user: SessionUser): Promise<InstalmentAnswer[]> {
  await assertMaySeeOrder(database.db, orderId, user);
  const rows = await database.db.selectFrom('order_instalments').selectAll().where('order_id', '=', orderId).orderBy('date').orderBy('id').execute();
  const paymentIds = rows.map((row) => row.payment_id).filter((id): id is number => id !== null);
  const payments = paymentIds.length === 0 ? [] : (await paymentsQuery(database.db).where('p.id', 'in', paymentIds).execute()).map(toPaymentAnswer);
  return rows.map((row) => ({
    id: row.id,
    order_id: row.order_id,
    date: row.date,
    amount: toDecimal(row.amount),
    paid: row.paid ? 1 : 0,
    payment_id: row.payment_id,
    payments: payments.filter((payment) => payment.id === row.payment_id),
  }));
}

function openOrderRefusal(order: OrderRow, status = 409): HttpError | null {
  const refusal = actionRefusal('instalments', order);
  return refusal ? new HttpError(status, refusal) : null;
}

/** The order, locked and open to instalments (support_instalments, unpaid or partially paid). */
async function lockOpenOrder(database: Database, trx: Trx, orderId: number): Promise<OrderRow> {
  const order = await lockOrder(database, trx, orderId);
  const refusal = openOrderRefusal(order);
  if (refusal) throw refusal;
  return order;
}

async function findInstalment(trx: Trx, orderId: number, instalmentId: number) {
  const row = await trx.selectFrom('order_instalments').selectAll().where('id', '=', instalmentId).where('order_id', '=', orderId).executeTakeFirst();
  if (!row) throw notFound(INSTALMENT_NOT_FOUND);
  return row;
}

function checkedDate(date: string): string {
  if (!parseCalendarDate(date)) throw refused('instalment.date', INSTALMENT_DATE_MESSAGE);
  return date;
}

function checkedAmount(amount: number): Money {
  const value = fromDecimal(amount);
  if (value <= 0) throw refused('instalment.amount', INSTALMENT_AMOUNT_MESSAGE);
  return value;
}

/** Refuses instalments adding up to more than the order total (the one being changed counted at its new amount). */
async function assertWithinTotal(trx: Trx, order: OrderRow, amount: Money, exceptId?: number): Promise<void> {
  let query = trx.selectFrom('order_instalments').select('amount').where('order_id', '=', order.id);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const others = await query.execute();
  if (sum(others.map((row) => row.amount)) + amount > order.total) throw refused('instalment.amount', INSTALMENTS_ABOVE_TOTAL_MESSAGE);
}

export async function createInstalment(database: Database, orderId: number, body: InstalmentBody): Promise<InstalmentAnswer> {
  const { instalment } = body;
  if (instalment.paid === true || instalment.paid === 1) throw refused('instalment.paid', CREATE_UNPAID_MESSAGE);
  const date = checkedDate(instalment.date);
  const amount = checkedAmount(instalment.amount);
  const id = await database.db.transaction().execute(async (trx) => {
    const order = await lockOpenOrder(database, trx, orderId);
    await assertWithinTotal(trx, order, amount);
    const at = nowUtc();
    const row = await trx
      .insertInto('order_instalments')
      .values({ order_id: orderId, date, amount, paid: 0, payment_id: null, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('orders').set({ updated_at: at }).where('id', '=', orderId).execute();
    return row.id;
  });
  return { id, order_id: orderId, date, amount: toDecimal(amount), paid: 0, payment_id: null, payments: [] };
}

export async function updateInstalment(database: Database, orderId: number, instalmentId: number, body: InstalmentUpdateBody): Promise<InstalmentAnswer> {
  const date = body.instalment.date === undefined ? undefined : checkedDate(body.instalment.date);
  const amount = body.instalment.amount === undefined ? undefined : checkedAmount(body.instalment.amount);
  return database.db.transaction().execute(async (trx) => {
    const order = await lockOpenOrder(database, trx, orderId);
    const row = await findInstalment(trx, orderId, instalmentId);
    if (row.paid) throw conflict(PAID_INSTALMENT_LOCKED_MESSAGE);
    if (amount !== undefined) await assertWithinTotal(trx, order, amount, row.id);
    const changes = { date: date ?? row.date, amount: amount ?? row.amount, updated_at: nowUtc() };
    await trx.updateTable('order_instalments').set(changes).where('id', '=', row.id).execute();
    return { id: row.id, order_id: orderId, date: changes.date, amount: toDecimal(changes.amount), paid: 0, payment_id: null, payments: [] };
  });
}

export async function deleteInstalment(database: Database, orderId: number, instalmentId: number): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await lockOpenOrder(database, trx, orderId);
    const row = await findInstalment(trx, orderId, instalmentId);
    if (row.paid) throw conflict(PAID_INSTALMENT_LOCKED_MESSAGE);
    await trx.deleteFrom('order_instalments').where('id', '=', row.id).execute();
  });
}

/**
 * POST …/pay: a payment of the instalment's amount through the order payment screen's rules (manual card
 * fee), the instalment marked paid with it, the order recomputed. Not due yet → 409 so the client can offer
 * to date it today; every other refusal → 422.
 */
export async function payInstalment(
  database: Database,
  orderId: number,
  instalmentId: number,
  paymentType: string,
  userId: number,
  viewer: Viewer,
  actor: AuditActor,
): Promise<{ payment: PaymentAnswer; order: OrderAnswer }> {
  const options = await readOptions(database);
  return inTransactionThenRead(
    database,
    async (trx) => {
      const order = await lockOrder(database, trx, orderId);
      const refusal = openOrderRefusal(order, 422);
      if (refusal) throw refusal;
      const row = await findInstalment(trx, orderId, instalmentId);
      if (row.paid) throw refused('instalment', INSTALMENT_ALREADY_PAID_MESSAGE);
      if (row.date > businessDateOf(new Date(), options.ns_store_timezone)) throw new HttpError(INSTALMENT_NOT_DUE_STATUS, INSTALMENT_NOT_DUE_MESSAGE);
      if (row.amount > leftToPay(order)) throw refused('instalment', INSTALMENT_ABOVE_REMAINING_MESSAGE);
      const at = nowUtc();
      const { paymentId: id } = await recordPayment(
        database,
        trx,
        order,
        { identifier: paymentType, value: toDecimal(row.amount) },
        { userId, options, variant: 'manual', at, actor },
      );
      await trx.updateTable('order_instalments').set({ paid: 1, payment_id: id, updated_at: at }).where('id', '=', row.id).execute();
      await recomputeOrder(trx, orderId, currencyPrecision(options), at);
      return id;
    },
    // The order's answer lists the new payment: no read of its own.
    async (db, paymentId) => {
      const order = await loadOrderAnswer(db, orderId, viewer);
      return { payment: order.payments.find((entry) => entry.id === paymentId)!, order };
    },
  );
}
