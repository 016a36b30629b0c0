import type { Money } from '../money';
import type { PaymentStatus } from '../paymentStatus';

/**
 * A closed sale: an order paid in full (what is left to pay is under the unpaid threshold, as
 * schemas/orders/paymentStatus decides "paid"), refunded since or not. Layaways still collecting, held,
 * unpaid and voided orders are not sales yet, so no report and no dashboard figure counts them.
 */
export const CLOSED_SALE_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const satisfies readonly PaymentStatus[];

/**
 * Every figure a report or the dashboard shows, defined once: the screens print these definitions and
 * the server computes each figure with `figuresOf` below. A sale counts on its order's day in the store's
 * time zone, a refund on the day it was given.
 */
export const FIGURES = [
  {
    key: 'gross_sales',
    label: 'Gross sales',
    definition: 'Price × quantity of every line of the closed sales, before any discount (a tax-inclusive price counts with its tax).',
  },
  { key: 'discounts', label: 'Discounts', definition: 'Line discounts, cart discounts and coupons of those sales.' },
  { key: 'refunds', label: 'Refunds', definition: 'Money given back in the period on closed sales (shipping refunded included).' },
  { key: 'net_sales', label: 'Net sales', definition: 'Gross sales − discounts − refunds.' },
  { key: 'taxes', label: 'Taxes', definition: 'Tax on the lines sold − tax on the lines refunded in the period.' },
  {
    key: 'collected',
    label: 'Collected',
    definition: 'Payments received on the closed sales (card fees, shipping and exclusive taxes included), less change given, less refunds.',
  },
  { key: 'orders', label: 'Sales', definition: 'The number of closed sales.' },
  { key: 'average_basket', label: 'Average basket', definition: '(Gross sales − discounts) ÷ the number of closed sales.' },
] as const;

export type FigureKey = (typeof FIGURES)[number]['key'];
export type Figures = Record<FigureKey, Money>;

/** The sums the server reads for a span of days; every figure is computed from these by `figuresOf`. */
export interface FigureSums {
  /** Closed sales on those days. */
  orders: number;
  /** Σ orders.subtotal: the lines after their own discounts. */
  subtotal: Money;
  /** Σ the lines' own discounts. */
  lineDiscounts: Money;
  /** Σ cart discounts and coupons. */
  cartDiscounts: Money;
  /** Σ tax of the lines sold. */
  salesTax: Money;
  /** Σ payments − change of those sales. */
  received: Money;
  /** Σ refunds given on those days on closed sales. */
  refunds: Money;
  /** Σ tax of the lines refunded on those days. */
  refundedTax: Money;
}

export const NO_SUMS: FigureSums = { orders: 0, subtotal: 0, lineDiscounts: 0, cartDiscounts: 0, salesTax: 0, received: 0, refunds: 0, refundedTax: 0 };

/** Adds sums of two spans (the totals row of a report by day). */
export function addSums(a: FigureSums, b: FigureSums): FigureSums {
  return {
    orders: a.orders + b.orders,
    subtotal: a.subtotal + b.subtotal,
    lineDiscounts: a.lineDiscounts + b.lineDiscounts,
    cartDiscounts: a.cartDiscounts + b.cartDiscounts,
    salesTax: a.salesTax + b.salesTax,
    received: a.received + b.received,
    refunds: a.refunds + b.refunds,
    refundedTax: a.refundedTax + b.refundedTax,
  };
}

/** The figures of FIGURES from the sums, in integer money (the average basket rounded half up to the ten-thousandth). */
export function figuresOf(sums: FigureSums): Figures {
  const sold = sums.subtotal - sums.cartDiscounts;
  return {
    gross_sales: sums.subtotal + sums.lineDiscounts,
    discounts: sums.lineDiscounts + sums.cartDiscounts,
    refunds: sums.refunds,
    net_sales: sold - sums.refunds,
    taxes: sums.salesTax - sums.refundedTax,
    collected: sums.received - sums.refunds,
    orders: sums.orders,
    average_basket: sums.orders === 0 ? 0 : Math.round(sold / sums.orders),
  };
}

/** Line-level figures of one group (a vendor, a category, an item): the same definitions on the group's lines. */
export interface LineSums {
  quantity: number;
  /** Σ price × quantity before discounts. */
  gross: Money;
  /** Σ line discount + the line's share of the cart discount and coupons. */
  discounts: Money;
  /** Σ refunded amounts of the group's lines in the period. */
  refunds: Money;
}

export function lineFiguresOf(sums: LineSums) {
  return {
    quantity: sums.quantity,
    gross_sales: sums.gross,
    discounts: sums.discounts,
    refunds: sums.refunds,
    net_sales: sums.gross - sums.discounts - sums.refunds,
  };
}
