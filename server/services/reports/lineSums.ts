import { sql, type RawBuilder } from 'kysely';
import type { LineSums } from '../../../schemas/reports';
import type { Database } from '../../db';
import { closedSale, int, type Span } from './spans';

/**
 * Line figures read from the orders' rows. The reports read the day summaries (summary/sums.ts) and only
 * `ranked` from here; these reads are what the summaries must equal (tests/api/reportsOracle.ts).
 */

/** What the lines are grouped by: the selling vendor's number, the product's category, the line's name. */
export type LineGroup = 'vendor' | 'category' | 'item';

const GROUP_KEY: Record<LineGroup, RawBuilder<unknown>> = {
  vendor: sql`op.vendor_id`,
  category: sql`p.category_id`,
  item: sql`op.name`,
};

/** The products join only the category grouping needs (the product's category today). */
const productJoin = (groups: readonly LineGroup[]) => (groups.includes('category') ? sql`left join products p on p.id = op.product_id` : sql``);

type Key = string | number | null;

export interface GroupSums extends LineSums {
  key: Key;
}

/**
 * The line figures of each combination of `groups` over one span: the lines of closed sales made in it, and
 * the refunded lines of refunds given in it (their net refunded price).
 */
async function groupedLineSums(database: Database, groups: readonly LineGroup[], span: Span): Promise<Array<{ keys: Key[] } & LineSums>> {
  const keys = sql.join(groups.map((group, index) => sql`${GROUP_KEY[group]} as ${sql.ref(`k${index}`)}`));
  const groupBy = sql.join(groups.map((group) => GROUP_KEY[group]));
  const [sold, refunded] = await Promise.all([
    sql<Record<string, unknown>>`
      select ${keys}, sum(op.quantity) as quantity, sum(op.total_price + op.discount) as gross, sum(op.discount + op.order_discount) as discounts
      from orders o join order_products op on op.order_id = o.id ${productJoin(groups)}
      where o.created_at >= ${span.from} and o.created_at < ${span.until} and ${closedSale()}
      group by ${groupBy}`.execute(database.db),
    sql<Record<string, unknown>>`
      select ${keys}, sum(rp.total_price) as refunds
      from order_refunds r cross join orders o
      join order_refunded_products rp on rp.order_refund_id = r.id
      join order_products op on op.id = rp.order_product_id ${productJoin(groups)}
      where o.id = r.order_id and r.created_at >= ${span.from} and r.created_at < ${span.until} and ${closedSale()}
      group by ${groupBy}`.execute(database.db),
  ]);
  const combinations = new Map<string, { keys: Key[] } & LineSums>();
  const entry = (row: Record<string, unknown>) => {
    const values = groups.map((_group, index) => (row[`k${index}`] ?? null) as Key);
    const id = JSON.stringify(values);
    if (!combinations.has(id)) combinations.set(id, { keys: values, quantity: 0, gross: 0, discounts: 0, refunds: 0 });
    return combinations.get(id)!;
  };
  for (const row of sold.rows) Object.assign(entry(row), { quantity: Number(row.quantity ?? 0), gross: int(row.gross), discounts: int(row.discounts) });
  for (const row of refunded.rows) entry(row).refunds = int(row.refunds);
  return [...combinations.values()];
}

/** Folds combinations onto their `position`-th key, ordered by net sales, largest first. */
export function ranked(rows: ReadonlyArray<{ keys: Key[] } & LineSums>, position: number, limit?: number): GroupSums[] {
  const groups = new Map<string, GroupSums>();
  for (const row of rows) {
    const key = row.keys[position] ?? null;
    const id = key === null ? '' : String(key);
    const sums = groups.get(id) ?? groups.set(id, { key, quantity: 0, gross: 0, discounts: 0, refunds: 0 }).get(id)!;
    sums.quantity += row.quantity;
    sums.gross += row.gross;
    sums.discounts += row.discounts;
    sums.refunds += row.refunds;
  }
  const net = (sums: GroupSums) => sums.gross - sums.discounts - sums.refunds;
  const ordered = [...groups.values()].sort((a, b) => net(b) - net(a) || String(a.key ?? '').localeCompare(String(b.key ?? '')));
  return limit === undefined ? ordered : ordered.slice(0, limit);
}

/** The line figures of each group over one span, ordered by net sales, largest first. */
export async function lineSumsBy(database: Database, group: LineGroup, span: Span, limit?: number): Promise<GroupSums[]> {
  return ranked(await groupedLineSums(database, [group], span), 0, limit);
}

/** Two groupings of the same span from one read of its lines (the dashboard's top vendors and top items). */
export async function lineSumsByBoth(
  database: Database,
  groups: readonly [LineGroup, LineGroup],
  span: Span,
  limit?: number,
): Promise<[GroupSums[], GroupSums[]]> {
  const rows = await groupedLineSums(database, groups, span);
  return [ranked(rows, 0, limit), ranked(rows, 1, limit)];
}
