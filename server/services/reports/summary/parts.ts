import { businessDateOf } from '../../../../schemas/format/businessTime';
import { UNPAID_THRESHOLD } from '../../../../schemas/orders/paymentStatus';
import { CLOSED_SALE_STATUSES } from '../../../../schemas/reports';

/**
 * What one order contributes to the report summaries (`report_sums`), computed from its stored rows: a map
 * from summary row key to the measures it adds. Pure, so the order writers' hook, the rebuild and the
 * migration's backfill compute the same parts.
 *
 * Dimensions (`dim`, with `dim_key`):
 * - `author`: per cashier (sales by the order's author on its day, refunds by who gave them on the refund's
 *   day); summed over cashiers it gives every figure of schemas/reports by day.
 * - `tender`: payments by identifier on the sale's day, refund payments by identifier on the refund's day.
 * - `vendor`, `item`, `product`: the lines (by selling vendor, line name, product: the category is the
 *   product's today, joined when read) on the sale's day, the refunded lines on the refund's day.
 * The `*_rows` counts say whether a group has any row at all, as the raw reads' groups did.
 */
export const MEASURES = [
  'sales',
  'subtotal',
  'line_discounts',
  'cart_discounts',
  'sales_tax',
  'received',
  'change_given',
  'refunds',
  'refunded_tax',
  'refund_rows',
  'payments',
  'payment_rows',
  'quantity',
  'gross',
  'discounts',
  'line_rows',
] as const;

export type Measure = (typeof MEASURES)[number];
export type Dim = 'author' | 'tender' | 'vendor' | 'item' | 'product';
export type Parts = Record<string, Partial<Record<Measure, number>>>;

/** `dim|day|key`: the summary row a part adds to. */
export const partKey = (dim: Dim, day: string, key: string | number | null) => `${dim}|${day}|${key ?? ''}`;
export function splitKey(key: string): { dim: Dim; day: string; dimKey: string } {
  const [dim, day, ...rest] = key.split('|');
  return { dim: dim as Dim, day: day!, dimKey: rest.join('|') };
}

/** One order's stored rows, as readOrderRows returns them. */
export interface OrderRows {
  order: {
    created_at: string;
    author_id: number;
    payment_status: string;
    total: number;
    tendered: number;
    change: number;
    subtotal: number;
    cart_discounts: number;
    total_tax_value: number;
  };
  /** gross: price × quantity before any discount; discounts: the line's own and its share of the cart's. */
  lines: Array<{
    id: number;
    vendor_id: number | null;
    product_id: number | null;
    name: string | null;
    quantity: number;
    line_discount: number;
    gross: number;
    discounts: number;
  }>;
  refunds: Array<{ id: number; created_at: string; author_id: number; total: number }>;
  refundedLines: Array<{ order_refund_id: number; order_product_id: number; total_price: number; tax_value: number }>;
  payments: Array<{ identifier: string; value: number }>;
  refundPayments: Array<{ order_refund_id: number; identifier: string; value: number }>;
}

/** The closed-sale rule of schemas/reports (spans.ts closedSale says it in SQL for the raw reads). */
export function isClosedSale(order: OrderRows['order']): boolean {
  return (CLOSED_SALE_STATUSES as readonly string[]).includes(order.payment_status) && order.total - (order.tendered - order.change) < UNPAID_THRESHOLD;
}

function add(parts: Parts, key: string, values: Partial<Record<Measure, number>>): void {
  const part = (parts[key] ??= {});
  for (const [measure, value] of Object.entries(values) as Array<[Measure, number]>) part[measure] = (part[measure] ?? 0) + value;
}

/** The order's parts: none unless it is a closed sale (a refund counts only on a closed sale, as in the raw reads). */
export function partsOf(rows: OrderRows | undefined, zone: string): Parts {
  const parts: Parts = {};
  if (!rows || !isClosedSale(rows.order)) return parts;
  const { order } = rows;
  const day = businessDateOf(order.created_at, zone);
  add(parts, partKey('author', day, order.author_id), {
    sales: 1,
    subtotal: order.subtotal,
    line_discounts: rows.lines.reduce((sum, line) => sum + line.line_discount, 0),
    cart_discounts: order.cart_discounts,
    sales_tax: order.total_tax_value,
    received: order.tendered - order.change,
    change_given: order.change,
  });
  for (const payment of rows.payments) add(parts, partKey('tender', day, payment.identifier), { payments: payment.value, payment_rows: 1 });
  const lines = new Map(rows.lines.map((line) => [line.id, line]));
  for (const line of rows.lines) {
    const sold = { quantity: line.quantity, gross: line.gross, discounts: line.discounts, line_rows: 1 };
    add(parts, partKey('vendor', day, line.vendor_id), sold);
    add(parts, partKey('item', day, line.name), sold);
    add(parts, partKey('product', day, line.product_id), sold);
  }
  const refundDays = new Map<number, string>();
  for (const refund of rows.refunds) {
    const refundDay = businessDateOf(refund.created_at, zone);
    refundDays.set(refund.id, refundDay);
    const tax = rows.refundedLines.filter((line) => line.order_refund_id === refund.id).reduce((sum, line) => sum + line.tax_value, 0);
    add(parts, partKey('author', refundDay, refund.author_id), { refunds: refund.total, refunded_tax: tax, refund_rows: 1 });
  }
  for (const payment of rows.refundPayments) {
    const refundDay = refundDays.get(payment.order_refund_id);
    if (refundDay) add(parts, partKey('tender', refundDay, payment.identifier), { refunds: payment.value, refund_rows: 1 });
  }
  for (const refunded of rows.refundedLines) {
    const refundDay = refundDays.get(refunded.order_refund_id);
    const line = lines.get(refunded.order_product_id);
    if (!refundDay || !line) continue;
    const back = { refunds: refunded.total_price, refund_rows: 1 };
    add(parts, partKey('vendor', refundDay, line.vendor_id), back);
    add(parts, partKey('item', refundDay, line.name), back);
    add(parts, partKey('product', refundDay, line.product_id), back);
  }
  return parts;
}
