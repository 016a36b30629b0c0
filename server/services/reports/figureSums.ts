import { sql, type RawBuilder } from 'kysely';
import { NO_SUMS, type FigureSums } from '../../../schemas/reports';
import type { Database } from '../../db';
import { closedSale, int, spansTable, type Span } from './spans';

/**
 * The sums every figure is computed from (schemas/reports figuresOf), per span, read from the orders' rows:
 * closed sales by their order's instant, refunds on closed sales by the refund's. Two statements whatever the
 * number of spans. The reports read the day summaries (summary/sums.ts); these reads are what the summaries
 * must equal (tests/api/reportsOracle.ts).
 * The cross join of refunds and orders fixes SQLite's join order (it reads a cross join's tables in the order
 * written): left to choose, it read every closed order by status and looked for refunds of each (2 s).
 */
const ORDER_SUMS = sql`count(o.id) as orders, sum(o.subtotal) as subtotal, sum(o.discount + o.total_coupons) as cart_discounts,
  sum(o.total_tax_value) as sales_tax, sum(o.tendered - o.change) as received`;
const SALES = {
  all: sql`${ORDER_SUMS}, sum((select coalesce(sum(x.discount), 0) from order_products x where x.order_id = o.id)) as line_discounts`,
  'without-line-discounts': sql`${ORDER_SUMS}, 0 as line_discounts`,
};
const REFUNDS = sql`sum(r.total) as refunds, sum((select coalesce(sum(rp.tax_value), 0) from order_refunded_products rp where rp.order_refund_id = r.id)) as refunded_tax`;

/**
 * Each span summed by its own index range scan. PostgreSQL needs `lateral` for that (joined to the spans, it
 * read the month's orders once per day: 5 s over 1,000,000 lines); SQLite has no lateral and scans the
 * index once per span row of a plain join.
 */
function perSpan(database: Database, spans: readonly Span[], sums: RawBuilder<unknown>, rows: RawBuilder<unknown>, where: RawBuilder<unknown>) {
  return database.dialect === 'postgres'
    ? sql`with ${spansTable(spans)} select s.span, t.* from spans s cross join lateral (select ${sums} from ${rows} where ${where}) t`
    : sql`with ${spansTable(spans)} select s.span, ${sums} from spans s cross join ${rows} where ${where} group by s.span`;
}

/**
 * The lines' own discounts are the one sum that reads every line of every sale (about 80 % of the statement's
 * time on PostgreSQL over a month). Only gross sales and discounts need them: a caller that shows neither (the
 * dashboard, the taxes report) asks 'without-line-discounts' and gets 0 for them, every other figure exact.
 */
export type SumsNeeded = keyof typeof SALES;

export async function figureSumsBySpan(database: Database, spans: readonly Span[], needed: SumsNeeded = 'all'): Promise<Map<string, FigureSums>> {
  const result = new Map<string, FigureSums>(spans.map((span) => [span.key, { ...NO_SUMS }]));
  if (spans.length === 0) return result;
  type SalesRow = { span: string; orders: unknown; subtotal: unknown; cart_discounts: unknown; sales_tax: unknown; received: unknown; line_discounts: unknown };
  const [sales, refunds] = await Promise.all([
    perSpan(database, spans, SALES[needed], sql`orders o`, sql`o.created_at >= s.span_from and o.created_at < s.span_until and ${closedSale()}`).execute(
      database.db,
    ),
    perSpan(
      database,
      spans,
      REFUNDS,
      sql`order_refunds r cross join orders o`,
      sql`r.created_at >= s.span_from and r.created_at < s.span_until and o.id = r.order_id and ${closedSale()}`,
    ).execute(database.db),
  ]);
  for (const row of sales.rows as SalesRow[]) {
    Object.assign(result.get(row.span)!, {
      orders: int(row.orders),
      subtotal: int(row.subtotal),
      lineDiscounts: int(row.line_discounts),
      cartDiscounts: int(row.cart_discounts),
      salesTax: int(row.sales_tax),
      received: int(row.received),
    });
  }
  for (const row of refunds.rows as Array<{ span: string; refunds: unknown; refunded_tax: unknown }>)
    Object.assign(result.get(row.span)!, { refunds: int(row.refunds), refundedTax: int(row.refunded_tax) });
  return result;
}
