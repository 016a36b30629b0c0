import { sql, type Compilable, type Insertable } from 'kysely';
import type { OrderPaymentsTable } from '../../db/schema';
import type { Database } from '../../db';
import { nowUtc } from '../../db/time';
import { conflict, invalid, notFound } from '../../errors';
import type { SystemOptions } from '../../../schemas/options';
import { fromDecimal, sum, type Money } from '../../../schemas/money';
import { ACCOUNT_PAYMENT, CARD_PAYMENT, CASH_PAYMENT, type OrderAnswer, type PaymentInput } from '../../../schemas/orders/api';
import { cardFee, currencyPrecision, manualCardFee } from '../../../schemas/orders/cardFee';
import { CHECK_PAYMENT, checkPaymentErrors, parseOrderExtra, storedCheckInfo } from '../../../schemas/orders/checkPayment';
import { accountPaymentRefusal, actionRefusal, leftToPay } from '../../../schemas/orders/rules';
import { monthOf, vendorBalance } from '../../../schemas/vendors';
import { keepRequestOptions, optionsOf, optionsQuery, storeToday } from '../options';
import { assertPrecisionOf } from './amountBounds';
import { gatherBalanceTerms } from '../vendors/vendorBalance';
import { lockVendor } from '../vendors/vendorAccess';
import { drawerCashWrites, moveRegisterBalance, recordDrawerCash, type DrawerMove } from '../registers/drawer';
import { databaseIn, foundOrder, inTransactionThenRead, lockOrder, lockOrderQuery, recomputeOrder, type OrderRow, type Trx } from './core';
import { loadOrderAnswer, type Viewer } from './answer';
import type { AuditActor } from '../audit';
import { activePaymentTypes, activePaymentTypesQuery, primePaymentTypes } from './paymentTypes';
import { readBatch, writeBatch, writeBatchAhead } from '../../db/batch';
import { drawIds, drawnIds } from '../../db/drawIds';
import { auditAccountPayment, auditPaymentDelete } from './orderAudit';

/**
 * Taking and deleting order payments (spec 03 §5 "Order payments", §9 card fee). recordPayment applies
 * every rule and writes the payment; the caller recomputes the order afterwards in the same transaction.
 */

export const INVALID_AMOUNT = 'Please Provide A Valid Payment Amount.';
export const UNKNOWN_PAYMENT_TYPE = 'This payment type is not available.';
export const ABOVE_REMAINING = 'The payment exceeds the amount left to pay on this order.';
export const PAYMENT_NOT_FOUND = 'Unable to find the requested payment.';

export interface PaymentContext {
  userId: number;
  options: SystemOptions;
  /** till: the POS card fee (cardFee); manual: the order payment screen's (manualCardFee). */
  variant: 'till' | 'manual';
  /** The till's cash: more than what is left is accepted and the difference is change. */
  allowOverpay?: boolean;
  at?: string;
  /** Who takes the payment, for the audit of vendor account payments. */
  actor: AuditActor;
  /** The caller writes the order's card fee and the register's cash itself, once for the whole write (the till's checkout). */
  deferOrderWrites?: boolean;
  /**
   * An id drawn for the payment (server/db/drawIds.ts): its row is answered (RecordedPayment.row) for the
   * caller's batch instead of written here. Not for a vendor account payment, which writes the order's lines.
   */
  paymentId?: number;
}

/** A recorded payment: its id, the value stored (fee included), the card fee, and the vendor whose account paid. */
export interface RecordedPayment {
  paymentId: number;
  value: Money;
  fee: Money;
  vendorNumber: number | null;
  /** The row to write, when the caller drew its id. */
  row?: Insertable<OrderPaymentsTable>;
}

const refused = (field: string, message: string) => invalid(message, { [field]: [message] });

/**
 * Moves cash in or out of the register's drawer (cash payments add, change handed back and cash refunds
 * subtract): each move goes into the open session's cash ledger, and the register's balance by their sum.
 * Refused (409) when the register has no open session. No register, no drawer.
 */
export async function adjustRegisterCash(
  trx: Trx,
  registerId: number | null,
  moves: readonly DrawerMove[],
  orderId: number | null,
  sessionId: number | null = null,
): Promise<void> {
  await writeBatch(trx, await registerCashWrites(trx, registerId, moves, orderId, sessionId));
}

/**
 * adjustRegisterCash's writes for the caller's own batch: the drawer's rows and balance when the register's open
 * session is known (read and share-locked earlier in this transaction); without it they are written here.
 */
export async function registerCashWrites(
  trx: Trx,
  registerId: number | null,
  moves: readonly DrawerMove[],
  orderId: number | null,
  sessionId: number | null,
): Promise<Record<string, Compilable<unknown>>> {
  if (registerId === null) return {};
  if (sessionId !== null) return drawerCashWrites(trx, sessionId, registerId, moves, orderId);
  await recordDrawerCash(trx, registerId, moves, orderId);
  await moveRegisterBalance(trx, registerId, sum(moves.map((move) => move.amount)));
  return {};
}

/** Refuses a payment on an order whose state takes none (schemas/orders/rules). */
export function assertOrderTakesPayment(order: Pick<OrderRow, 'payment_status' | 'support_instalments'>): void {
  const refusal = actionRefusal('pay', order);
  if (refusal) throw conflict(refusal);
}

/**
 * The vendor account payment: the vendor must be chosen, the account used once per order and only for
 * the full unpaid amount, and the vendor's current-month balance must cover it. The vendor row stays
 * locked until commit, so two orders cannot both spend the same balance.
 */
async function checkAccountPayment(database: Database, trx: Trx, order: OrderRow, value: Money, vendorNumber: number | null | undefined): Promise<number> {
  const previous = await trx
    .selectFrom('order_payments')
    .select('id')
    .where('order_id', '=', order.id)
    .where('identifier', '=', ACCOUNT_PAYMENT)
    .executeTakeFirst();
  const check = (balance: Money | null) => {
    const refusal = accountPaymentRefusal({
      vendorChosen: Boolean(vendorNumber),
      usedBefore: previous !== undefined,
      value,
      leftToPay: leftToPay(order),
      balance,
    });
    if (refusal) throw refused(refusal.field, refusal.message);
  };
  // Every rule but the balance first: the vendor row is locked and the balance read only for a request that passes them.
  check(value);
  const vendor = await lockVendor(trx, database, vendorNumber!);
  const statement = await gatherBalanceTerms(databaseIn(database, trx), vendor, monthOf(await storeToday(trx)));
  check(vendorBalance(statement.terms).balance);
  return vendor.vendor_id;
}

/**
 * A check needs its number, and the customer's ID above the store's amount; its information becomes the
 * order's (extra.checkinfo), written here unless the caller (the till's checkout) writes the order itself.
 */
async function takeCheck(trx: Trx, order: OrderRow, value: Money, input: PaymentInput, context: PaymentContext, at: string): Promise<void> {
  const errors = checkPaymentErrors(value, input.checkinfo, fromDecimal(context.options.ns_pos_check_id_above));
  if (errors) throw invalid(Object.values(errors)[0]![0]!, errors);
  if (context.deferOrderWrites) return;
  await trx
    .updateTable('orders')
    .set({ extra: JSON.stringify({ ...parseOrderExtra(order.extra), checkinfo: storedCheckInfo(input.checkinfo!) }), updated_at: at })
    .where('id', '=', order.id)
    .execute();
}

/**
 * Applies the payment rules and inserts the order_payments row (the order must be locked by the caller).
 * Card payments carry their fee: it is added to orders.cardfee and to the payment's value. Cash is added
 * to the order's register. Does not recompute: call recomputeOrder afterwards in the same transaction.
 */
export async function recordPayment(database: Database, trx: Trx, order: OrderRow, input: PaymentInput, context: PaymentContext): Promise<RecordedPayment> {
  const at = context.at ?? nowUtc();
  if (!(await activePaymentTypes(trx)).has(input.identifier)) throw refused('identifier', UNKNOWN_PAYMENT_TYPE);
  const value = fromDecimal(input.value);
  if (value <= 0) throw refused('value', INVALID_AMOUNT);
  assertOrderTakesPayment(order);
  if (!context.allowOverpay && value > leftToPay(order)) throw refused('value', ABOVE_REMAINING);

  if (input.identifier === CHECK_PAYMENT) await takeCheck(trx, order, value, input, context, at);

  let vendorNumber: number | null = null;
  if (input.identifier === ACCOUNT_PAYMENT) {
    if (context.paymentId !== undefined) throw new Error('A vendor account payment is written with its order lines, never batched.');
    vendorNumber = await checkAccountPayment(database, trx, order, value, input.vendor_id);
    await trx.updateTable('order_products').set({ buyer_id: vendorNumber, updated_at: at }).where('order_id', '=', order.id).execute();
  }

  let fee = 0;
  if (input.identifier === CARD_PAYMENT) {
    fee = context.variant === 'till' ? cardFee(value, context.options) : manualCardFee(value, context.options);
    if (fee > 0 && !context.deferOrderWrites)
      await trx
        .updateTable('orders')
        .set({ cardfee: sql`cardfee + ${fee}`, updated_at: at })
        .where('id', '=', order.id)
        .execute();
  }

  const row = {
    order_id: order.id,
    identifier: input.identifier,
    value: value + fee,
    fee,
    vendor_id: vendorNumber,
    author_id: context.userId,
    created_at: at,
  };
  const drawn = context.paymentId;
  const id = drawn ?? (await trx.insertInto('order_payments').values(row).returning('id').executeTakeFirstOrThrow()).id;
  if (input.identifier === CASH_PAYMENT && !context.deferOrderWrites)
    await adjustRegisterCash(trx, order.register_id, [{ kind: 'sale', amount: value }], order.id);
  if (vendorNumber !== null) await auditAccountPayment(trx, context.actor, id, order, vendorNumber, value, at);
  return { paymentId: id, value: value + fee, fee, vendorNumber, ...(drawn !== undefined && { row: { id: drawn, ...row } }) };
}

/**
 * DELETE /orders/{id}/payment/{paymentId}: removes the payment and what it brought with it — a card
 * payment's fee, an account payment's buyer on the lines, cash at the register, an instalment marked paid
 * by it — then recomputes the order. Voided, held and refunded orders keep their payments.
 */
export async function deletePayment(
  database: Database,
  orderId: number,
  paymentId: number,
  options: SystemOptions,
  actor: AuditActor,
  viewer: Viewer,
): Promise<OrderAnswer> {
  return inTransactionThenRead(
    database,
    async (trx) => {
      const order = await lockOrder(database, trx, orderId);
      const refusal = actionRefusal('delete_payment', order);
      if (refusal) throw conflict(refusal);
      const payment = await trx.selectFrom('order_payments').selectAll().where('id', '=', paymentId).where('order_id', '=', orderId).executeTakeFirst();
      if (!payment) throw notFound(PAYMENT_NOT_FOUND);
      const at = nowUtc();
      // Each payment keeps its own card fee: exactly that leaves the order with it.
      if (payment.fee > 0) {
        await trx
          .updateTable('orders')
          .set({ cardfee: Math.max(0, order.cardfee - payment.fee), updated_at: at })
          .where('id', '=', orderId)
          .execute();
      }
      if (payment.identifier === ACCOUNT_PAYMENT) {
        await trx.updateTable('order_products').set({ buyer_id: null, updated_at: at }).where('order_id', '=', orderId).execute();
      }
      if (payment.identifier === CASH_PAYMENT) {
        // Change is paid out of cash: deleting the cash takes back its change too, and the drawer gives up only what it kept.
        const changeBack = Math.min(order.change, payment.value);
        if (changeBack > 0)
          await trx
            .updateTable('orders')
            .set({ change: order.change - changeBack, updated_at: at })
            .where('id', '=', orderId)
            .execute();
        await adjustRegisterCash(trx, order.register_id, [{ kind: 'correction', amount: -(payment.value - changeBack) }], orderId);
      }
      await trx.updateTable('order_instalments').set({ paid: 0, payment_id: null, updated_at: at }).where('payment_id', '=', paymentId).execute();
      await trx.deleteFrom('order_payments').where('id', '=', paymentId).execute();
      const after = await recomputeOrder(trx, orderId, currencyPrecision(options), at);
      await auditPaymentDelete(trx, actor, payment, order, after.order, at);
    },
    (db) => loadOrderAnswer(db, orderId, viewer),
  );
}

/**
 * POST /orders/{id}/payments: one payment through the order payment screen (manual card fee), then recompute.
 * Answers the new payment's id and the order as `viewer` sees it (it lists the payment).
 */
export async function addOrderPayment(
  database: Database,
  orderId: number,
  input: PaymentInput,
  viewer: Viewer,
  actor: AuditActor,
  /** The request, which keeps the options read here for its later steps (readOptions). */
  request?: object,
): Promise<{ paymentId: number; order: OrderAnswer }> {
  return inTransactionThenRead(
    database,
    async (trx) => {
      // The options and payment types read beside the lock (they do not depend on it): one round trip on
      // PostgreSQL. The amount's precision is checked before anything else, as a route's preHandler would.
      // With the payment's id, whose row then goes with the recompute's read (an account payment writes its own).
      const drawn = input.identifier !== ACCOUNT_PAYMENT;
      const read = await readBatch(trx, {
        order: lockOrderQuery(database, trx, orderId),
        types: activePaymentTypesQuery(trx),
        options: optionsQuery(trx),
        ...(drawn && { ids: drawIds(trx, { order_payments: 1 }) }),
      });
      const options = optionsOf(read.options);
      if (request) keepRequestOptions(request, options);
      assertPrecisionOf(input, options);
      const order = foundOrder(read.order[0]);
      primePaymentTypes(trx, read.types);
      const { paymentId, row } = await recordPayment(database, trx, order, input, {
        userId: viewer.id,
        options,
        variant: 'manual',
        actor,
        ...(drawn && { paymentId: drawnIds(read.ids, 'order_payments')[0]! }),
      });
      if (row) await writeBatchAhead(trx, { payment: trx.insertInto('order_payments').values(row) });
      await recomputeOrder(trx, orderId, currencyPrecision(options));
      return paymentId;
    },
    async (db, paymentId) => ({ paymentId, order: await loadOrderAnswer(db, orderId, viewer) }),
  );
}
