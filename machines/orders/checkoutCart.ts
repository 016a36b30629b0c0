import { fromDecimal, sum, toDecimal, type Money } from '../../schemas/money';
import type { Discount } from '../../schemas/orders/discount';
import { lineTotals, type LineTotals } from '../../schemas/orders/lineTotals';
import { orderTotals, type OrderTotals } from '../../schemas/orders/orderTotals';
import { couponAmount, type CouponRule } from '../../schemas/orders/coupons';
import { ACCOUNT_PAYMENT, type CheckInfo, type CheckoutLine, type OrderAnswer, type PosProductAnswer } from '../../schemas/orders/api';

/**
 * The till's cart (spec 03): plain data and pure operations, so the checkout machine,
 * the page and the tests share them. Amounts are decimals as the API carries them; every total is
 * previewed with the shared rules of schemas/orders (the server recomputes and decides).
 */

/** The cart's request body, where the cart's callers and tests find it. */
export { checkoutBody, coveredInstalments } from './checkoutBody';

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

/** A coupon the server accepted for this cart, with the rule the preview applies to the cart as it changes. */
export interface CartCoupon {
  code: string;
  rule: CouponRule;
}

export interface CartPayment {
  identifier: string;
  label: string;
  /** Amount tendered, before any card fee (the server adds the fee). */
  value: number;
  vendor?: CartVendor | null;
  /** A check's number and the customer's ID (schemas/orders/checkPayment.ts). */
  checkinfo?: CheckInfo;
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
  /** Coupon codes applied (the server checks them again at the checkout). */
  coupons?: CartCoupon[];
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
  coupons: [],
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

export interface CartPreview {
  lines: LineTotals[];
  totals: OrderTotals;
  /** Σ payments (base values, fees excluded). */
  paid: Money;
  /** Still to pay of the order total (fees excluded). */
  due: Money;
  change: Money;
}

/**
 * The cart previewed with the shared rules: line totals, order totals, payments, due and change. Card fees
 * are not here: the till shows the server's (GET /pos/payment-fees), the rule it charges with.
 */
export function previewCart(cart: Cart): CartPreview {
  const lines = cart.lines.map(lineTotalsOf);
  const discount = toDiscount(cart.discount);
  const couponLines = cart.lines.map((line, index) => ({ total: lines[index]!.total_price, productId: line.product_id, categoryId: null }));
  const coupons = (cart.coupons ?? []).map((coupon) => couponAmount(coupon.rule, couponLines).value);
  const totals = orderTotals(lines, { ...(discount ? { discount } : {}), coupons, shipping: cart.type === 'delivery' ? fromDecimal(cart.shipping) : 0 });
  return { lines, totals, ...paymentsPreview(totals.total, cart.payments) };
}

/** Payments against an amount to charge: paid, due and change (fees excluded). */
export function paymentsPreview(charge: Money, payments: readonly CartPayment[]) {
  const paid = sum(payments.map((payment) => fromDecimal(payment.value)));
  return {
    paid,
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
