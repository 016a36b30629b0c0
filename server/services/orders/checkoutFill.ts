import type { Compilable, Insertable } from 'kysely';
import type { OrderPaymentsTable } from '../../db/schema';
import { writeBatch, writeBatchStarted } from '../../db/batch';
import type { Database } from '../../db';
import { invalid } from '../../errors';
import type { SessionUser } from '../sessions';
import type { SystemOptions } from '../../../schemas/options';
import { fromDecimal, multiply, sum } from '../../../schemas/money';
import { ACCOUNT_PAYMENT, CASH_PAYMENT, type CheckoutBody } from '../../../schemas/orders/api';
import { currencyPrecision } from '../../../schemas/orders/cardFee';
import { withCheckoutCheckInfo } from '../../../schemas/orders/checkPayment';
import { lineTotals } from '../../../schemas/orders/lineTotals';
import { assertLineWithinBounds } from './amountBounds';
import { settledFigures, takeStocks, type OrderRow, type Trx } from './core';
import type { StockTake } from '../stock/ledger';
import type { MoneyState } from './moneyState';
import { recordPayment, registerCashWrites } from './payments';
import type { DrawnIds, Errors, ResolvedLine } from './checkoutCart';
import type { AuditActor } from '../audit';
import { checkCoupons } from '../coupons/lookup';
import { cartCouponValues, claimCoupons, lineCouponParts, writeOrderCoupons } from '../coupons/claim';
import { instalmentPaymentLinks, leftToPay, netPaid, paidInstalmentsRefusal, unpaidCheckoutRefusal } from '../../../schemas/orders/rules';
import { insertRows } from '../../db/template';
import type { OrderRows } from '../reports/summary/parts';
import { summaryOrderFigures } from '../reports/summary';

export const INSTALMENTS_ABOVE_TOTAL = 'The instalments sum exceeds the order total.';

/**
 * The filled order's money state, and what it does to rows every checkout shares, for the caller's last batch
 * (server/db/batch.ts): each such row stays locked from its write to the commit, so concurrent checkouts queue
 * on it for the fewest round trips. stock takes the units a sale takes (first in that batch, so its rows are
 * locked in product order before the others; settle it with the batch's answer); drawerWrites answers the
 * drawer's rows and balance.
 */
export type FilledOrder = MoneyState & {
  stock: StockTake;
  drawerWrites: () => Promise<Record<string, Compilable<unknown>>>;
  /** The lines and payments this fill wrote, as the report summaries read an order's rows (a new order has no others). */
  written: OrderRows;
};

/**
 * Writes the cart into the (new or emptied) order: lines, stock taken for a sale (catalogue lines, in product
 * order so concurrent checkouts lock rows alike; never below zero), each payment recorded against the order's
 * figures, change handed back from the register, instalments within the total. The order's money state is kept
 * in memory (the lines and payments written here are all it has), so payments are checked without reading the
 * order back; the caller stores the final figures (storeCheckout).
 */
export async function fillOrder(
  database: Database,
  trx: Trx,
  stored: OrderRow,
  body: CheckoutBody,
  lines: ResolvedLine[],
  user: SessionUser,
  options: SystemOptions,
  at: string,
  actor: AuditActor,
  /** The register's open session, read by readCart (null without a register or for an order put on hold). */
  sessionId: number | null,
  /** The lines' and payments' ids, drawn by readCart. */
  ids: DrawnIds,
  /** The new order's insert, sent first in the batch that writes its lines and payments (none for an order already stored). */
  orderInsert: Compilable<unknown> | null,
): Promise<FilledOrder> {
  const precision = currencyPrecision(options);
  if (ids.lines.length !== lines.length || ids.payments.length !== body.payments.length)
    throw new Error('The checkout drew ids for other rows than it writes.');
  const priced = lines.map((line, index) => {
    const totals = lineTotals({
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      taxType: line.taxType,
      ...(line.discount ? { discount: line.discount } : {}),
    });
    assertLineWithinBounds(totals, multiply(line.unitPrice, line.quantity), `products.${index}.quantity`);
    return {
      id: ids.lines[index]!,
      order_id: stored.id,
      product_id: line.product_id,
      unit_id: line.unit_id,
      name: line.name,
      unit_price: line.unitPrice,
      quantity: line.quantity,
      ...totals,
      product_type: line.product_type,
      vendor_id: line.vendor_id,
      buyer_id: null,
      status: 'sold' as const,
      created_at: at,
      updated_at: at,
    };
  });
  const coupons = await checkCoupons(
    trx,
    body.coupons ?? [],
    priced.map((row) => ({ product_id: row.product_id, total: row.total_price })),
    options,
    at,
  );
  const couponParts = lineCouponParts(coupons, priced.length);
  const rows = priced.map((row, index) => ({ ...row, total_product_coupons: couponParts[index]! }));
  // The order, its lines and its payments go in one batch, sent once every check has passed; then the coupons,
  // whose rows refer to them. A vendor account payment writes the lines' buyer and reads the order's payments
  // itself: the order and lines go first then, and each payment is written by recordPayment.
  const rowsFirst = body.payments.some((payment) => payment.identifier === ACCOUNT_PAYMENT);
  const rowWrites = {
    ...(orderInsert && { order: orderInsert }),
    ...(rows.length > 0 && { lines: insertRows(trx, 'order_products', rows) }),
  };
  const claim = async () => {
    await claimCoupons(trx, coupons, stored.customer_id, stored.id);
    await writeOrderCoupons(trx, stored.id, coupons, ids.lines, at);
  };
  if (rowsFirst) {
    await writeBatch(trx, rowWrites);
    await claim();
  }

  const state: MoneyState = {
    order: stored,
    paymentsTotal: 0,
    refundsTotal: 0,
    accountPaid: 0,
    zone: options.ns_store_timezone,
    cartCoupons: cartCouponValues(coupons),
    booked: [],
    accountRefunds: [],
    lines: rows.map((row) => ({
      id: row.id,
      total_price: row.total_price,
      tax_value: row.tax_value,
      tax_type: row.tax_type,
      total_price_without_tax: row.total_price_without_tax,
      order_discount: 0,
      coupons: row.total_product_coupons,
      vendor_id: row.vendor_id,
      buyer_id: null,
      refunded: 0,
    })),
  };
  state.order = { ...state.order, ...settledFigures(state, precision, at) };
  const recorded: Array<{ id: number; value: number; identifier: string }> = [];
  const paymentRows: Array<Insertable<OrderPaymentsTable>> = [];
  let cashIn = 0;
  for (const [index, payment] of body.payments.entries()) {
    try {
      const entry = await recordPayment(database, trx, state.order, withCheckoutCheckInfo(payment, body), {
        userId: user.id,
        options,
        variant: 'till',
        allowOverpay: payment.identifier === CASH_PAYMENT,
        at,
        actor,
        deferOrderWrites: true,
        ...(!rowsFirst && { paymentId: ids.payments[index]! }),
      });
      recorded.push({ id: entry.paymentId, value: entry.value, identifier: payment.identifier });
      if (entry.row) paymentRows.push(entry.row);
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

  const instalments = body.support_instalments ? (body.instalments ?? []) : [];
  const unpaid = unpaidCheckoutRefusal({
    leftToPay: leftToPay(order),
    hold: body.hold === true,
    instalments: instalments.length,
    saveUnpaid: body.save_unpaid === true,
  });
  if (unpaid) throw invalid(unpaid, { payments: [unpaid] });
  const planned = instalments.map((instalment) => ({
    date: instalment.date,
    amount: fromDecimal(instalment.amount),
    paid: instalment.paid === true || instalment.paid === 1,
  }));
  if (planned.length > 0) {
    if (sum(planned.map((instalment) => instalment.amount)) > order.total) {
      throw invalid(INSTALMENTS_ABOVE_TOTAL, { instalments: [INSTALMENTS_ABOVE_TOTAL] });
    }
    const refusal = paidInstalmentsRefusal(planned, netPaid(order));
    if (refusal) throw invalid(refusal, { instalments: [refusal] });
  }
  const taken = [...lines].sort((a, b) => (a.product_id ?? 0) - (b.product_id ?? 0) || (a.unit_id ?? 0) - (b.unit_id ?? 0));
  const stock = takeStocks(
    trx,
    body.hold ? [] : taken.map((line) => ({ ...line, quantity: -line.quantity, reason: 'sale' as const, order_id: stored.id })),
    at,
  );
  const writes: Record<string, Compilable<unknown>> = rowsFirst ? {} : { ...rowWrites };
  if (paymentRows.length > 0) writes.payments = insertRows(trx, 'order_payments', paymentRows);
  // Nothing reads these writes' answer: on PostgreSQL the server runs them while the caller builds its next
  // statement (the last batch of a checkout, the order's recomputation when a held order is completed).
  await writeBatchStarted(trx, writes);
  if (!rowsFirst) await claim();
  if (planned.length > 0) {
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
  const drawerWrites = () =>
    registerCashWrites(
      trx,
      order.register_id,
      [
        { kind: 'sale', amount: cashIn },
        { kind: 'change', amount: -changeOut },
      ],
      order.id,
      sessionId,
    );
  return { ...state, stock, drawerWrites, written: writtenRows(state.order, rows, recorded) };
}

/** The order's rows as fillOrder wrote them, in the shape of the summaries' read (server/services/reports/summary/read.ts). */
function writtenRows(
  order: OrderRow,
  lines: ReadonlyArray<{
    id: number;
    vendor_id: number | null;
    product_id: number | null;
    name: string;
    quantity: number;
    discount: number;
    total_price: number;
  }>,
  payments: ReadonlyArray<{ identifier: string; value: number }>,
): OrderRows {
  return {
    order: { created_at: order.created_at, ...summaryOrderFigures(order) },
    lines: lines.map((line) => ({
      id: line.id,
      vendor_id: line.vendor_id,
      product_id: line.product_id,
      name: line.name,
      quantity: line.quantity,
      line_discount: line.discount,
      gross: line.total_price + line.discount,
      // A new line's share of the cart's discount is 0 until the order's figures are stored (the summary's patch adds it).
      discounts: line.discount,
    })),
    refunds: [],
    refundedLines: [],
    payments: payments.map(({ identifier, value }) => ({ identifier, value })),
    refundPayments: [],
  };
}

/** A payment's 422 names its field inside the body (payments.N.value), as the till shows it by the entry. */
function prefixFields(error: unknown, prefix: string): unknown {
  if (!(error instanceof Error) || !('errors' in error) || !error.errors || typeof error.errors !== 'object') return error;
  const errors = Object.fromEntries(Object.entries(error.errors as Errors).map(([field, messages]) => [`${prefix}.${field}`, messages]));
  return Object.assign(error, { errors });
}
