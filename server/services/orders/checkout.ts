import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db';
import { nowUtc } from '../../db/time';
import { conflict, invalid } from '../../errors';
import type { SessionUser } from '../sessions';
import { readOptions } from '../options';
import type { SystemOptions } from '../../../schemas/options';
import { fromDecimal, multiply, sum, toDecimal, type Money } from '../../../schemas/money';
import { CASH_PAYMENT, HELD_ORDERS_LIMIT, type CheckoutBody, type CheckoutLine, type HeldOrderAnswer, type OrderAnswer } from '../../../schemas/orders/api';
import { currencyPrecision } from '../../../schemas/orders/cardFee';
import type { Discount } from '../../../schemas/orders/discount';
import { lineTotals } from '../../../schemas/orders/lineTotals';
import type { TaxType } from '../../../schemas/orders/tax';
import { escapeLike } from '../../crud/listQuery';
import { UNKNOWN_VENDOR } from '../vendors/vendorAccess';
import { assertLineWithinBounds } from './amountBounds';
import { loadOrderAnswer } from './answer';
import { inTransaction, lockOrder, moveStocks, nextOrderCode, recomputeOrder, type OrderRow, type Trx } from './core';
import { adjustRegisterCash, recordPayment } from './payments';
import { auditCheckoutPrices, type AuditActor } from '../audit';
import { auditCheckoutVendors, lineVendor } from '../vendors/lineVendor';
import { instalmentPaymentLinks, leftToPay, netPaid, paidInstalmentsRefusal, unpaidCheckoutRefusal } from '../../../schemas/orders/rules';

/**
 * The till's checkout (POST /orders) and the completion of a parked order (PUT /orders/{id}): the cart is
 * checked against the options, priced from the catalogue, written with its stock movements, payments and
 * instalments, and recomputed — all in one transaction, so a refused payment leaves nothing behind.
 */

export const ORDER_PLACED = 'The order has been placed.';
export const ORDER_HELD = 'The order has been put on hold.';
export const INTEGER_QUANTITY = 'The quantity should be an integer.';
export const PRODUCT_DISCOUNT_DISABLED = "You're not allowed to add a discount on the product.";
export const CART_DISCOUNT_DISABLED = "You're not allowed to add a discount on the cart.";
export const PRODUCT_AND_UNIT_NEEDED = 'Please select a product and a unit.';
export const DYNAMIC_LINE_NEEDS = 'A dynamic product needs a name, a unit price and a tax type.';
export const UNKNOWN_PRODUCT = 'This product does not exist in that unit.';
export const PRODUCT_UNAVAILABLE = 'This product is not available.';
export const DYNAMIC_CATALOGUE_PRODUCT = 'This product is sold as a dynamic product: give its name, price and tax type.';
export const UNKNOWN_CUSTOMER = 'This customer does not exist.';
export const UNKNOWN_REGISTER = 'This cash register does not exist or is disabled.';
export const HOLD_TAKES_NO_PAYMENT = 'An order put on hold takes no payment.';
export const INSTALMENTS_NOT_SUPPORTED = 'Instalments need an order that supports instalments.';
export const INSTALMENTS_ABOVE_TOTAL = 'The instalments sum exceeds the order total.';
export const NOT_ON_HOLD = 'Only an order on hold can be completed from the till.';

type Errors = Record<string, string[]>;

function addError(errors: Errors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

function throwIfAny(errors: Errors): void {
  const first = Object.values(errors)[0]?.[0];
  if (first) throw invalid(first, errors);
}

/** The line's discount as the totals rule takes it; none when absent or nothing off. */
export function lineDiscount(line: Pick<CheckoutLine, 'discount_type' | 'discount_percentage' | 'discount'>): Discount | undefined {
  if (line.discount_type === 'percentage' && (line.discount_percentage ?? 0) !== 0) return { type: 'percentage', percent: line.discount_percentage ?? 0 };
  if (line.discount_type === 'flat' && (line.discount ?? 0) > 0) return { type: 'flat', amount: fromDecimal(line.discount ?? 0) };
  return undefined;
}

/**
 * The checks that need no database: quantities (integers unless ns_pos_allow_decimal_quantities), discounts
 * only where products_discount / cart_discount allow them, dynamic lines complete, catalogue lines naming a
 * product and unit, no payment on a held order, instalments only on a layaway order. Field keys follow the body.
 */
export function checkoutErrors(body: CheckoutBody, options: Pick<SystemOptions, 'ns_pos_allow_decimal_quantities' | 'products_discount' | 'cart_discount'>): Errors {
  const errors: Errors = {};
  body.products.forEach((line, index) => {
    const at = `products.${index}`;
    if (options.ns_pos_allow_decimal_quantities !== 'yes' && !Number.isInteger(line.quantity)) addError(errors, `${at}.quantity`, INTEGER_QUANTITY);
    if (lineDiscount(line) && options.products_discount !== 'yes') addError(errors, `${at}.discount`, PRODUCT_DISCOUNT_DISABLED);
    if (line.product_type === 'dynamic') {
      if (!line.name?.trim() || line.unit_price === undefined || !line.tax_type) addError(errors, `${at}.name`, DYNAMIC_LINE_NEEDS);
    } else if (!line.product_id || !line.unit_id) {
      addError(errors, `${at}.product_id`, PRODUCT_AND_UNIT_NEEDED);
    }
  });
  if (lineDiscount(body) && options.cart_discount !== 'yes') addError(errors, 'discount', CART_DISCOUNT_DISABLED);
  if (body.hold && body.payments.length > 0) addError(errors, 'payments', HOLD_TAKES_NO_PAYMENT);
  if ((body.instalments?.length ?? 0) > 0 && !body.support_instalments) addError(errors, 'instalments', INSTALMENTS_NOT_SUPPORTED);
  return errors;
}

export interface ResolvedLine {
  product_id: number | null;
  unit_id: number | null;
  product_type: 'product' | 'dynamic';
  name: string;
  unitPrice: Money;
  quantity: number;
  taxType: TaxType;
  discount: Discount | undefined;
  vendor_id: number | null;
}

/**
 * Prices the cart: catalogue lines take name, tax type and unit price from the catalogue (a price from
 * the body only when unit_price_editable is 'yes' and it is above 0); dynamic lines bring their own. Every
 * product/unit, vendor number, customer and register must exist. Three queries whatever the cart size.
 */
async function resolveCart(trx: Trx, body: CheckoutBody, options: SystemOptions): Promise<ResolvedLine[]> {
  const errors: Errors = {};
  const productIds = [...new Set(body.products.map((line) => line.product_id).filter((id): id is number => !!id))];
  const vendorNumbers = [...new Set(body.products.map((line) => line.vendor_id).filter((id): id is number => !!id))];
  const [catalogue, vendors, customer, register] = await Promise.all([
    productIds.length === 0 ? [] : trx.selectFrom('product_unit_quantities as q').innerJoin('products as p', 'p.id', 'q.product_id')
      .select(['q.product_id', 'q.unit_id', 'q.sale_price', 'p.name', 'p.type', 'p.tax_type', 'p.status', 'p.vendor_id'])
      .where('q.product_id', 'in', productIds).execute(),
    vendorNumbers.length === 0 ? [] : trx.selectFrom('users').select('vendor_id')
      .where('role', '=', 'vendor').where('vendor_id', 'in', vendorNumbers).execute(),
    body.customer_id ? trx.selectFrom('customers').select('id').where('id', '=', body.customer_id).executeTakeFirst() : null,
    body.register_id ? trx.selectFrom('cash_registers').select('id').where('id', '=', body.register_id).where('status', '!=', 'disabled').executeTakeFirst() : null,
  ]);
  if (body.customer_id && !customer) addError(errors, 'customer_id', UNKNOWN_CUSTOMER);
  if (body.register_id && !register) addError(errors, 'register_id', UNKNOWN_REGISTER);
  const knownVendors = new Set(vendors.map((vendor) => vendor.vendor_id));
  const units = new Map(catalogue.map((row) => [`${row.product_id}:${row.unit_id}`, row]));

  const resolved = body.products.map((line, index): ResolvedLine | null => {
    const at = `products.${index}`;
    if (line.vendor_id && !knownVendors.has(line.vendor_id)) addError(errors, `${at}.vendor_id`, UNKNOWN_VENDOR);
    const entry = line.product_id && line.unit_id ? units.get(`${line.product_id}:${line.unit_id}`) : undefined;
    const common = { quantity: line.quantity, discount: lineDiscount(line), vendor_id: lineVendor(line.vendor_id, entry?.vendor_id) };
    if (line.product_type === 'dynamic') {
      if (line.product_id && !entry) addError(errors, `${at}.product_id`, UNKNOWN_PRODUCT);
      return {
        ...common, product_id: entry ? line.product_id! : null, unit_id: entry ? line.unit_id! : null, product_type: 'dynamic',
        name: line.name?.trim() ?? '', unitPrice: fromDecimal(line.unit_price ?? 0), taxType: line.tax_type ?? 'inclusive',
      };
    }
    if (!entry) {
      if (line.product_id && line.unit_id) addError(errors, `${at}.product_id`, UNKNOWN_PRODUCT);
      return null;
    }
    if (entry.status !== 'available') addError(errors, `${at}.product_id`, PRODUCT_UNAVAILABLE);
    if (entry.type === 'dynamic') addError(errors, `${at}.product_type`, DYNAMIC_CATALOGUE_PRODUCT);
    const editedPrice = options.unit_price_editable === 'yes' && (line.unit_price ?? 0) > 0 ? fromDecimal(line.unit_price!) : null;
    return {
      ...common, product_id: entry.product_id, unit_id: entry.unit_id, product_type: 'product',
      name: entry.name, unitPrice: editedPrice ?? entry.sale_price, taxType: entry.tax_type,
    };
  });
  throwIfAny(errors);
  return resolved.filter((line): line is ResolvedLine => line !== null);
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
    extra: body.extra?.checkinfo ? JSON.stringify({ checkinfo: body.extra.checkinfo }) : null,
    note: body.note?.trim() || null,
    updated_at: at,
  };
}

/**
 * Writes the cart into the (new or emptied) order: lines, stock taken for a sale (catalogue lines, in
 * product order so concurrent checkouts lock rows alike; never below zero), each payment recorded then the
 * order recomputed, change handed back from the register, instalments within the total.
 */
async function fillOrder(database: Database, trx: Trx, orderId: number, body: CheckoutBody, lines: ResolvedLine[], user: SessionUser, options: SystemOptions, at: string, actor: AuditActor): Promise<OrderRow> {
  const precision = currencyPrecision(options);
  await trx.insertInto('order_products').values(lines.map((line, index) => {
    const totals = lineTotals({ unitPrice: line.unitPrice, quantity: line.quantity, taxType: line.taxType, ...(line.discount ? { discount: line.discount } : {}) });
    assertLineWithinBounds(totals, multiply(line.unitPrice, line.quantity), `products.${index}.quantity`);
    return {
      order_id: orderId, product_id: line.product_id, unit_id: line.unit_id, name: line.name, unit_price: line.unitPrice, quantity: line.quantity,
      ...totals, total_product_coupons: 0, product_type: line.product_type, vendor_id: line.vendor_id, buyer_id: null, status: 'sold',
      created_at: at, updated_at: at,
    };
  })).execute();

  if (!body.hold) {
    const taken = [...lines].sort((a, b) => (a.product_id ?? 0) - (b.product_id ?? 0) || (a.unit_id ?? 0) - (b.unit_id ?? 0));
    await moveStocks(trx, taken.map((line) => ({
      product_id: line.product_id, unit_id: line.unit_id, product_type: line.product_type, name: line.name, quantity: -line.quantity, reason: 'sale', order_id: orderId,
    })), at);
  }

  let { order } = await recomputeOrder(trx, orderId, precision, at);
  const paymentIds: number[] = [];
  for (const [index, payment] of body.payments.entries()) {
    try {
      const { paymentId } = await recordPayment(database, trx, order, payment, { userId: user.id, options, variant: 'till', allowOverpay: payment.identifier === CASH_PAYMENT, at, actor });
      paymentIds.push(paymentId);
    } catch (error) {
      throw prefixFields(error, `payments.${index}`);
    }
    ({ order } = await recomputeOrder(trx, orderId, precision, at));
  }
  if (order.change > 0 && body.payments.some((payment) => payment.identifier === CASH_PAYMENT)) {
    await adjustRegisterCash(trx, order.register_id, -order.change);
  }

  const instalments = body.support_instalments ? body.instalments ?? [] : [];
  const unpaid = unpaidCheckoutRefusal({ leftToPay: leftToPay(order), hold: body.hold === true, instalments: instalments.length, saveUnpaid: body.save_unpaid === true });
  if (unpaid) throw invalid(unpaid, { payments: [unpaid] });
  if (instalments.length > 0) {
    if (sum(instalments.map((instalment) => fromDecimal(instalment.amount))) > order.total) {
      throw invalid(INSTALMENTS_ABOVE_TOTAL, { instalments: [INSTALMENTS_ABOVE_TOTAL] });
    }
    const planned = instalments.map((instalment) => ({ date: instalment.date, amount: fromDecimal(instalment.amount), paid: instalment.paid === true || instalment.paid === 1 }));
    const refusal = paidInstalmentsRefusal(planned, netPaid(order));
    if (refusal) throw invalid(refusal, { instalments: [refusal] });
    // Each paid instalment names the payment that covers it, as a payment taken later would: deleting that
    // payment unpays it, and it can never be collected a second time.
    const stored = paymentIds.length === 0 ? [] : await trx.selectFrom('order_payments').select(['id', 'value']).where('id', 'in', paymentIds).orderBy('id').execute();
    const links = instalmentPaymentLinks(planned, stored);
    await trx.insertInto('order_instalments').values(planned.map((instalment, index) => ({
      order_id: orderId, date: instalment.date, amount: instalment.amount, paid: instalment.paid ? 1 : 0, payment_id: links[index] ?? null, created_at: at, updated_at: at,
    }))).execute();
  }
  return order;
}

/** A payment's 422 names its field inside the body (payments.N.value), as the till shows it by the entry. */
function prefixFields(error: unknown, prefix: string): unknown {
  if (!(error instanceof Error) || !('errors' in error) || !error.errors || typeof error.errors !== 'object') return error;
  const errors = Object.fromEntries(Object.entries(error.errors as Errors).map(([field, messages]) => [`${prefix}.${field}`, messages]));
  return Object.assign(error, { errors });
}

async function validated(database: Database, body: CheckoutBody): Promise<SystemOptions> {
  const options = await readOptions(database);
  throwIfAny(checkoutErrors(body, options));
  return options;
}

/** POST /orders. */
export async function checkout(database: Database, body: CheckoutBody, user: SessionUser, actor: AuditActor): Promise<{ message: string; order: OrderAnswer }> {
  const options = await validated(database, body);
  const order = await inTransaction(database, async (trx) => {
    const lines = await resolveCart(trx, body, options);
    const at = nowUtc();
    // The day's code counter is one row every checkout locks: it is taken last, just before the commit, so
    // concurrent checkouts wait on it for one statement rather than the whole transaction. Until then the
    // row carries a unique provisional code no other transaction can see.
    const { id } = await trx.insertInto('orders').values({
      ...orderFields(body, at), code: `pending-${randomUUID()}`, payment_status: body.hold ? 'hold' : 'unpaid', process_status: 'pending', delivery_status: 'pending',
      author_id: user.id, subtotal: 0, total_coupons: 0, total_tax_value: 0, roundup: 0, total: 0, tendered: 0, change: 0,
      voided_at: null, void_reason: null, created_at: at,
    }).returning('id').executeTakeFirstOrThrow();
    await fillOrder(database, trx, id, body, lines, user, options, at, actor);
    await auditCheckoutPrices(trx, actor, id, at);
    await auditCheckoutVendors(trx, actor, id, at);
    await trx.updateTable('orders').set({ code: await nextOrderCode(trx, at) }).where('id', '=', id).execute();
    return loadOrderAnswer(trx, id, user);
  });
  return { message: body.hold ? ORDER_HELD : ORDER_PLACED, order };
}

/**
 * PUT /orders/{id}: the till resumes a parked order. Only an order still on hold; its lines, coupons,
 * payments and instalments are replaced by the cart, then it is placed (or parked again with hold: true).
 */
export async function completeHeldOrder(database: Database, orderId: number, body: CheckoutBody, user: SessionUser, actor: AuditActor): Promise<{ message: string; order: OrderAnswer }> {
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
    await trx.updateTable('orders').set({ ...orderFields(body, at), payment_status: body.hold ? 'hold' : 'unpaid', author_id: user.id })
      .where('id', '=', orderId).execute();
    await fillOrder(database, trx, orderId, body, lines, user, options, at, actor);
    await auditCheckoutPrices(trx, actor, orderId, at);
    await auditCheckoutVendors(trx, actor, orderId, at);
    return loadOrderAnswer(trx, orderId, user);
  });
  return { message: body.hold ? ORDER_HELD : ORDER_PLACED, order };
}

/** GET /orders/held: parked orders, newest first; the search matches the start of the code or customer name. */
export async function listHeldOrders(database: Database, search: string | undefined): Promise<HeldOrderAnswer[]> {
  let query = database.db.selectFrom('orders as o')
    .leftJoin('customer_names as cn', 'cn.id', 'o.customer_id')
    .leftJoin('users as a', 'a.id', 'o.author_id')
    .select((eb) => [
      'o.id', 'o.code', 'o.created_at', 'o.customer_id', 'cn.name as customer_name', 'o.author_id', 'a.username', 'o.total',
      eb.selectFrom('order_products as op').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('op.order_id', '=', 'o.id').as('products_count'),
    ])
    .where('o.payment_status', '=', 'hold');
  const term = search?.trim().toLowerCase() ?? '';
  if (term !== '') {
    const pattern = `${escapeLike(term)}%`;
    query = query.where((eb) => eb.or([
      sql<boolean>`lower(o.code) like ${pattern} escape '\\'`,
      sql<boolean>`lower(cn.name) like ${pattern} escape '\\'`,
    ]));
  }
  const rows = await query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(HELD_ORDERS_LIMIT).execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    created_at: row.created_at,
    customer: row.customer_id !== null ? { id: row.customer_id, name: row.customer_name ?? '' } : null,
    user: row.username !== null ? { id: row.author_id, username: row.username } : null,
    total: toDecimal(row.total),
    products_count: Number(row.products_count ?? 0),
  }));
}
