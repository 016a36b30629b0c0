import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/dialect';
import { invalid } from '../errors';
import { INVALID_FORM_MESSAGE } from '../plugins/errors';
import { SORTED_SEARCH_MATCHES } from '../../schemas/crud/list';
import { afterCursor, countRows, fromResource, rowsAfterCursor, selectRows, type ListCursor, type ListPlan } from './listQuery';
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
  const kind = plan.orderBy.startsWith(prefix) ? resource.table.columns.get(plan.orderBy.slice(prefix.length)) : undefined;
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

/** One page of raw rows starting at a cursor: an indexed range, whatever the page's depth. */
export async function rowsAtCursor(
  db: Kysely<any>,
  dialect: DialectName,
  resource: Resource,
  plan: ListPlan,
  cursor: PageCursor,
  perPage: number,
): Promise<Raw[]> {
  const read = cursor.way === 'next' ? plan : reversed(plan);
  const select = selectRows(db, resource, read).select(sql.ref(plan.orderBy).as('$sort'));
  const rows = await rowsAfterCursor(select, afterCursor(resource, dialect, read, cursor), perPage);
  return cursor.way === 'next' ? rows : rows.reverse();
}

/**
 * One page by its number. A page in the list's second half is read from the end, in the reverse
 * order, so the last page costs what the first does and no number skips more than half the rows.
 * Only with an exact total: an estimate would put the end in the wrong place.
 */
export async function rowsAtPage(db: Kysely<any>, resource: Resource, plan: ListPlan, page: number, perPage: number, total: Total): Promise<Raw[]> {
  const skip = (page - 1) * perPage;
  if (total.exact && skip * 2 > total.rows && skip < total.rows) {
    const onPage = Math.min(perPage, total.rows - skip);
    const rows = await selectRows(db, resource, reversed(plan))
      .select(sql.ref(plan.orderBy).as('$sort'))
      .limit(onPage)
      .offset(total.rows - skip - onPage)
      .execute();
    return rows.reverse();
  }
  return selectRows(db, resource, plan).select(sql.ref(plan.orderBy).as('$sort')).limit(perPage).offset(skip).execute();
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
 * there the total is the planner's row estimate (pg_class.reltuples, kept by autovacuum's ANALYZE)
 * once it passes ESTIMATE_FROM_ROWS. SQLite counts a table from its smallest index, a few ms per
 * million rows: always exact.
 */
export async function listTotal(db: Kysely<any>, dialect: DialectName, resource: Resource, plan: ListPlan): Promise<Total> {
  if (dialect === 'postgres' && plan.conditions.length === 0) {
    const result = await sql<{ estimate: number | null }>`
      select reltuples::bigint as estimate from pg_class where oid = to_regclass(${resource.declaration.table})`.execute(db);
    const estimate = Number(result.rows[0]?.estimate ?? -1);
    if (estimate >= ESTIMATE_FROM_ROWS) return { rows: estimate, exact: false };
  }
  return { rows: await countRows(db, resource, plan), exact: true };
}

/**
 * A searched list's total, read without visiting more than SORTED_SEARCH_MATCHES + 1 matches: exact up to
 * the bound; past it, an estimate (`exact: false`). The matches are taken in whatever order the database
 * finds them first (a walk of the table or of the search index, both near id order), so the estimate
 * extrapolates those found over the span of ids they came from to the table's whole span of ids.
 */
export async function searchTotal(db: Kysely<any>, resource: Resource, plan: ListPlan): Promise<Total> {
  const { table } = resource.declaration;
  const id = sql.ref(`${table}.id`);
  const found = fromResource(db, resource, plan.conditions, plan.readsRelations)
    .select(id.as('id'))
    .limit(SORTED_SEARCH_MATCHES + 1);
  const row = await db
    .selectFrom(found.as('found'))
    .select([
      sql<number>`count(*)`.as('matches'),
      sql<number>`min(found.id)`.as('first'),
      sql<number>`max(found.id)`.as('last'),
      sql<number>`(select min(id) from ${sql.table(table)})`.as('tableFirst'),
      sql<number>`(select max(id) from ${sql.table(table)})`.as('tableLast'),
    ])
    .executeTakeFirst();
  const matches = Number(row?.matches ?? 0);
  if (matches <= SORTED_SEARCH_MATCHES) return { rows: matches, exact: true };
  const span = (from: unknown, to: unknown) => Number(to) - Number(from) + 1;
  return { rows: Math.max(matches, Math.round((matches * span(row?.tableFirst, row?.tableLast)) / span(row?.first, row?.last))), exact: false };
}

/** The plan in id order, newest first: how a search past the sorting bound is shown (both databases' indexes hold it). */
export function newestFirst(resource: Resource, plan: ListPlan): ListPlan {
  const orderBy = `${resource.declaration.table}.id`;
  return { ...plan, orderBy, direction: 'desc', sortKey: sql.ref(orderBy) };
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
