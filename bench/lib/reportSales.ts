import type { BulkWriter } from './bulkWriter';

const ORDER_COLUMNS = [
  'id',
  'code',
  'type',
  'payment_status',
  'process_status',
  'delivery_status',
  'author_id',
  'discount_percentage',
  'discount',
  'subtotal',
  'total_coupons',
  'total_tax_value',
  'cardfee',
  'roundup',
  'shipping',
  'total',
  'tendered',
  'change',
  'support_instalments',
  'voided_at',
  'void_reason',
  'created_at',
  'updated_at',
] as const;
const LINE_COLUMNS = [
  'id',
  'order_id',
  'product_id',
  'name',
  'unit_price',
  'quantity',
  'discount_type',
  'discount_percentage',
  'discount',
  'tax_type',
  'tax_value',
  'total_price',
  'total_price_with_tax',
  'total_price_without_tax',
  'total_product_coupons',
  'product_type',
  'vendor_id',
  'status',
  'created_at',
  'updated_at',
] as const;
const PAYMENT_COLUMNS = ['order_id', 'identifier', 'value', 'author_id', 'created_at'] as const;
const INSTALMENT_COLUMNS = ['order_id', 'date', 'amount', 'paid', 'created_at', 'updated_at'] as const;
const REFUND_COLUMNS = ['id', 'order_id', 'total', 'shipping', 'author_id', 'created_at'] as const;
const REFUND_PAYMENT_COLUMNS = ['order_refund_id', 'order_id', 'identifier', 'value', 'created_at'] as const;
const REFUNDED_LINE_COLUMNS = [
  'order_refund_id',
  'order_id',
  'order_product_id',
  'product_id',
  'quantity',
  'discount_percentage',
  'unit_price',
  'discount',
  'total_product_coupons',
  'tax_value',
  'total_price',
  'condition',
  'refund_type',
  'created_at',
] as const;

/** Orders generated and written per chunk (all chunks in one transaction): bounds the memory of a 1,000,000-line load. */
const CHUNK_ORDERS = 25_000;
const DAY_MS = 86_400_000;

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const later = (at: string, ms: number) => iso(Date.parse(`${at.replace(' ', 'T')}Z`) + ms);

/**
 * A store's two years of sales for the reports bench: `lines` order lines, two per order, spread evenly
 * over `days` days up to now, sold by `vendors` vendors (numbers 101 on) from the demo catalogue (so each
 * line has a category). Every 50th order has one line refunded a day later, every 200th is voided, every
 * 100th is a layaway still collecting with an instalment due; the rest are paid, alternately cash (with
 * change) and card. Figures are consistent as the till writes them (subtotal = Σ lines, total, tendered).
 * Written with explicit ids through `writer` (see bulkWriter.ts), the caller commits.
 */
export async function insertReportSales(writer: BulkWriter, options: { lines: number; days: number; vendors: number }): Promise<void> {
  const [author] = await writer.all(`select id from users where username = 'cashier'`);
  const products = (await writer.all(`select id, name from products where type = 'product' order by id`)) as Array<{ id: number; name: string }>;
  const next = async (table: string) => Number((await writer.all(`select coalesce(max(id), 0) + 1 as id from ${table}`))[0]!.id);
  const [firstOrder, firstLine, firstRefund] = [await next('orders'), await next('order_products'), await next('order_refunds')];
  const cashier = Number(author!.id);
  const orders = Math.ceil(options.lines / 2);
  const step = (options.days * DAY_MS) / orders;
  const start = Date.now() - options.days * DAY_MS;
  let refundId = firstRefund;
  for (let first = 0; first < orders; first += CHUNK_ORDERS) {
    const rows = { orders: [] as unknown[][], lines: [] as unknown[][], payments: [] as unknown[][], instalments: [] as unknown[][] };
    const refunds = { refunds: [] as unknown[][], payments: [] as unknown[][], lines: [] as unknown[][] };
    for (let n = first; n < Math.min(orders, first + CHUNK_ORDERS); n += 1) {
      const id = firstOrder + n;
      const at = iso(start + Math.floor(n * step));
      const prices = [50_000 + (n % 37) * 10_000, 120_000 + (n % 11) * 5_000];
      const discount = n % 10 === 0 ? 10_000 : 0;
      const subtotal = prices[0]! + prices[1]! - discount;
      const kind = n % 200 === 7 ? 'void' : n % 100 === 3 ? 'layaway' : 'paid';
      const cash = n % 2 === 0;
      const change = kind === 'paid' && cash ? (100_000 - (subtotal % 100_000)) % 100_000 : 0;
      const tendered = kind === 'layaway' ? 100_000 : kind === 'void' ? 0 : subtotal + change;
      const refunded = kind === 'paid' && n % 50 === 1;
      const status = kind === 'void' ? 'order_void' : kind === 'layaway' ? 'partially_paid' : refunded ? 'partially_refunded' : 'paid';
      // prettier-ignore
      rows.orders.push([id, `RB-${n}`, 'takeaway', status, 'done', 'pending', cashier, 0, 0, subtotal, 0, 0, 0, 0, 0, subtotal, tendered, change,
        kind === 'layaway' ? 1 : 0, kind === 'void' ? at : null, kind === 'void' ? 'Bench void.' : null, at, at]);
      for (const [part, price] of prices.entries()) {
        const product = products[(n + part * 3) % products.length]!;
        const lineDiscount = part === 0 ? discount : 0;
        // prettier-ignore
        rows.lines.push([firstLine + n * 2 + part, id, product.id, product.name, price, 1, lineDiscount > 0 ? 'flat' : null, 0, lineDiscount,
          'exclusive', 0, price - lineDiscount, price - lineDiscount, price - lineDiscount, 0, 'product', 101 + ((n * 2 + part) % options.vendors), 'sold', at, at]);
      }
      if (tendered > 0) rows.payments.push([id, cash || kind === 'layaway' ? 'cash-payment' : 'card', tendered, cashier, at]);
      if (kind === 'layaway') rows.instalments.push([id, later(at, 30 * DAY_MS).slice(0, 10), subtotal - tendered, 0, at, at]);
      if (refunded) {
        const refundAt = later(at, DAY_MS);
        const amount = prices[0]! - discount;
        refunds.refunds.push([refundId, id, amount, 0, cashier, refundAt]);
        refunds.payments.push([refundId, id, cash ? 'cash-payment' : 'card', amount, refundAt]);
        // prettier-ignore
        refunds.lines.push([refundId, id, firstLine + n * 2, products[n % products.length]!.id, 1, 0, prices[0]!, discount, 0, 0, amount,
          'unspoiled', 'refund_product', refundAt]);
        refundId += 1;
      }
    }
    await writer.insert('orders', ORDER_COLUMNS, rows.orders);
    await writer.insert('order_products', LINE_COLUMNS, rows.lines);
    await writer.insert('order_payments', PAYMENT_COLUMNS, rows.payments);
    await writer.insert('order_instalments', INSTALMENT_COLUMNS, rows.instalments);
    await writer.insert('order_refunds', REFUND_COLUMNS, refunds.refunds);
    await writer.insert('order_refund_payments', REFUND_PAYMENT_COLUMNS, refunds.payments);
    await writer.insert('order_refunded_products', REFUNDED_LINE_COLUMNS, refunds.lines);
  }
}
