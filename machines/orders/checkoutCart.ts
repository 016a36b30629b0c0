import { fromDecimal, sum, toDecimal, type Money } from '../../schemas/money';
import { cardFee, type CardFeeOptions } from '../../schemas/orders/cardFee';
import type { Discount } from '../../schemas/orders/discount';
import { lineTotals, type LineTotals } from '../../schemas/orders/lineTotals';
import { orderTotals, type OrderTotals } from '../../schemas/orders/orderTotals';
import { ACCOUNT_PAYMENT, CARD_PAYMENT, type CheckoutBody, type CheckoutLine, type OrderAnswer, type PosProductAnswer } from '../../schemas/orders/api';

/**
 * The till's cart (spec 03, issue 7 "The till"): plain data and pure operations, so the checkout machine,
 * the page and the tests share them. Amounts are decimals as the API carries them; every total is
 * previewed with the shared rules of schemas/orders (the server recomputes and decides).
 */

export interface CartDiscount {
  type: 'flat' | 'percentage';
  /** Percent (7.5 = 7.5 %) or a decimal amount. */
  value: number;
}

export interface CartVendor {
  vendor_id: number;
  username: string;
}

export interface CartLine {
  /** Stable key of the line in this cart. */
  key: string;
  product_id: number | null;
  unit_id: number | null;
  unit_name: string | null;
  product_type: 'product' | 'dynamic';
  name: string;
  unit_price: number;
  quantity: number;
  tax_type: 'inclusive' | 'exclusive';
  discount: CartDiscount | null;
  vendor: CartVendor | null;
  /** A catalogue line's price as the catalogue gave it: a price the cashier did not change is not sent back. */
  catalogue_price?: number;
}

export interface CartPayment {
  identifier: string;
  label: string;
  /** Amount tendered, before any card fee (the server adds the fee). */
  value: number;
  vendor?: CartVendor | null;
}

export interface CartInstalment {
  date: string;
  amount: number;
}

export interface Cart {
  lines: CartLine[];
  discount: CartDiscount | null;
  customer: { id: number; name: string } | null;
  registerId: number | null;
  type: 'takeaway' | 'delivery';
  shipping: number;
  payments: CartPayment[];
  /** Layaway: the order takes instalments (support_instalments). */
  layaway: boolean;
  instalments: CartInstalment[];
  /** The order on hold this cart resumes (completed with PUT /orders/{id}). */
  heldOrderId: number | null;
}

export const emptyCart = (): Cart => ({
  lines: [],
  discount: null,
  customer: null,
  registerId: null,
  type: 'takeaway',
  shipping: 0,
  payments: [],
  layaway: false,
  instalments: [],
  heldOrderId: null,
});

/** The key of a new line in a cart: line-1, line-2, … (one above the highest, so keys stay unique and replayable). */
export function nextLineKey(lines: readonly Pick<CartLine, 'key'>[]): string {
  const highest = lines.reduce((max, line) => Math.max(max, Number(/^line-(\d+)$/.exec(line.key)?.[1] ?? 0)), 0);
  return `line-${highest + 1}`;
}

const keyAt = (index: number) => `line-${index + 1}`;

/** A catalogue product's line, sold in its first unit (or the given one), quantity 1. */
export function lineFromProduct(product: PosProductAnswer, key: string, unitId?: number): CartLine {
  const unit = product.units.find((candidate) => candidate.unit_id === unitId) ?? product.units[0] ?? null;
  return {
    key,
    product_id: product.id,
    unit_id: unit?.unit_id ?? null,
    unit_name: unit?.unit_name ?? null,
    product_type: product.product_type,
    name: product.name,
    unit_price: unit?.sale_price ?? 0,
    quantity: 1,
    tax_type: product.tax_type,
    discount: null,
    vendor: null,
    ...(unit ? { catalogue_price: unit.sale_price } : {}),
  };
}

/** A custom-price (dynamic) item. */
export function dynamicLine(name: string, unitPrice: number, key: string): CartLine {
  return {
    key,
    product_id: null,
    unit_id: null,
    unit_name: null,
    product_type: 'dynamic',
    name,
    unit_price: unitPrice,
    quantity: 1,
    tax_type: 'inclusive',
    discount: null,
    vendor: null,
  };
}

/** Adds a line; the same catalogue product and unit (without a discount or vendor of its own) adds 1 to its quantity. */
export function addLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  if (line.product_type === 'product' && line.product_id !== null) {
    const same = lines.find(
      (existing) => existing.product_id === line.product_id && existing.unit_id === line.unit_id && existing.discount === null && existing.vendor === null,
    );
    if (same) return lines.map((existing) => (existing === same ? { ...existing, quantity: existing.quantity + line.quantity } : existing));
  }
  return [...lines, line];
}

export function updateLine(lines: readonly CartLine[], key: string, change: Partial<Omit<CartLine, 'key'>>): CartLine[] {
  return lines.map((line) => (line.key === key ? { ...line, ...change } : line));
}

/** Lines of a CheckoutLine list (a voided order put back into the cart, or a held order resumed). */
export function linesFromCheckout(products: readonly CheckoutLine[]): CartLine[] {
  return products.map((product, index) => ({
    key: keyAt(index),
    product_id: product.product_id ?? null,
    unit_id: product.unit_id ?? null,
    unit_name: null,
    product_type: product.product_type,
    name: product.name ?? '',
    unit_price: product.unit_price ?? 0,
    quantity: product.quantity,
    tax_type: product.tax_type ?? 'inclusive',
    discount: discountOfFields(product.discount_type ?? null, product.discount_percentage ?? 0, product.discount ?? 0),
    vendor: product.vendor_id ? { vendor_id: product.vendor_id, username: `#${product.vendor_id}` } : null,
  }));
}

function discountOfFields(type: 'flat' | 'percentage' | null, percentage: number, amount: number): CartDiscount | null {
  if (type === 'percentage' && percentage > 0) return { type, value: percentage };
  if (type === 'flat' && amount > 0) return { type, value: amount };
  return null;
}

/** A held order as a cart to finish: its lines, discount, customer, register, type and shipping. */
export function cartFromHeldOrder(order: OrderAnswer): Cart {
  return {
    ...emptyCart(),
    heldOrderId: order.id,
    customer: order.customer,
    registerId: order.register?.id ?? null,
    type: order.type,
    shipping: order.shipping,
    discount: discountOfFields(order.discount_type, order.discount_percentage, order.discount),
    lines: order.products.map((product, index) => ({
      key: keyAt(index),
      product_id: product.product_id,
      unit_id: product.unit_id,
      unit_name: product.unit_name,
      product_type: product.product_type,
      name: product.name,
      unit_price: product.unit_price,
      quantity: product.quantity,
      tax_type: product.tax_type,
      discount: discountOfFields(product.discount_type, product.discount_percentage, product.discount),
      vendor: product.vendor ? { vendor_id: product.vendor.vendor_id, username: product.vendor.username } : null,
    })),
  };
}

/** The discount as the shared totals rules take it. */
export function toDiscount(discount: CartDiscount | null): Discount | undefined {
  if (!discount || !(discount.value > 0)) return undefined;
  return discount.type === 'percentage' ? { type: 'percentage', percent: discount.value } : { type: 'flat', amount: fromDecimal(discount.value) };
}

export function lineTotalsOf(line: CartLine): LineTotals {
  const discount = toDiscount(line.discount);
  return lineTotals({ unitPrice: fromDecimal(line.unit_price), quantity: line.quantity, taxType: line.tax_type, ...(discount ? { discount } : {}) });
}

/** The till's card fee of one card payment (spec 03 §9), 0 for other gateways. */
export function paymentFee(payment: Pick<CartPayment, 'identifier' | 'value'>, options: CardFeeOptions): Money {
  return payment.identifier === CARD_PAYMENT ? cardFee(fromDecimal(payment.value), options) : 0;
}

export interface CartPreview {
  lines: LineTotals[];
  totals: OrderTotals;
  /** Card fees the listed card payments add (the server adds them to the order). */
  cardFees: Money;
  /** Σ payments (base values, fees excluded). */
  paid: Money;
  /** Still to pay of the order total (fees excluded). */
  due: Money;
  change: Money;
}

/** The cart previewed with the shared rules: line totals, order totals, payments, card fees, due and change. */
export function previewCart(cart: Cart, options: CardFeeOptions): CartPreview {
  const lines = cart.lines.map(lineTotalsOf);
  const discount = toDiscount(cart.discount);
  const totals = orderTotals(lines, { ...(discount ? { discount } : {}), shipping: cart.type === 'delivery' ? fromDecimal(cart.shipping) : 0 });
  return { lines, totals, ...paymentsPreview(totals.total, cart.payments, options) };
}

/** Payments against an amount to charge: paid, due, change and the card fees. */
export function paymentsPreview(charge: Money, payments: readonly CartPayment[], options: CardFeeOptions) {
  const paid = sum(payments.map((payment) => fromDecimal(payment.value)));
  return {
    paid,
    cardFees: sum(payments.map((payment) => paymentFee(payment, options))),
    due: Math.max(0, charge - paid),
    change: Math.max(0, paid - charge),
  };
}

/** Whether a vendor account payment is already listed (spec 03 §5: once per order). */
export const hasAccountPayment = (payments: readonly CartPayment[]) => payments.some((payment) => payment.identifier === ACCOUNT_PAYMENT);

/** Spec 03 §5: a new instalment's default amount is the order total minus the instalments listed. */
export function nextInstalmentAmount(total: Money, instalments: readonly CartInstalment[]): number {
  return toDecimal(Math.max(0, total - sum(instalments.map((instalment) => fromDecimal(instalment.amount)))));
}

function checkoutLine(line: CartLine): CheckoutLine {
  const out: CheckoutLine = { product_type: line.product_type, quantity: line.quantity, tax_type: line.tax_type };
  // The server prices a catalogue line itself; echoing its price back would only let a catalogue price finer
  // than the store's currency precision (set after the pricing) be refused as if the cashier had typed it.
  if (line.product_type !== 'product' || line.catalogue_price === undefined || line.unit_price !== line.catalogue_price) out.unit_price = line.unit_price;
  if (line.product_type === 'product') {
    out.product_id = line.product_id;
    out.unit_id = line.unit_id;
  }
  out.name = line.name;
  if (line.discount && line.discount.value > 0) {
    out.discount_type = line.discount.type;
    if (line.discount.type === 'percentage') out.discount_percentage = line.discount.value;
    else out.discount = line.discount.value;
  }
  if (line.vendor) out.vendor_id = line.vendor.vendor_id;
  return out;
}

/** The POST /orders (or PUT /orders/{id} for a held order) body of a cart; `hold` parks it without payments;
 *  `saveUnpaid` is the cashier's choice to place it with something left to pay. */
export function checkoutBody(cart: Cart, hold = false, saveUnpaid = false): CheckoutBody {
  const body: CheckoutBody = {
    type: cart.type,
    customer_id: cart.customer?.id ?? null,
    register_id: cart.registerId,
    products: cart.lines.map(checkoutLine),
    payments: hold
      ? []
      : cart.payments.map((payment) => ({
          identifier: payment.identifier,
          value: payment.value,
          ...(payment.identifier === ACCOUNT_PAYMENT && payment.vendor ? { vendor_id: payment.vendor.vendor_id } : {}),
        })),
  };
  if (cart.type === 'delivery' && cart.shipping > 0) body.shipping = cart.shipping;
  if (cart.discount && cart.discount.value > 0) {
    body.discount_type = cart.discount.type;
    if (cart.discount.type === 'percentage') body.discount_percentage = cart.discount.value;
    else body.discount = cart.discount.value;
  }
  if (hold) body.hold = true;
  else if (saveUnpaid) body.save_unpaid = true;
  if (!hold && cart.layaway) {
    body.support_instalments = true;
    const paid = coveredInstalments(cart.instalments, sum(cart.payments.map((payment) => fromDecimal(payment.value))));
    body.instalments = cart.instalments.map((instalment, index) => ({
      date: instalment.date,
      amount: instalment.amount,
      ...(paid.has(index) ? { paid: true } : {}),
    }));
  }
  return body;
}

/**
 * The instalments the checkout's payments pay (their indexes): the earliest by date, as many as the
 * payments cover in full. The server links each to its payment, so a down payment listed as the first
 * instalment is never collected again.
 */
export function coveredInstalments(instalments: readonly CartInstalment[], paid: Money): Set<number> {
  const covered = new Set<number>();
  if (paid <= 0) return covered;
  const byDate = instalments
    .map((instalment, index) => ({ instalment, index }))
    .sort((a, b) => (a.instalment.date < b.instalment.date ? -1 : a.instalment.date > b.instalment.date ? 1 : a.index - b.index));
  let total = 0;
  for (const { instalment, index } of byDate) {
    total += fromDecimal(instalment.amount);
    if (total > paid) break;
    covered.add(index);
  }
  return covered;
}
