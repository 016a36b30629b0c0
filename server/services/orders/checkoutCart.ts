import type { SystemOptions } from '../../../schemas/options';
import { fromDecimal, type Money } from '../../../schemas/money';
import type { CheckoutBody, CheckoutLine } from '../../../schemas/orders/api';
import type { Discount } from '../../../schemas/orders/discount';
import type { TaxType } from '../../../schemas/orders/tax';
import { invalid } from '../../errors';
import { UNKNOWN_VENDOR } from '../vendors/vendorAccess';
import { lineVendor } from '../vendors/lineVendor';
import { lineVendorRefusal } from '../../../schemas/orders/vendorRequired';
import type { Trx } from './core';
import { openSessionQuery, saleRefusalOf } from '../registers/drawer';
import { readBatch } from '../../db/batch';
import { listSlots, statementTemplate } from '../../db/template';
import { drawIds, drawnIds } from '../../db/drawIds';
import { optionsOf, optionsQuery } from '../options';
import { assertPrecisionOf } from './amountBounds';
import { activePaymentTypesQuery, primePaymentTypes } from './paymentTypes';

/**
 * The till's cart before anything is written: the checks that need no database, and the cart priced and
 * checked against the catalogue, vendors, customer and register.
 */

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

export type Errors = Record<string, string[]>;

export function addError(errors: Errors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

export function throwIfAny(errors: Errors): void {
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
export function checkoutErrors(
  body: CheckoutBody,
  options: Pick<SystemOptions, 'ns_pos_allow_decimal_quantities' | 'products_discount' | 'cart_discount'>,
): Errors {
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

/** Ids drawn for the rows a checkout writes: the order's (a new order), one per line and one per payment, in the cart's order. */
export interface DrawnIds {
  order: number | null;
  lines: number[];
  payments: number[];
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
  /** The catalogue's price of the unit (catalogue lines), which a price sold otherwise is audited against. */
  cataloguePrice: Money | null;
  /** The product's owning vendor (null for the store's goods and lines of no product). */
  owner: number | null;
}

/**
 * Prices the cart: catalogue lines take name, tax type and unit price from the catalogue (a price from
 * the body only when unit_price_editable is 'yes' and it is above 0); dynamic lines bring their own. Every
 * product/unit, vendor number, customer and register must exist, and with every_line_needs_vendor every line
 * but the store's own goods must credit a vendor. One batch of reads whatever the cart size.
 */
export async function resolveCart(trx: Trx, body: CheckoutBody, options: SystemOptions): Promise<ResolvedLine[]> {
  return (await readCart(trx, body, options)).lines;
}

/** The cart's reads, compiled once (server/db/template.ts); the catalogue's and the vendors' per length of their list. */
const cartReads = {
  options: statementTemplate((db) => optionsQuery(db)),
  catalogue: statementTemplate((db, values: Record<string, unknown>, count: number) =>
    db
      .selectFrom('product_unit_quantities as q')
      .innerJoin('products as p', 'p.id', 'q.product_id')
      .select(['q.product_id', 'q.unit_id', 'q.sale_price', 'p.name', 'p.type', 'p.tax_type', 'p.status', 'p.vendor_id'])
      .where('q.product_id', 'in', listSlots<number>(values, 'p', count)),
  ),
  vendors: statementTemplate((db, values: Record<string, unknown>, count: number) =>
    db
      .selectFrom('users')
      .select('vendor_id')
      .where('role', '=', 'vendor')
      .where('vendor_id', 'in', listSlots<number>(values, 'v', count)),
  ),
  customer: statementTemplate((db, { id }: { id: number }) => db.selectFrom('customers').select('id').where('id', '=', id)),
  register: statementTemplate((db, { id }: { id: number }) =>
    db.selectFrom('cash_registers').select('id').where('id', '=', id).where('status', '!=', 'disabled'),
  ),
  session: statementTemplate((db, { registerId }: { registerId: number }) => openSessionQuery(db, registerId)),
  types: statementTemplate((db) => activePaymentTypesQuery(db)),
};

/**
 * resolveCart, also answering the register's open session (share-locked on PostgreSQL until commit) for the
 * drawer's cash. Everything is read in one batch (one round trip on PostgreSQL), the active payment types
 * too when the cart brings payments (recordPayment finds them read).
 */
export async function readCart(
  trx: Trx,
  body: CheckoutBody,
  known: SystemOptions | null,
  /** The ids the write will give its rows, drawn in the same batch (server/db/drawIds.ts): the new order's too, or its lines' and payments' only. */
  draw: 'order' | 'rows' | null = null,
): Promise<{ lines: ResolvedLine[]; sessionId: number | null; options: SystemOptions; ids: DrawnIds }> {
  const errors: Errors = {};
  const productIds = [...new Set(body.products.map((line) => line.product_id).filter((id): id is number => !!id))];
  const vendorNumbers = [...new Set(body.products.map((line) => line.vendor_id).filter((id): id is number => !!id))];
  const sale = body.register_id && body.hold !== true;
  const read = await readBatch(trx, {
    // The options too when the caller has not read them: then the checks that need no database run here first.
    ...(!known && { options: cartReads.options(trx, {}) }),
    ...(productIds.length > 0 && { catalogue: cartReads.catalogue(trx, { p: productIds }, productIds.length) }),
    ...(vendorNumbers.length > 0 && { vendors: cartReads.vendors(trx, { v: vendorNumbers }, vendorNumbers.length) }),
    ...(body.customer_id && { customer: cartReads.customer(trx, { id: body.customer_id }) }),
    ...(body.register_id && { register: cartReads.register(trx, { id: body.register_id }) }),
    ...(sale && { session: cartReads.session(trx, { registerId: body.register_id! }) }),
    ...(body.payments.length > 0 && { types: cartReads.types(trx, {}) }),
    ...(draw &&
      (draw === 'order' || body.products.length + body.payments.length > 0) && {
        ids: drawIds(trx, { orders: draw === 'order' ? 1 : 0, order_products: body.products.length, order_payments: body.payments.length }),
      }),
  });
  const options = known ?? optionsOf(read.options ?? []);
  if (!known) {
    assertPrecisionOf(body, options);
    throwIfAny(checkoutErrors(body, options));
  }
  if (read.types) primePaymentTypes(trx, read.types);
  const catalogue = read.catalogue ?? [];
  const vendors = read.vendors ?? [];
  const customer = read.customer?.[0];
  const register = read.register?.[0];
  if (body.customer_id && !customer) addError(errors, 'customer_id', UNKNOWN_CUSTOMER);
  if (body.register_id && !register) addError(errors, 'register_id', UNKNOWN_REGISTER);
  const sessionId = read.session?.[0]?.id ?? null;
  const closedRegister = sale && register ? saleRefusalOf(false, read.session?.[0]) : null;
  if (closedRegister) addError(errors, 'register_id', closedRegister);
  const knownVendors = new Set(vendors.map((vendor) => vendor.vendor_id));
  const units = new Map(catalogue.map((row) => [`${row.product_id}:${row.unit_id}`, row]));

  const resolved = body.products.map((line, index): ResolvedLine | null => {
    const at = `products.${index}`;
    if (line.vendor_id && !knownVendors.has(line.vendor_id)) addError(errors, `${at}.vendor_id`, UNKNOWN_VENDOR);
    const entry = line.product_id && line.unit_id ? units.get(`${line.product_id}:${line.unit_id}`) : undefined;
    const common = {
      quantity: line.quantity,
      discount: lineDiscount(line),
      vendor_id: lineVendor(line.vendor_id, entry?.vendor_id),
      owner: entry?.vendor_id ?? null,
    };
    if (line.product_type === 'dynamic') {
      if (line.product_id && !entry) addError(errors, `${at}.product_id`, UNKNOWN_PRODUCT);
      return {
        ...common,
        product_id: entry ? line.product_id! : null,
        unit_id: entry ? line.unit_id! : null,
        product_type: 'dynamic',
        name: line.name?.trim() ?? '',
        unitPrice: fromDecimal(line.unit_price ?? 0),
        taxType: line.tax_type ?? 'inclusive',
        cataloguePrice: null,
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
      ...common,
      product_id: entry.product_id,
      unit_id: entry.unit_id,
      product_type: 'product',
      name: entry.name,
      unitPrice: editedPrice ?? entry.sale_price,
      taxType: entry.tax_type,
      cataloguePrice: entry.sale_price,
    };
  });
  resolved.forEach((line, index) => {
    const refusal = line && lineVendorRefusal(line, index, options.every_line_needs_vendor);
    if (refusal) addError(errors, `products.${index}.vendor_id`, refusal);
  });
  throwIfAny(errors);
  const ids = { order: drawnIds(read.ids, 'orders')[0] ?? null, lines: drawnIds(read.ids, 'order_products'), payments: drawnIds(read.ids, 'order_payments') };
  return { lines: resolved.filter((line): line is ResolvedLine => line !== null), sessionId, options, ids };
}
