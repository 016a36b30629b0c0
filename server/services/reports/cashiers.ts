import { sql } from 'kysely';
import { NO_SUMS, figuresOf, type FigureSums } from '../../../schemas/reports';
import type { Database } from '../../db';
import { closedSale, int, type Span } from './spans';

/**
 * The figure sums per staff member from the orders' rows: the closed sales they rang in the span, the refunds
 * they gave in it. The report reads the summaries; this is what they must equal (the property test).
 */
export async function rawCashierSums(database: Database, span: Span): Promise<Map<number, FigureSums>> {
  const [sales, refunds] = await Promise.all([
    sql<{ author_id: number; orders: unknown; subtotal: unknown; cart_discounts: unknown; sales_tax: unknown; received: unknown; line_discounts: unknown }>`
      select o.author_id, count(o.id) as orders, sum(o.subtotal) as subtotal, sum(o.discount + o.total_coupons) as cart_discounts,
        sum(o.total_tax_value) as sales_tax, sum(o.tendered - o.change) as received,
        sum((select coalesce(sum(x.discount), 0) from order_products x where x.order_id = o.id)) as line_discounts
      from orders o where o.created_at >= ${span.from} and o.created_at < ${span.until} and ${closedSale()}
      group by o.author_id`.execute(database.db),
    sql<{ author_id: number; refunds: unknown }>`
      select r.author_id, sum(r.total) as refunds from order_refunds r cross join orders o
      where o.id = r.order_id and r.created_at >= ${span.from} and r.created_at < ${span.until} and ${closedSale()}
      group by r.author_id`.execute(database.db),
  ]);
  const byAuthor = new Map<number, FigureSums>();
  const of = (id: number) => byAuthor.get(id) ?? byAuthor.set(id, { ...NO_SUMS }).get(id)!;
  for (const row of sales.rows) {
    Object.assign(of(Number(row.author_id)), {
      orders: int(row.orders),
      subtotal: int(row.subtotal),
      cartDiscounts: int(row.cart_discounts),
      salesTax: int(row.sales_tax),
      received: int(row.received),
      lineDiscounts: int(row.line_discounts),
    });
  }
  for (const row of refunds.rows) of(Number(row.author_id)).refunds = int(row.refunds);
  return byAuthor;
}

/** The staff members' sums with their names, largest net sales first. */
export async function cashierSums(database: Database, byAuthor: Map<number, FigureSums>): Promise<Array<{ username: string; sums: FigureSums }>> {
  if (byAuthor.size === 0) return [];
  const users = await database.db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [...byAuthor.keys()])
    .execute();
  const names = new Map(users.map((user) => [user.id, user.username]));
  return [...byAuthor.entries()]
    .map(([id, sums]) => ({ username: names.get(id) ?? `#${id}`, sums }))
    .sort((a, b) => figuresOf(b.sums).net_sales - figuresOf(a.sums).net_sales || a.username.localeCompare(b.username));
}
