import { randomUUID } from 'node:crypto';
import type { Database } from '../../db';
import { nowUtc } from '../../db/time';
import { conflict, invalid } from '../../errors';
import type { SessionUser } from '../sessions';
import { readOptions } from '../options';
import type { SystemOptions } from '../../../schemas/options';
import { fromDecimal, multiply, sum } from '../../../schemas/money';
import { CASH_PAYMENT, type CheckoutBody, type OrderAnswer } from '../../../schemas/orders/api';
import { currencyPrecision } from '../../../schemas/orders/cardFee';
import { lineTotals } from '../../../schemas/orders/lineTotals';
import { assertLineWithinBounds } from './amountBounds';
import { loadOrderAnswer } from './answer';
import { inTransaction, lockOrder, moveStocks, nextOrderCode, recomputeOrder, settledFigures, type OrderRow, type Trx } from './core';
import type { MoneyState } from './moneyState';
import { writeOrderMoney } from '../vendors/vendorSales';
import { adjustRegisterCash, recordPayment } from './payments';
import { checkoutErrors, lineDiscount, resolveCart, throwIfAny, type Errors, type ResolvedLine } from './checkoutCart';

/** The checkout's checks that need no database, where the checkout's callers and tests find them. */
export { checkoutErrors } from './checkoutCart';
import type { AuditActor } from '../audit';
import { auditCheckoutLines, type CheckoutLinePrice } from './orderAudit';
import { instalmentPaymentLinks, leftToPay, netPaid, paidInstalmentsRefusal, unpaidCheckoutRefusal } from '../../../schemas/orders/rules';

/**
 * The till's checkout (POST /orders) and the completion of a parked order (PUT /orders/{id}): the cart is
 * checked against the options, priced from the catalogue, written with its stock movements, payments and
 * instalments, and recomputed — all in one transaction, so a refused payment leaves nothing behind.
 */

export const ORDER_PLACED = 'The order has been placed.';
export const ORDER_HELD = 'The order has been put on hold.';
export const INSTALMENTS_ABOVE_TOTAL = 'The instalments sum exceeds the order total.';
export const NOT_ON_HOLD = 'Only an order on hold can be completed from the till.';

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
    extra: body.extra?.checkinfo ? JSON.stringify({ checkinfo: body.extra.checkinfo }) : null,
    note: body.note?.trim() || null,
    updated_at: at,
  };
}

/**
 * Writes the cart into the (new or emptied) order: lines, stock taken for a sale (catalogue lines, in
 * product order so concurrent checkouts lock rows alike; never below zero), each payment recorded against
 * the order's figures, change handed back from the register, instalments within the total. The order's
 * money state is kept in memory (the lines and payments written here are all it has), so payments are
 * checked without reading the order back; the caller stores the final figures (storeCheckout).
 */
async function fillOrder(
  database: Database,
  trx: Trx,
  stored: OrderRow,
  body: CheckoutBody,
  lines: ResolvedLine[],
  user: SessionUser,
  options: SystemOptions,
  at: string,
  actor: AuditActor,
): Promise<MoneyState> {
  const precision = currencyPrecision(options);
  const rows = lines.map((line, index) => {
    const totals = lineTotals({
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      taxType: line.taxType,
      ...(line.discount ? { discount: line.discount } : {}),
    });
    assertLineWithinBounds(totals, multiply(line.unitPrice, line.quantity), `products.${index}.quantity`);
    return {
      order_id: stored.id,
      product_id: line.product_id,
      unit_id: line.unit_id,
      name: line.name,
      unit_price: line.unitPrice,
      quantity: line.quantity,
      ...totals,
      total_product_coupons: 0,
      product_type: line.product_type,
      vendor_id: line.vendor_id,
      buyer_id: null,
      status: 'sold' as const,
      created_at: at,
      updated_at: at,
    };
  });
  // Ids are drawn in the order the rows are inserted, whatever order RETURNING lists them in.
  const ids = (await trx.insertInto('order_products').values(rows).returning('id').execute()).map((row) => row.id).sort((a, b) => a - b);

  if (!body.hold) {
    const taken = [...lines].sort((a, b) => (a.product_id ?? 0) - (b.product_id ?? 0) || (a.unit_id ?? 0) - (b.unit_id ?? 0));
    await moveStocks(
      trx,
      taken.map((line) => ({
        product_id: line.product_id,
        unit_id: line.unit_id,
        product_type: line.product_type,
        name: line.name,
        quantity: -line.quantity,
        reason: 'sale',
        order_id: stored.id,
      })),
      at,
    );
  }

  const state: MoneyState = {
    order: stored,
    paymentsTotal: 0,
    refundsTotal: 0,
    accountPaid: 0,
    zone: options.ns_store_timezone,
    cartCoupons: [],
    booked: [],
    accountRefunds: [],
    lines: rows.map((row, index) => ({
      id: ids[index]!,
      total_price: row.total_price,
      tax_value: row.tax_value,
      tax_type: row.tax_type,
      total_price_without_tax: row.total_price_without_tax,
      order_discount: 0,
      vendor_id: row.vendor_id,
      buyer_id: null,
      refunded: 0,
    })),
  };
  state.order = { ...state.order, ...settledFigures(state, precision, at) };
  const recorded: Array<{ id: number; value: number }> = [];
  let cashIn = 0;
  for (const [index, payment] of body.payments.entries()) {
    try {
      const entry = await recordPayment(database, trx, state.order, payment, {
        userId: user.id,
        options,
        variant: 'till',
        allowOverpay: payment.identifier === CASH_PAYMENT,
        at,
        actor,
        deferOrderWrites: true,
      });
      recorded.push({ id: entry.paymentId, value: entry.value });
      state.paymentsTotal += entry.value;
      if (payment.identifier === CASH_PAYMENT) cashIn += entry.value;
      if (entry.vendorNumber !== null) {
        state.accountPaid += entry.value;
        state.lines = state.lines.map((line) => ({ ...line, buyer_id: entry.vendorNumber }));
      }
      state.order = { ...state.order, cardfee: state.order.cardfee + entry.fee };
    } catch (error) {
      throw prefixFields(error, `payments.${index}`);
    }
    state.order = { ...state.order, ...settledFigures(state, precision, at) };
  }
  const order = state.order;
  // Cash tendered goes into the drawer and the change comes out of it: one write of the difference.
  const changeOut = order.change > 0 && body.payments.some((payment) => payment.identifier === CASH_PAYMENT) ? order.change : 0;
  await adjustRegisterCash(trx, order.register_id, cashIn - changeOut);

  const instalments = body.support_instalments ? (body.instalments ?? []) : [];
  const unpaid = unpaidCheckoutRefusal({
    leftToPay: leftToPay(order),
    hold: body.hold === true,
    instalments: instalments.length,
    saveUnpaid: body.save_unpaid === true,
  });
  if (unpaid) throw invalid(unpaid, { payments: [unpaid] });
  if (instalments.length > 0) {
    if (sum(instalments.map((instalment) => fromDecimal(instalment.amount))) > order.total) {
      throw invalid(INSTALMENTS_ABOVE_TOTAL, { instalments: [INSTALMENTS_ABOVE_TOTAL] });
    }
    const planned = instalments.map((instalment) => ({
      date: instalment.date,
      amount: fromDecimal(instalment.amount),
      paid: instalment.paid === true || instalment.paid === 1,
    }));
    const refusal = paidInstalmentsRefusal(planned, netPaid(order));
    if (refusal) throw invalid(refusal, { instalments: [refusal] });
    // Each paid instalment names the payment that covers it, as a payment taken later would: deleting that
    // payment unpays it, and it can never be collected a second time.
    const links = instalmentPaymentLinks(planned, recorded);
    await trx
      .insertInto('order_instalments')
      .values(
        planned.map((instalment, index) => ({
          order_id: stored.id,
          date: instalment.date,
          amount: instalment.amount,
          paid: instalment.paid ? 1 : 0,
          payment_id: links[index] ?? null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
  return state;
}

/**
 * Stores the figures fillOrder settled: the lines' shares and vendor ledger first, then the order row with
 * its code from the day's counter. The counter is one row every checkout locks, so it is taken by the last
 * statement but one: concurrent checkouts wait on it for one statement and the commit, not the whole write.
 */
async function storeCheckout(trx: Trx, state: MoneyState, options: SystemOptions, at: string): Promise<void> {
  await writeOrderMoney(trx, state.order.id, state, at);
  const { id, created_at: _created, ...figures } = state.order;
  await trx
    .updateTable('orders')
    .set({ ...figures, code: await nextOrderCode(trx, at, options.ns_store_timezone) })
    .where('id', '=', id)
    .execute();
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

/** A payment's 422 names its field inside the body (payments.N.value), as the till shows it by the entry. */
function prefixFields(error: unknown, prefix: string): unknown {
  if (!(error instanceof Error) || !('errors' in error) || !error.errors || typeof error.errors !== 'object') return error;
  const errors = Object.fromEntries(Object.entries(error.errors as Errors).map(([field, messages]) => [`${prefix}.${field}`, messages]));
  return Object.assign(error, { errors });
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
  const options = await validated(database, body, read);
  const id = await inTransaction(database, async (trx) => {
    const lines = await resolveCart(trx, body, options);
    const at = nowUtc();
    // The row carries a unique provisional code no other transaction can see until storeCheckout takes the day's.
    const stored = await trx
      .insertInto('orders')
      .values({
        ...orderFields(body, at),
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
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const state = await fillOrder(database, trx, stored, body, lines, user, options, at, actor);
    await auditCheckoutLines(trx, actor, stored.id, pricesSold(state, lines), at);
    await storeCheckout(trx, state, options, at);
    return stored.id;
  });
  // Read once committed: the day's counter is not held while the answer is read.
  const order = await loadOrderAnswer(database.db, id, user);
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
  const order = await inTransaction(database, async (trx) => {
    const held = await lockOrder(database, trx, orderId);
    if (held.payment_status !== 'hold') throw conflict(NOT_ON_HOLD);
    const lines = await resolveCart(trx, body, options);
    const at = nowUtc();
    await trx.deleteFrom('order_instalments').where('order_id', '=', orderId).execute();
    await trx.deleteFrom('order_payments').where('order_id', '=', orderId).execute();
    await trx.deleteFrom('order_coupons').where('order_id', '=', orderId).execute();
    await trx.deleteFrom('order_products').where('order_id', '=', orderId).execute();
    await trx
      .updateTable('orders')
      .set({ ...orderFields(body, at), payment_status: body.hold ? 'hold' : 'unpaid', author_id: user.id })
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
    );
    // What the held order booked before is read back: the recomputation from the stored rows settles it.
    if (state.order.cardfee !== 0) await trx.updateTable('orders').set({ cardfee: state.order.cardfee }).where('id', '=', orderId).execute();
    await recomputeOrder(trx, orderId, currencyPrecision(options), at);
    await auditCheckoutLines(trx, actor, orderId, pricesSold(state, lines), at);
    return loadOrderAnswer(trx, orderId, user);
  });
  return { message: body.hold ? ORDER_HELD : ORDER_PLACED, order };
}
