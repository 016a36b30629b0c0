import type { Database } from '../../db';
import type { OrderProductsTable } from '../../db/schema';
import { nowUtc } from '../../db/time';
import { conflict, invalid } from '../../errors';
import { readOptions } from '../options';
import type { Selectable } from 'kysely';
import type { SystemOptions } from '../../../schemas/options';
import { fromDecimal, multiply, type Money } from '../../../schemas/money';
import { CASH_PAYMENT, type LineEdit, type OrderAnswer, type UpdateProductsBody } from '../../../schemas/orders/api';
import { currencyPrecision } from '../../../schemas/orders/cardFee';
import type { Discount } from '../../../schemas/orders/discount';
import { lineTotals } from '../../../schemas/orders/lineTotals';
import { QUANTITY_INTEGER_MESSAGE } from '../../../schemas/orders/refundTotals';
import { actionRefusal } from '../../../schemas/orders/rules';
import { assertLineWithinBounds } from './amountBounds';
import { loadOrderAnswer, type Viewer } from './answer';
import { inTransactionThenRead, lockOrder, moveStock, recomputeOrder, type OrderRow, type Trx } from './core';
import { adjustRegisterCash, recordPayment } from './payments';
import type { AuditActor } from '../audit';
import { auditLinePriceEdits } from './orderAudit';
import { auditLineVendorEdits } from '../vendors/lineVendor';
import { assertEditKeepsVendor } from './lineEditVendor';

/**
 * PUT /orders/{id}/product (spec 03 §4, §5 "Order line edits"): the edited lines are checked against the
 * options and the line's kind, their totals recomputed with lineTotals, stock adjusted for quantity changes,
 * and the order recomputed. A lower total is refused and nothing changes (the refund module gives money
 * back); an equal or higher total is applied, and the till charges a difference by sending `payments`,
 * recorded in the same transaction.
 */

type LineRow = Selectable<OrderProductsTable>;

export const ORDER_UPDATED_MESSAGE = 'The order has been updated.';
export const LOWER_TOTAL_MESSAGE = 'Unable To Update Order. Please Use Refund Module When The New Price Is Lower Than The Original Price.';
export const DYNAMIC_PRICE_MESSAGE = "Dynamic product can't have their price updated.";
export const PRICE_DISABLED_MESSAGE = 'The editable price feature is disabled.';
export const PRICE_ABOVE_ZERO_MESSAGE = 'The price must be above 0.';
export const DISCOUNT_DISABLED_MESSAGE = "You're not allowed to add a discount on the product.";
export const DYNAMIC_QUANTITY_MESSAGE = 'The quantity of a dynamic product cannot be changed.';
export const COUPON_QUANTITY_MESSAGE = 'The quantity of a product with coupons cannot be changed.';
export const UNKNOWN_VENDOR_MESSAGE = 'The selected vendor does not exist or is not active.';
export const NOT_ORDER_PRODUCT_MESSAGE = 'This product is not part of the order.';

const refused = (field: string, message: string) => invalid(message, { [field]: [message] });
const onGrid = (quantity: number) => Math.round(quantity * 10_000);

function storedDiscount(line: LineRow): Discount | undefined {
  if (line.discount_type === 'percentage') return { type: 'percentage', percent: line.discount_percentage / 10_000 };
  if (line.discount_type === 'flat') return { type: 'flat', amount: line.discount };
  return undefined;
}

/** The discount the edit asks for (the stored one when it names none), and whether it adds or changes one. */
function requestedDiscount(line: LineRow, edit: LineEdit): { discount: Discount | undefined; adds: boolean } {
  const stored = storedDiscount(line);
  if (edit.discount_type === undefined && edit.discount_percentage === undefined && edit.discount === undefined) return { discount: stored, adds: false };
  const type = edit.discount_type === undefined ? (line.discount_type ?? (edit.discount_percentage !== undefined ? 'percentage' : 'flat')) : edit.discount_type;
  if (type === null) return { discount: undefined, adds: false };
  const discount: Discount =
    type === 'percentage'
      ? { type, percent: edit.discount_percentage ?? (line.discount_type === 'percentage' ? line.discount_percentage / 10_000 : 0) }
      : { type, amount: edit.discount !== undefined ? fromDecimal(edit.discount) : line.discount_type === 'flat' ? line.discount : 0 };
  const value = discount.type === 'percentage' ? discount.percent : discount.amount;
  const same = stored !== undefined && stored.type === discount.type && (stored.type === 'percentage' ? stored.percent === value : stored.amount === value);
  return { discount, adds: !same && value > 0 };
}

/** One edited line, checked and priced; the stock moves with its quantity. */
async function applyEdit(
  trx: Trx,
  order: OrderRow,
  line: LineRow,
  edit: LineEdit,
  index: number,
  options: SystemOptions,
  hasCoupons: boolean,
  at: string,
): Promise<LineRow> {
  const field = (name: string) => `products.${index}.${name}`;

  let unitPrice: Money = line.unit_price;
  if (edit.unit_price !== undefined && fromDecimal(edit.unit_price) !== line.unit_price) {
    if (line.product_type === 'dynamic') throw refused(field('unit_price'), DYNAMIC_PRICE_MESSAGE);
    if (options.unit_price_editable !== 'yes') throw refused(field('unit_price'), PRICE_DISABLED_MESSAGE);
    unitPrice = fromDecimal(edit.unit_price);
    if (unitPrice <= 0) throw refused(field('unit_price'), PRICE_ABOVE_ZERO_MESSAGE);
  }

  const { discount, adds } = requestedDiscount(line, edit);
  if (adds && options.products_discount !== 'yes') throw refused(field('discount'), DISCOUNT_DISABLED_MESSAGE);

  let quantity = line.quantity;
  if (edit.quantity !== undefined && onGrid(edit.quantity) !== onGrid(line.quantity)) {
    if (line.product_type !== 'product') throw refused(field('quantity'), DYNAMIC_QUANTITY_MESSAGE);
    if (hasCoupons) throw refused(field('quantity'), COUPON_QUANTITY_MESSAGE);
    if (options.ns_pos_allow_decimal_quantities !== 'yes' && !Number.isInteger(edit.quantity)) throw refused(field('quantity'), QUANTITY_INTEGER_MESSAGE);
    quantity = edit.quantity;
    // More sold takes from stock, fewer sold puts back (guarded: never below zero).
    await moveStock(trx, { ...line, quantity: (onGrid(line.quantity) - onGrid(quantity)) / 10_000, reason: 'adjustment', order_id: order.id }, at);
  }

  let vendorId = line.vendor_id;
  if (edit.vendor_id !== undefined && edit.vendor_id !== line.vendor_id) {
    if (edit.vendor_id !== null) {
      const vendor = await trx.selectFrom('users').select('vendor_id').where('vendor_id', '=', edit.vendor_id).where('active', '=', 1).executeTakeFirst();
      if (!vendor) throw refused(field('vendor_id'), UNKNOWN_VENDOR_MESSAGE);
    }
    vendorId = edit.vendor_id;
  }

  const taxType = edit.tax_type ?? line.tax_type;
  const totals = lineTotals({ unitPrice, quantity, taxType, ...(discount ? { discount } : {}) });
  assertLineWithinBounds(totals, multiply(unitPrice, quantity), field(edit.quantity !== undefined ? 'quantity' : 'unit_price'));
  const changes = { name: edit.name?.trim() || line.name, unit_price: unitPrice, quantity, vendor_id: vendorId, ...totals, updated_at: at };
  await trx.updateTable('order_products').set(changes).where('id', '=', line.id).execute();
  return { ...line, ...changes };
}

/** Charges the payments the till sent with the update; cash above what is due is handed back from the drawer. */
async function chargeDifference(
  database: Database,
  trx: Trx,
  order: OrderRow,
  body: UpdateProductsBody,
  userId: number,
  options: SystemOptions,
  at: string,
  actor: AuditActor,
): Promise<void> {
  const precision = currencyPrecision(options);
  let current = order;
  for (const payment of body.payments ?? []) {
    await recordPayment(database, trx, current, payment, { userId, options, variant: 'till', allowOverpay: payment.identifier === CASH_PAYMENT, at, actor });
    current = (await recomputeOrder(trx, order.id, precision, at)).order;
  }
  const change = current.change - order.change;
  if (change > 0) await adjustRegisterCash(trx, order.register_id, [{ kind: 'change', amount: -change }], order.id);
}

export async function updateOrderProducts(
  database: Database,
  orderId: number,
  body: UpdateProductsBody,
  userId: number,
  viewer: Viewer,
  actor: AuditActor,
): Promise<OrderAnswer> {
  const options = await readOptions(database);
  const precision = currencyPrecision(options);
  return inTransactionThenRead(
    database,
    async (trx) => {
      const order = await lockOrder(database, trx, orderId);
      const refusal = actionRefusal('edit_lines', order);
      if (refusal) throw conflict(refusal);
      const [lines, coupons] = await Promise.all([
        trx.selectFrom('order_products').selectAll().where('order_id', '=', orderId).execute(),
        trx.selectFrom('order_coupons').select('order_product_id').where('order_id', '=', orderId).where('order_product_id', 'is not', null).execute(),
      ]);
      const byId = new Map(lines.map((line) => [line.id, line]));
      const withCoupons = new Set(coupons.map((coupon) => coupon.order_product_id));
      const at = nowUtc();
      for (const [index, edit] of body.products.entries()) {
        const line = byId.get(edit.id);
        if (!line) throw refused(`products.${index}.id`, NOT_ORDER_PRODUCT_MESSAGE);
        await assertEditKeepsVendor(trx, lines, line, edit, index, options);
        byId.set(line.id, await applyEdit(trx, order, line, edit, index, options, withCoupons.has(line.id), at));
      }
      const recomputed = (await recomputeOrder(trx, orderId, precision, at)).order;
      // Throwing rolls the whole update back, stock included.
      if (recomputed.total < order.total) throw refused('products', LOWER_TOTAL_MESSAGE);
      await chargeDifference(database, trx, recomputed, body, userId, options, at, actor);
      await auditLinePriceEdits(trx, actor, lines, [...byId.values()], at);
      await auditLineVendorEdits(trx, actor, lines, [...byId.values()], at);
    },
    (db) => loadOrderAnswer(db, orderId, viewer),
  );
}
