import type { Database } from '../../db';
import { nowUtc } from '../../db/time';
import { conflict, invalid } from '../../errors';
import { keepRequestOptions, optionsOf, optionsQuery } from '../options';
import { assertPrecisionOf } from './amountBounds';
import { MONEY_DECIMALS, fromDecimal, sum, toDecimal, type Money } from '../../../schemas/money';
import { CASH_PAYMENT, type OrderAnswer, type RefundAnswer, type RefundBody } from '../../../schemas/orders/api';
import { currencyPrecision } from '../../../schemas/orders/cardFee';
import { afterRefund, refundLine, refundPayments, refundTotal, type LineRefund, type RefundableLine } from '../../../schemas/orders/refundTotals';
import { actionRefusal, refundableOfOrderState } from '../../../schemas/orders/rules';
import { chosenTenderRefusal, splitRefund, tenderExceeds, type TenderAmount } from '../../../schemas/orders/refundTenders';
import { orderAnswerOf, orderAnswerReads, type Viewer } from './answer';
import { refundPaymentsQuery, tendersOf } from './answerPayments';
import { readBatch, writeBatchKept, type BatchRows } from '../../db/batch';
import { drawIds, drawnIds } from '../../db/drawIds';
import { drawerCashWrites, openSessionQuery } from '../registers/drawer';
import { foundOrder, inTransactionThenRead, lockOrderQuery, takeStocks, recomputeFrom, recomputeReads, type OrderRow, type Trx } from './core';
import { adjustRegisterCash, UNKNOWN_PAYMENT_TYPE } from './payments';
import type { AuditActor } from '../audit';
import { auditRefundWrite } from './orderAudit';
import { refundAnswerReads, refundAnswersOf } from './refundAnswers';

/**
 * Refunds (spec 03 §5 "Refund payment", "Refund product popup"): the amounts come from
 * schemas/orders/refundTotals, the same functions the refund popup previews with. Everything happens with
 * the order row locked, so two refunds racing on one order see each other and never give back more than
 * was sold or paid.
 *
 * Which orders take a refund is schemas/orders/rules (paid, partially paid, partially refunded); a partially
 * paid order's status then follows the refund (refunded once everything paid is returned, else
 * partially_refunded), as for any other order.
 */

export const REFUNDED_MESSAGE = 'The order has been refunded.';
export const SELECT_REGISTER_MESSAGE = 'Please Select Register That Refund Come From';
export const UNKNOWN_REGISTER_MESSAGE = 'The selected register does not exist.';
export const NOT_ORDER_PRODUCT_MESSAGE = 'This product is not part of the order.';
export const SHIPPING_REFUNDED_MESSAGE = 'The shipping of this order has already been refunded.';
export const NO_DEFAULT_SPLIT_MESSAGE = 'The payments of this order cannot give this refund back. Choose the payment type to refund in.';
export const refundTotalMismatch = (expected: Money) => `The refund total does not match its products: it should be ${toDecimal(expected)}.`;

const refused = (field: string, message: string) => invalid(message, { [field]: [message] });

/** The order's lines as refunds see them: units returned (product refunds only) and money refunded so far (both types). */
function refundableLines(read: Pick<RefundRead, 'lines' | 'refunded'>) {
  const { lines, refunded } = read;
  const byId = new Map<number, { row: (typeof lines)[number]; refundable: RefundableLine }>();
  for (const row of lines) {
    const past = refunded.filter((entry) => entry.order_product_id === row.id);
    byId.set(row.id, {
      row,
      refundable: {
        unitPrice: row.unit_price,
        quantity: row.quantity,
        // The line's net: what the customer paid for it, its share of the cart discount and coupons off.
        totalPrice: row.total_price - row.order_discount,
        discountType: row.discount_type,
        discountPercentage: row.discount_percentage,
        discount: row.discount,
        taxType: row.tax_type,
        refundedQuantity: sum(past.filter((entry) => entry.refund_type === 'refund_product').map((entry) => Math.round(entry.quantity * 10_000))) / 10_000,
        refundedTotal: sum(past.map((entry) => entry.total_price)),
      },
    });
  }
  return byId;
}

interface PlannedLine {
  row: { id: number; product_id: number | null; unit_id: number | null; product_type: 'product' | 'dynamic'; name: string };
  refund: LineRefund;
  condition: 'damaged' | 'unspoiled';
  description: string | null;
}

/** Every line of the request priced by the shared rules; a line listed twice is refunded against what the first left. */
function planLines(read: RefundRead, body: RefundBody, allowDecimalQuantities: boolean): PlannedLine[] {
  const lines = refundableLines(read);
  const planned: PlannedLine[] = [];
  for (const [index, input] of body.products.entries()) {
    const line = lines.get(input.id);
    if (!line) throw refused(`products.${index}.id`, NOT_ORDER_PRODUCT_MESSAGE);
    const answer = refundLine(
      line.refundable,
      {
        refundType: input.refund_type ?? 'refund_product',
        quantity: input.quantity,
        ...(input.unit_price !== undefined ? { unitPrice: fromDecimal(input.unit_price) } : {}),
        ...(input.discount_percentage !== undefined ? { discountPercent: input.discount_percentage } : {}),
      },
      { allowDecimalQuantities },
    );
    if (!answer.ok) throw refused(`products.${index}.${answer.field}`, answer.message);
    line.refundable = afterRefund(line.refundable, answer.refund);
    planned.push({ row: line.row, refund: answer.refund, condition: input.condition, description: input.description?.trim() || null });
  }
  return planned;
}

function assertRegister(registerId: number | null, read: RefundRead): number {
  if (registerId === null) throw refused('register', SELECT_REGISTER_MESSAGE);
  const register = read.register?.[0];
  if (!register) throw refused('register', UNKNOWN_REGISTER_MESSAGE);
  return register.id;
}

/**
 * What a refund reads once the order is locked (they depend on the lock: a racing refund's rows are seen), in
 * one batch, one round trip on PostgreSQL: the register and its open session (share-locked, for the drawer),
 * the lines and what was refunded of them, the payments and refund payments, the active payment types, and
 * whether the shipping was refunded before.
 */
function refundReads(trx: Trx, order: OrderRow, body: RefundBody) {
  const orderId = order.id;
  return {
    ...(body.register !== null && {
      register: trx.selectFrom('cash_registers').select('id').where('id', '=', body.register),
      session: openSessionQuery(trx, body.register),
    }),
    lines: trx.selectFrom('order_products').selectAll().where('order_id', '=', orderId),
    refunded: trx.selectFrom('order_refunded_products').select(['order_product_id', 'refund_type', 'quantity', 'total_price']).where('order_id', '=', orderId),
    payments: trx.selectFrom('order_payments').select(['identifier', 'value', 'fee']).where('order_id', '=', orderId).orderBy('id'),
    refunds: refundPaymentsQuery(trx, orderId),
    // What earlier refunds gave back, read after the lock: in the lock's own statement it would be the
    // sum as of before a wait for a refund in flight, whose rows that statement's snapshot does not see.
    refundedTotal: trx
      .selectFrom('order_refunds')
      .select((eb) => eb.fn.sum<number>('total').as('s'))
      .where('order_id', '=', orderId),
    types: trx.selectFrom('payment_types').select(['identifier', 'label']).where('active', '=', 1),
    // The refund's id, so that its row, its payments and its products are written in one batch.
    ids: drawIds(trx, { order_refunds: 1 }),
    ...(body.refund_shipping &&
      order.shipping > 0 && { earlierShipping: trx.selectFrom('order_refunds').select('id').where('order_id', '=', orderId).where('shipping', '>', 0) }),
  };
}

type RefundRead = BatchRows<ReturnType<typeof refundReads>>;

/** The labels of the chosen tenders, each an active payment type (422 otherwise). */
function assertPaymentTypes(read: RefundRead, identifiers: readonly string[]): Map<string, string> {
  const known = read.types.filter((type) => identifiers.includes(type.identifier));
  if (known.length !== new Set(identifiers).size) throw refused('payment', UNKNOWN_PAYMENT_TYPE);
  return new Map(known.map((type) => [type.identifier, type.label]));
}

/**
 * The refund's payment rows: staff's chosen tenders (spec 03 §5 rules, and no tender but cash giving back
 * more than it took), or, when none is named, the refund split over the order's tenders.
 */
function refundPaymentRows(read: RefundRead, order: OrderRow, body: RefundBody, total: Money, precision: number): TenderAmount[] {
  const { refundable: tenders } = tendersOf(read.payments, read.refunds, order.change);
  if (body.payment === undefined) {
    const split = splitRefund(total, tenders, 10 ** (MONEY_DECIMALS - precision));
    if (!split) throw refused('payment', NO_DEFAULT_SPLIT_MESSAGE);
    return split;
  }
  const entries = (Array.isArray(body.payment) ? body.payment : [body.payment]).map((entry) => ({
    identifier: entry.identifier,
    ...(entry.refundValue !== undefined ? { refundValue: fromDecimal(entry.refundValue) } : {}),
  }));
  const paymentsAnswer = refundPayments(entries, total);
  if (!paymentsAnswer.ok) throw refused('payment', paymentsAnswer.message);
  const labels = assertPaymentTypes(
    read,
    paymentsAnswer.payments.map((payment) => payment.identifier),
  );
  const over = chosenTenderRefusal(paymentsAnswer.payments, tenders, CASH_PAYMENT);
  if (over) throw refused('payment', tenderExceeds(labels.get(over.identifier) ?? over.identifier, over.most));
  return paymentsAnswer.payments;
}

/** The shipping this refund gives back: the order's shipping, once per order. */
function shippingRefund(read: RefundRead, order: OrderRow, asked: RefundBody['refund_shipping']): Money {
  if (!asked || order.shipping <= 0) return 0;
  if ((read.earlierShipping?.length ?? 0) > 0) throw refused('refund_shipping', SHIPPING_REFUNDED_MESSAGE);
  return order.shipping;
}

/**
 * POST /orders/{id}/refund: checks every rule, then records the refund, its payments and products, returns
 * unspoiled goods to stock (damaged ones are written off), takes cash refunds out of the register's drawer
 * and recomputes the order (refunded / partially_refunded).
 */
export async function refundOrder(
  database: Database,
  orderId: number,
  body: RefundBody,
  userId: number,
  viewer: Viewer,
  actor: AuditActor,
  /** The request, which keeps the options read here for its later steps (readOptions). */
  request?: object,
): Promise<{ order: OrderAnswer; orderRefund: RefundAnswer }> {
  return inTransactionThenRead(
    database,
    async (trx) => {
      // The options beside the lock (they do not depend on it): one round trip on PostgreSQL. The amounts'
      // precision is checked before anything else, as a route's preHandler would.
      const locked = await readBatch(trx, { order: lockOrderQuery(database, trx, orderId), options: optionsQuery(trx) });
      const options = optionsOf(locked.options);
      if (request) keepRequestOptions(request, options);
      assertPrecisionOf(body, options);
      const order = foundOrder(locked.order[0]);
      const refusal = actionRefusal('refund', order);
      if (refusal) throw conflict(refusal);
      const read = await readBatch(trx, refundReads(trx, order, body));
      const refunded = Number(read.refundedTotal[0]?.s ?? 0);
      const registerId = assertRegister(body.register, read);
      const planned = planLines(read, body, options.ns_pos_allow_decimal_quantities === 'yes');
      const shipping = shippingRefund(read, order, body.refund_shipping);

      const refundable = refundableOfOrderState({ ...order, refunded });
      const totalAnswer = refundTotal(
        planned.map((line) => line.refund.total_price),
        shipping,
        refundable,
      );
      if (!totalAnswer.ok) throw refused(body.products.length > 0 ? 'total' : 'products', totalAnswer.message);
      const total = totalAnswer.total;
      if (fromDecimal(body.total) !== total) throw refused('total', refundTotalMismatch(total));

      const payments = refundPaymentRows(read, order, body, total, currencyPrecision(options));

      const at = nowUtc();
      const refund = { id: drawnIds(read.ids, 'order_refunds')[0]! };
      const products = planned.map(({ row, refund: line, condition, description }) => ({
        order_refund_id: refund.id,
        order_id: orderId,
        order_product_id: row.id,
        product_id: row.product_id,
        ...line,
        total_product_coupons: 0,
        condition,
        description,
        created_at: at,
      }));
      // Cash given back leaves the drawer of the register the refund comes from; an account-payment row is
      // what gives the vendor's balance back (linePurchases, written by syncOrderMoney to the vendor sales ledger), so each part goes back one way only.
      const drawer = [
        { kind: 'refund' as const, amount: -sum(payments.filter((payment) => payment.identifier === CASH_PAYMENT).map((payment) => payment.value)) },
      ];
      const sessionId = read.session?.[0]?.id;
      // No open session: adjustRegisterCash refuses cash leaving the drawer (409) and lets any other refund pass.
      if (sessionId === undefined) await adjustRegisterCash(trx, registerId, drawer, orderId);
      // Only returned goods in a sellable state go back on the shelf (in product order, as every stock writer
      // locks rows); a price refund returns nothing.
      const returned = planned
        .filter(({ refund: line, condition }) => line.refund_type === 'refund_product' && condition === 'unspoiled')
        .sort((a, b) => (a.row.product_id ?? 0) - (b.row.product_id ?? 0) || (a.row.unit_id ?? 0) - (b.row.unit_id ?? 0));
      const stock = takeStocks(
        trx,
        returned.map(({ row, refund: line }) => ({ ...row, quantity: line.quantity, reason: 'refund_unspoiled', order_id: orderId })),
        at,
      );
      // The refund, its payments and products, the drawer and the stock in one batch (the rows refer to the
      // refund, whose id was drawn with the reads); on SQLite in this order. On PostgreSQL it travels with the
      // recompute's read, which sees its rows, and the stock's answer is checked once both have answered.
      const written = await writeBatchKept(trx, {
        ...stock.writes,
        refund: trx
          .insertInto('order_refunds')
          .values({ id: refund.id, order_id: orderId, total, shipping, author_id: userId, register_id: registerId, created_at: at }),
        ...(payments.length > 0 && {
          refundPayments: trx
            .insertInto('order_refund_payments')
            .values(payments.map((payment) => ({ order_refund_id: refund.id, order_id: orderId, ...payment, created_at: at }))),
        }),
        ...(sessionId !== undefined && drawerCashWrites(trx, sessionId, registerId, drawer, orderId, at)),
        ...(products.length > 0 && { products: trx.insertInto('order_refunded_products').values(products) }),
      });
      // The stock's batch travels with this read: a unit it refused fails the read too.
      const recomputing = await stock.refusing(readBatch(trx, recomputeReads(trx, orderId)));
      await stock.settle(await written());
      const audited = { total, shipping, register_id: registerId, payments, products };
      await recomputeFrom(trx, orderId, recomputing, currencyPrecision(options), at, (after) => ({
        audit: auditRefundWrite(trx, actor, refund.id, order, after, audited, at),
      }));
      return refund.id;
    },
    // The order's answer and the refund's in one read; the refund's products are among the order's.
    async (db, refundId) => {
      const read = await readBatch(db, { ...orderAnswerReads(db, orderId, viewer), ...refundAnswerReads(db, orderId, refundId, false) });
      const order = orderAnswerOf(read, viewer);
      const refunds = refundAnswersOf(
        read,
        order.refunded_products.filter((product) => product.order_refund_id === refundId),
      );
      return { order, orderRefund: refunds[0]! };
    },
  );
}
