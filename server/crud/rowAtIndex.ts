import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/dialect';
import { fromResource, type ListCursor, type ListPlan } from './listQuery';
import type { Resource } from './resource';

/** The table whose kept row count is kept per day of a column on PostgreSQL (migration 033). */
const DAY_COUNTED = { table: 'orders', column: 'created_at' } as const;

/**
 * The sorted value and id of the row `index` rows from the start of the plan's list (0 is the first), found
 * without building a row, for a numbered page deep in the list to read on from; null when no row is that far.
 * The orders newest or oldest first, unfiltered, on PostgreSQL: from their per-day counts (rowByDayCounts).
 * Any other list: by skipping over the sort key and id alone, the sort index without the joins the conditions
 * and the order do not need (the middle of 1,000,000 products by name: 71 ms on PostgreSQL, where an OFFSET
 * over the list's own statement built every row it skipped and took 7.5 s).
 */
export async function rowAtIndex(db: Kysely<any>, dialect: DialectName, resource: Resource, plan: ListPlan, index: number): Promise<ListCursor | null> {
  if (countedByDay(dialect, resource, plan)) {
    const placed = await rowByDayCounts(db, plan, index);
    if (placed !== undefined) return placed;
  }
  const { table } = resource.declaration;
  const id = sql.ref(`${table}.id`);
  const relations = plan.readsRelations || !plan.orderBy.startsWith(`${table}.`);
  const row = await fromResource(db, resource, plan.conditions, relations)
    .select([plan.cursorKey.as('sort'), id.as('id')])
    .orderBy(plan.sortKey, plan.direction)
    .orderBy(id, plan.direction)
    .limit(1)
    .offset(index)
    .executeTakeFirst();
  return row ? { sort: row.sort ?? null, id: Number(row.id) } : null;
}

/**
 * Whether the per-day counts place every row of this list: PostgreSQL, the orders sorted by the counted column,
 * and no condition at all (no filter, search or scope), so that every counted row is listed.
 */
function countedByDay(dialect: DialectName, resource: Resource, plan: ListPlan): boolean {
  const { table, column } = DAY_COUNTED;
  return dialect === 'postgres' && plan.conditions.length === 0 && resource.declaration.table === table && plan.orderBy === `${table}.${column}`;
}

/**
 * The row `index` rows from the start of a list countedByDay: the day that holds it is found by adding up the
 * days' counts in the plan's order, and only that day's orders are skipped (about 3,400 in the bench's store,
 * where the walk of the sort index skipped up to half the table: 1,250,000 entries, 75–160 ms p95, at 2,500,000
 * orders). The counts are exact for the rows a statement sees; an order committed between the two statements
 * moves the page by that one order, as it can between a page and its total. Undefined when the days do not hold
 * every count (`undated`): the walk serves the page then, as it did before migration 033.
 */
async function rowByDayCounts(db: Kysely<any>, plan: ListPlan, index: number): Promise<ListCursor | null | undefined> {
  const { table, column } = DAY_COUNTED;
  const order = sql.raw(plan.direction);
  // `above` is the next day up that holds rows: the day's rows are those from its date up to that one's. `undated`
  // is what the counts hold for no day: only an app server of a version before migration 033 folds the days into
  // it (a store migrated while another server still ran), and the days no longer place every row.
  const days = await sql<{ undated: string; day: string | null; above: string | null; before: string | null }>`
    select undated.n as undated, placed.day, placed.above, placed.before
    from (select coalesce(sum(delta), 0) as n from row_count_deltas where table_name = ${table} and bucket = '') as undated
    left join (
      select day, n, lead(day) over (order by day asc) as above,
        coalesce(sum(n) over (order by day ${order} rows between unbounded preceding and 1 preceding), 0) as before
      from (select bucket as day, sum(delta) as n from row_count_deltas where table_name = ${table} and bucket <> '' group by bucket) as counted
      where n > 0
    ) as placed on placed.before <= ${index} and placed.before + placed.n > ${index}`.execute(db);
  const found = days.rows[0];
  if (!found || Number(found.undated) !== 0) return undefined;
  if (found.day === null) return null;
  const sorted = sql.ref(`${table}.${column}`);
  const id = sql.ref(`${table}.id`);
  let rows = db
    .selectFrom(table)
    .select([plan.cursorKey.as('sort'), id.as('id')])
    .where(sorted, '>=', found.day);
  if (found.above !== null) rows = rows.where(sorted, '<', found.above);
  const row = await rows
    .orderBy(plan.sortKey, plan.direction)
    .orderBy(id, plan.direction)
    .limit(1)
    .offset(index - Number(found.before))
    .executeTakeFirst();
  return row ? { sort: row.sort ?? null, id: Number(row.id) } : null;
}
