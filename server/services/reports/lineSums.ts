import { sql, type RawBuilder } from 'kysely';
import type { LineSums } from '../../../schemas/reports';
import type { Database } from '../../db';
import { closedSale, int, type Span } from './spans';

/** What the lines are grouped by: the selling vendor's number, the product's category, the line's name. */
export type LineGroup = 'vendor' | 'category' | 'item';

const GROUP_KEY: Record<LineGroup, RawBuilder<unknown>> = {
  vendor: sql`op.vendor_id`,
  category: sql`p.category_id`,
  item: sql`op.name`,
};

/** The products join only the category grouping needs (the product's category today). */
const productJoin = (group: LineGroup) => (group === 'category' ? sql`left join products p on p.id = op.product_id` : sql``);

export interface GroupSums extends LineSums {
  key: string | number | null;
}

/**
 * The line figures of each group over one span: the lines of closed sales made in it, and the refunded
 * lines of refunds given in it (their net refunded price). Ordered by net sales, largest first.
 */
export async function lineSumsBy(database: Database, group: LineGroup, span: Span, limit?: number): Promise<GroupSums[]> {
  const key = GROUP_KEY[group];
  const [sold, refunded] = await Promise.all([
    sql<{ group_key: string | number | null; quantity: unknown; gross: unknown; discounts: unknown }>`
      select ${key} as group_key, sum(op.quantity) as quantity, sum(op.total_price + op.discount) as gross, sum(op.discount + op.order_discount) as discounts
      from orders o join order_products op on op.order_id = o.id ${productJoin(group)}
      where o.created_at >= ${span.from} and o.created_at < ${span.until} and ${closedSale()}
      group by ${key}`.execute(database.db),
    sql<{ group_key: string | number | null; refunds: unknown }>`
      select ${key} as group_key, sum(rp.total_price) as refunds
      from order_refunds r cross join orders o
      join order_refunded_products rp on rp.order_refund_id = r.id
      join order_products op on op.id = rp.order_product_id ${productJoin(group)}
      where o.id = r.order_id and r.created_at >= ${span.from} and r.created_at < ${span.until} and ${closedSale()}
      group by ${key}`.execute(database.db),
  ]);
  const groups = new Map<string, GroupSums>();
  const entry = (value: string | number | null) => {
    const id = value === null ? '' : String(value);
    if (!groups.has(id)) groups.set(id, { key: value === null ? null : value, quantity: 0, gross: 0, discounts: 0, refunds: 0 });
    return groups.get(id)!;
  };
  for (const row of sold.rows)
    Object.assign(entry(row.group_key), { quantity: Number(row.quantity ?? 0), gross: int(row.gross), discounts: int(row.discounts) });
  for (const row of refunded.rows) entry(row.group_key).refunds = int(row.refunds);
  const net = (sums: GroupSums) => sums.gross - sums.discounts - sums.refunds;
  const ordered = [...groups.values()].sort((a, b) => net(b) - net(a) || String(a.key ?? '').localeCompare(String(b.key ?? '')));
  return limit === undefined ? ordered : ordered.slice(0, limit);
}
