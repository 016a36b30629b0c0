import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DialectName } from '../db/dialect';
import { invalid } from '../errors';
import { INVALID_FORM_MESSAGE } from '../plugins/errors';
import { SORTED_SEARCH_MATCHES } from '../../schemas/crud/list';
import { afterCursor, countQuery, countRows, fromResource, prefixKey, rowsAfterCursor, selectRows, type ListCursor, type ListPlan } from './listQuery';
import { rowAtIndex } from './rowAtIndex';
import { prefixKeyColumn } from './substringIndex';
import type { Resource } from './resource';

export const BAD_CURSOR_MESSAGE = 'This page link is no longer valid. Go back to the first page.';

/**
 * Where a page of the list starts, as the list answer hands it out in next_page_url / prev_page_url:
 * the page number it leads to, which way it reads (after the last row shown or before the first), the
 * order it belongs to, and that row's sorted value and id. Opaque to the client: base64url of JSON.
 */
export interface PageCursor extends ListCursor {
  page: number;
  way: 'next' | 'prev';
  /** The plan's order ('table.column asc'): a cursor of another order is refused, not misread. */
  order: string;
}

const orderOf = (plan: ListPlan) => `${plan.orderBy} ${plan.direction}`;

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.page, cursor.way, cursor.order, cursor.sort, cursor.id])).toString('base64url');
}

const refused = () => invalid(INVALID_FORM_MESSAGE, { cursor: [BAD_CURSOR_MESSAGE] });

/** A calendar date or timestamp both databases read ('2026-01-05', '2026-01-05 10:00:00', ISO with a zone). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;

function validDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && !Number.isNaN(Date.parse(text.replace(' ', 'T')));
}

/**
 * Whether a cursor's sorted value can be compared with the sorted column without a database error
 * (PostgreSQL refuses 'abc' against a number or a timestamp): a forged cursor answers 422, never 500.
 */
function fitsColumn(resource: Resource, plan: ListPlan, value: unknown): boolean {
  if (value === null) return true;
  const prefix = `${resource.declaration.table}.`;
  // A list sorted by a joined table's column (category name) compares the cursor with that column.
  const kind = plan.orderBy.startsWith(prefix) ? resource.table.columns.get(plan.orderBy.slice(prefix.length)) : resource.table.joined?.get(plan.orderBy);
  if (typeof value === 'number') return Number.isFinite(value) && (kind === 'number' || kind === undefined);
  if (typeof value === 'boolean') return kind === 'other';
  if (typeof value !== 'string' || value.length > 1000) return false;
  if (kind === 'text') return !value.includes('\u0000');
  return kind === 'other' && validDateTime(value);
}

/** The cursor a request names, checked against the list's current order; anything else is a 422. */
export function decodeCursor(resource: Resource, plan: ListPlan, token: string): PageCursor {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!Array.isArray(parts) || parts.length !== 5) throw refused();
  const [page, way, order, sort, id] = parts as unknown[];
  if (!Number.isSafeInteger(page) || (page as number) < 1 || (page as number) > 10_000_000) throw refused();
  if (way !== 'next' && way !== 'prev') throw refused();
  if (order !== orderOf(plan)) throw refused();
  if (!Number.isSafeInteger(id) || (id as number) < 0) throw refused();
  const value = sort instanceof Object ? undefined : sort;
  if (value === undefined || !fitsColumn(resource, plan, value)) throw refused();
  return { page: page as number, way, order, sort: value, id: id as number };
}

/** The plan read the other way round: the rows before a cursor are the first rows after it backwards. */
function reversed(plan: ListPlan): ListPlan {
  return { ...plan, direction: plan.direction === 'asc' ? 'desc' : 'asc' };
}

type Raw = Record<string, unknown>;

/**
 * One page of raw rows starting at a cursor: an indexed range, whatever the page's depth. `beyond` pages past the
 * cursor's own, the way it reads (the pager's link two pages away), the rows of the pages between are read and
 * dropped: at most NARROW_SKIP_FROM of them (pagesBeyond).
 */
export async function rowsAtCursor(
  db: Kysely<any>,
  dialect: DialectName,
  resource: Resource,
  plan: ListPlan,
  cursor: PageCursor,
  perPage: number,
  beyond = 0,
): Promise<Raw[]> {
  const read = cursor.way === 'next' ? plan : reversed(plan);
  const select = selectRows(db, resource, read);
  const rows = (await rowsAfterCursor(select, afterCursor(resource, dialect, read, cursor), perPage * (beyond + 1))).slice(perPage * beyond);
  return cursor.way === 'next' ? rows : rows.reverse();
}

/**
 * How many pages past a page link's own page `page` is, the way the link reads: 0 for its own page (or none
 * asked), null for a page it does not lead to cheaply (before it, or more than NARROW_SKIP_FROM rows past it),
 * which is then read by its number.
 */
export function pagesBeyond(cursor: PageCursor, page: number | undefined, perPage: number): number | null {
  if (page === undefined) return 0;
  const beyond = cursor.way === 'next' ? page - cursor.page : cursor.page - page;
  return beyond >= 0 && beyond * perPage <= NARROW_SKIP_FROM ? beyond : null;
}

/**
 * One page by its number. A page in the list's second half is read from the end, in the reverse
 * order, so the last page costs what the first does and no number skips more than half the rows.
 * Only with an exact total: an estimate would put the end in the wrong place.
 */
export async function rowsAtPage(
  db: Kysely<any>,
  dialect: DialectName,
  resource: Resource,
  plan: ListPlan,
  page: number,
  perPage: number,
  total: Total,
): Promise<Raw[]> {
  const skip = (page - 1) * perPage;
  if (total.exact && skip * 2 > total.rows && skip < total.rows) {
    const onPage = Math.min(perPage, total.rows - skip);
    return (await rowsPastSkipped(db, dialect, resource, reversed(plan), total.rows - skip - onPage, onPage)).reverse();
  }
  return rowsPastSkipped(db, dialect, resource, plan, skip, perPage);
}

/** From this many rows skipped, a numbered page finds the row before it first (rowsPastSkipped). */
export const NARROW_SKIP_FROM = 200;

/**
 * `limit` rows of the plan after its first `skip`. An OFFSET over the list's own statement builds every row it
 * skips, joins and computed columns included: the middle of 1,000,000 products by name took 7.5 s on PostgreSQL.
 * Past NARROW_SKIP_FROM rows, the row before the page is found first without building a row (rowAtIndex.ts),
 * and the page is the rows after it, read as a page link's cursor reads them.
 */
async function rowsPastSkipped(db: Kysely<any>, dialect: DialectName, resource: Resource, plan: ListPlan, skip: number, limit: number): Promise<Raw[]> {
  if (skip < NARROW_SKIP_FROM) return selectRows(db, resource, plan).limit(limit).offset(skip).execute();
  const before = await rowAtIndex(db, dialect, resource, plan, skip - 1);
  return before ? rowsAfterCursor(selectRows(db, resource, plan), afterCursor(resource, dialect, plan, before), limit) : [];
}

export interface Total {
  rows: number;
  exact: boolean;
}

/** Above this many rows an unfiltered PostgreSQL list shows the planner's estimate instead of counting. */
export const ESTIMATE_FROM_ROWS = 100_000;

/**
 * The total of a list without a search (a searched one: searchTotal). Counting is exact whenever a
 * condition narrows the list (a filter, a scope), where the count reads only the matches through their index. The whole unfiltered table
 * is another matter on PostgreSQL: count(*) visits every row (about 40 ms per million, each page), so
 * there the total is the row count kept beside the table where it has one (orders, products), else the
 * planner's row estimate (pg_class.reltuples, kept by autovacuum's ANALYZE) once it passes
 * ESTIMATE_FROM_ROWS (unfilteredTotal). SQLite counts a table from its smallest index, a few ms per
 * million rows: always exact.
 */
export async function listTotal(db: Kysely<any>, dialect: DialectName, resource: Resource, plan: ListPlan): Promise<Total> {
  if (dialect === 'postgres' && plan.conditions.length === 0) return unfilteredTotal(db, resource, plan);
  return { rows: await countRows(db, resource, plan), exact: true };
}

/**
 * The unfiltered total on PostgreSQL, in one statement: the table's kept row count (migration 030) where it has
 * one, exact at any size; else the planner's estimate and, below ESTIMATE_FROM_ROWS, the count. The count's
 * subquery runs only when its CASE branch is taken (so a large table is not counted), and `offset 0` keeps the
 * first two read once.
 */
async function unfilteredTotal(db: Kysely<any>, resource: Resource, plan: ListPlan): Promise<Total> {
  const { table } = resource.declaration;
  const result = await sql<{ kept: string | null; estimate: string; counted: string | null }>`
    select e.kept, e.estimate,
      case when e.kept is not null or e.estimate >= ${ESTIMATE_FROM_ROWS} then null else (${countQuery(db, resource, plan)}) end as counted
    from (
      select (select sum(delta) from row_count_deltas where table_name = ${table})::bigint as kept,
        coalesce((select reltuples::bigint from pg_class where oid = to_regclass(${table})), -1) as estimate
      offset 0) as e`.execute(db);
  const row = result.rows[0]!;
  if (row.kept !== null) return { rows: Number(row.kept), exact: true };
  return row.counted === null ? { rows: Number(row.estimate), exact: false } : { rows: Number(row.counted), exact: true };
}

/** How many windows of ids, and how wide, a broad prefix search's total is estimated from. */
const SAMPLE_WINDOWS = 20;
const SAMPLE_WINDOW_IDS = 100;

/**
 * A searched list's total, read without visiting more than SORTED_SEARCH_MATCHES + 1 matches: exact up to
 * the bound; past it, an estimate (`exact: false`). Most searches find their matches in near id order (a
 * walk of the table, or of a trigram index's rowids), so the estimate extrapolates those found over the span
 * of ids they came from to the table's whole span. A prefix search finds them in its key's order, spread
 * over all the ids whatever their number: there the estimate is the matches among windows of ids spread
 * evenly over the span, scaled to it (prefixSample). Not for every search: a contains search on SQLite
 * reads its trigram candidates whole to test a window's ids against them (150–250 ms for 'Oak' at 1,000,000
 * products), where the matches found first cost nothing more.
 */
export async function searchTotal(db: Kysely<any>, dialect: DialectName, resource: Resource, plan: ListPlan): Promise<Total> {
  const { table } = resource.declaration;
  const id = sql.ref(`${table}.id`);
  const column = prefixKeyColumn(resource.declaration, resource.table.columns);
  const matching = fromResource(db, resource, plan.conditions, plan.readsRelations)
    .select(id.as('id'))
    .limit(SORTED_SEARCH_MATCHES + 1);
  // In the key's order, so PostgreSQL walks the key's index and stops at the bound, where its estimate of the
  // prefix's rows (12,500 for 1,111,111) chose a bitmap of the whole range: 3.8 ms against 121 ms.
  const found = column === null ? matching : matching.orderBy(prefixKey(dialect, sql.ref(`${table}.${column}`)));
  const row = await db
    .selectFrom(found.as('found'))
    .select([
      sql<number>`count(*)`.as('matches'),
      sql<number>`min(found.id)`.as('foundFirst'),
      sql<number>`max(found.id)`.as('foundLast'),
      sql<number>`(select min(id) from ${sql.table(table)})`.as('first'),
      sql<number>`(select max(id) from ${sql.table(table)})`.as('last'),
    ])
    .executeTakeFirst();
  const matches = Number(row?.matches ?? 0);
  if (matches <= SORTED_SEARCH_MATCHES) return { rows: matches, exact: true };
  const first = Number(row?.first);
  const span = Number(row?.last) - first + 1;
  const estimate =
    column !== null ? await prefixSample(db, resource, plan, first, span) : (matches * span) / (Number(row?.foundLast) - Number(row?.foundFirst) + 1);
  return { rows: Math.max(matches, Math.round(estimate)), exact: false };
}

/** The matches among SAMPLE_WINDOWS windows of ids spread evenly over the table's span, scaled to the span. */
async function prefixSample(db: Kysely<any>, resource: Resource, plan: ListPlan, first: number, span: number): Promise<number> {
  const id = sql.ref(`${resource.declaration.table}.id`);
  const windows = Array.from({ length: SAMPLE_WINDOWS }, (_, index) => {
    const from = first + Math.floor((index * span) / SAMPLE_WINDOWS);
    return sql<SqlBool>`${id} between ${from} and ${from + SAMPLE_WINDOW_IDS - 1}`;
  });
  // The windows' rows are read by their ids and the list's conditions tested on each (an aggregate's filter):
  // with the conditions in the WHERE, SQLite read the prefix's whole index range instead (220 ms for 1,111,111
  // matches), and an EXISTS per id cost PostgreSQL a parallel worker (13 ms); 2 and 0.7 ms this way.
  const sampled = await fromResource(db, resource, [sql<SqlBool>`(${sql.join(windows, sql` or `)})`], plan.readsRelations)
    .select(sql<number>`count(*) filter (where ${sql.join(plan.conditions, sql` and `)})`.as('hits'))
    .executeTakeFirst();
  // More than 2,000 matches span more than 2,000 ids, so the windows never overlap.
  return (Number(sampled?.hits ?? 0) * span) / (SAMPLE_WINDOWS * SAMPLE_WINDOW_IDS);
}

/**
 * How a search past the sorting bound is shown: in the order of the index that finds its matches, so the page
 * is the first rows of one index range. A prefix search reads its key's index, last first (an order code's
 * day comes first, so that is newest first too); any other search, id order, newest first. Newest first
 * over a prefix search walked the ids past every row the prefix misses: 500,000 of them for 'RB-1' among
 * 2,500,000 orders whose newest 500,000 are 'RB-2…'.
 */
export function broadOrder(resource: Resource, dialect: DialectName, plan: ListPlan): ListPlan {
  const { table } = resource.declaration;
  const column = prefixKeyColumn(resource.declaration, resource.table.columns);
  if (column === null) return { ...plan, orderBy: `${table}.id`, direction: 'desc', sortKey: sql.ref(`${table}.id`), cursorKey: sql.ref(`${table}.id`) };
  const key = prefixKey(dialect, sql.ref(`${table}.${column}`));
  return { ...plan, orderBy: `${table}.${column}`, direction: 'desc', sortKey: key, cursorKey: key };
}

/** Whether the plan's order is one its search's index already holds, so it is kept past the sorting bound. */
export function indexOrdered(resource: Resource, plan: ListPlan): boolean {
  const { table } = resource.declaration;
  const keyColumn = prefixKeyColumn(resource.declaration, resource.table.columns);
  return plan.orderBy === `${table}.id` || (keyColumn !== null && plan.orderBy === `${table}.${keyColumn}`);
}

/** The cursors of the pages around one page of rows, as page-link parameters. */
export function cursorsAround(plan: ListPlan, page: number, rows: readonly Raw[]): { next: string | null; prev: string | null } {
  const first = rows[0];
  const last = rows[rows.length - 1];
  const order = orderOf(plan);
  return {
    next: last ? encodeCursor({ page: page + 1, way: 'next', order, sort: last.$sort ?? null, id: Number(last.$id) }) : null,
    prev: first && page > 1 ? encodeCursor({ page: page - 1, way: 'prev', order, sort: first.$sort ?? null, id: Number(first.$id) }) : null,
  };
}
