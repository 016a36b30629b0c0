import { sql, type AliasedRawBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DialectName } from '../db/dialect';
import { invalid } from '../errors';
import { INVALID_FORM_MESSAGE } from '../plugins/errors';
import type { SessionUser } from '../services/sessions';
import type { ListQuery } from '../../schemas/crud/list';
import { accessConditions } from './access';
import { filterConditions } from './filters';
import { columnRef, ownColumn, type Operation, type Resource } from './resource';
import { ftsCandidates, indexedSearchColumns, MIN_INDEXED_TERM, prefixKeyColumn } from './substringIndex';

export const UNSORTABLE_MESSAGE = 'The list cannot be sorted by this column.';

/** Which rows, in which order: everything but paging. */
export interface ListPlan {
  conditions: RawBuilder<SqlBool>[];
  /** Whether a condition reads a joined table; counting can skip the joins otherwise. */
  readsRelations: boolean;
  /** Whether a search term is among the conditions (its matches are counted and sorted up to a bound). */
  searched: boolean;
  orderBy: string;
  direction: 'asc' | 'desc';
  /** What the rows are ordered by: the sorted column, or the same values through an expression (sortKey). */
  sortKey: RawBuilder<unknown>;
  /** The sorted value a cursor holds and is compared on: the column, or the key its index holds (prefixKey). */
  cursorKey: RawBuilder<unknown>;
}

type Select = SelectQueryBuilder<any, any, any>;

/** Escapes LIKE wildcards so a search for '%' or '_' finds those characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Who is asking, for the scope that depends on the caller. */
export interface Caller {
  user: SessionUser;
  dialect: DialectName;
  /** The store's time zone: date-range filters are business days on its calendar. Null when the list has no filters. */
  timeZone: string | null;
}

/**
 * Rows of the declared scope, of the caller's hook scope and of the role's access filter for each of
 * `actions` (access.ts): every query of the resource starts here.
 */
export function scopeConditions(resource: Resource, caller: Pick<Caller, 'user' | 'dialect'>, actions: readonly Operation[] = ['read']): RawBuilder<SqlBool>[] {
  const { table, scope = [] } = resource.declaration;
  const declared = scope.map((rule) =>
    rule.operator === 'is not null'
      ? sql<SqlBool>`${sql.ref(`${table}.${rule.column}`)} is not null`
      : sql<SqlBool>`${sql.ref(`${table}.${rule.column}`)} = ${rule.value ?? null}`,
  );
  return [
    ...declared,
    ...(resource.hooks.scope?.({ ...caller, declaration: resource.declaration }) ?? []),
    ...accessConditions(resource, caller.user, actions),
  ];
}

/**
 * What a prefix search over an own text column compares, and what that column's search index holds (tableSync.ts):
 * on PostgreSQL lower() in the "C" collation, where one btree serves both the LIKE's range and an order by
 * the key; on SQLite the column in NOCASE, whose index serves the case-insensitive LIKE and the same order.
 */
export function prefixKey(dialect: DialectName, ref: RawBuilder<unknown>): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`(lower(${ref}) collate "C")` : sql`(${ref} collate nocase)`;
}

/**
 * Case-insensitive search over the declared search columns only. PostgreSQL compares lower() on
 * both sides (a pg_trgm index on lower(column) serves 'contains', the prefix key's index a prefix); SQLite's
 * LIKE already ignores ASCII case and can then use a NOCASE index for prefixes, and an FTS5 trigram table
 * narrows 'contains'.
 */
function searchCondition(resource: Resource, dialect: DialectName, search: string | undefined): RawBuilder<SqlBool> | null {
  const term = search?.trim() ?? '';
  const { declaration } = resource;
  if (term === '' || declaration.search.length === 0) return null;
  const escaped = escapeLike(term);
  const pattern = declaration.searchMode === 'prefix' ? `${escaped}%` : `%${escaped}%`;
  const matches = declaration.search.map((name) => {
    const ref = sql.ref(columnRef(declaration, name));
    if (dialect === 'sqlite') return sql<SqlBool>`${ref} like ${pattern} escape '\\'`;
    const own = ownColumn(declaration, name);
    const text = own !== null && resource.table.columns.get(own) === 'text';
    const compared = !text ? sql`lower(cast(${ref} as text))` : declaration.searchMode === 'prefix' ? prefixKey(dialect, ref) : sql`lower(${ref})`;
    return sql<SqlBool>`${compared} like ${pattern.toLowerCase()} escape '\\'`;
  });
  const exact = sql<SqlBool>`(${sql.join(matches, sql` or `)})`;
  const candidates = dialect === 'sqlite' && declaration.searchMode !== 'prefix' ? ftsCandidates(declaration.table, resource.searchIndex, term) : null;
  return candidates ? sql<SqlBool>`(${candidates} and ${exact})` : exact;
}

function sortOf(resource: Resource, query: ListQuery): Pick<ListPlan, 'orderBy' | 'direction'> {
  const { declaration } = resource;
  const active = query.active ?? '';
  if (active !== '') {
    if (!declaration.columns[active]?.sortable) throw invalid(INVALID_FORM_MESSAGE, { active: [UNSORTABLE_MESSAGE] });
    return { orderBy: columnRef(declaration, active), direction: query.direction === 'desc' ? 'desc' : 'asc' };
  }
  if (declaration.defaultSort) {
    return { orderBy: columnRef(declaration, declaration.defaultSort.column), direction: declaration.defaultSort.direction };
  }
  return { orderBy: `${declaration.table}.id`, direction: 'desc' };
}

/**
 * The page's order. PostgreSQL plans a LIMIT over a filtered sort index as if the matches were spread
 * evenly through it, so a contains search whose matches sort late ('Oak' after seven other first words)
 * walks most of the index, row by row, before it has a page. Ordering by the same values through an
 * expression no index holds (`|| ''` on text, `+ 0` on numbers: same order, NULLs where they were) makes it
 * take the search index's matches and keep the page's top rows (a top-N sort): bounded by the number of
 * matches, however they sort. Without a searched term the sort index serves the page as before.
 */
function sortKeyOf(resource: Resource, dialect: DialectName, term: string, orderBy: string): Pick<ListPlan, 'sortKey' | 'cursorKey'> {
  const ref = sql.ref(orderBy);
  const { declaration, table } = resource;
  // Sorted by the prefix-searched column: by its key, so its search index gives the order and the cursor's range.
  const keyColumn = prefixKeyColumn(declaration, table.columns);
  if (keyColumn !== null && orderBy === `${declaration.table}.${keyColumn}`) return { sortKey: prefixKey(dialect, ref), cursorKey: prefixKey(dialect, ref) };
  const indexed = [...term].length >= MIN_INDEXED_TERM && indexedSearchColumns(declaration, table.columns) !== null;
  if (dialect !== 'postgres' || !indexed || !orderBy.startsWith(`${declaration.table}.`)) return { sortKey: ref, cursorKey: ref };
  const kind = table.columns.get(orderBy.slice(declaration.table.length + 1));
  if (kind === 'text') return { sortKey: sql`(${ref} || '')`, cursorKey: ref };
  if (kind === 'number') return { sortKey: sql`(${ref} + 0)`, cursorKey: ref };
  return { sortKey: ref, cursorKey: ref };
}

/** Checks the query against the declaration and answers the plan; bad sort or filters answer 422. */
export function planList(resource: Resource, caller: Caller, query: ListQuery, entries?: readonly number[]): ListPlan {
  const { dialect } = caller;
  const conditions = [...scopeConditions(resource, caller), ...filterConditions(resource, query.queryFilters, caller.timeZone)];
  const search = searchCondition(resource, dialect, query.search);
  if (search) conditions.push(search);
  const { declaration } = resource;
  const searched = search ? declaration.search : [];
  const filtered = query.queryFilters ? (declaration.queryFilters ?? []).map((filter) => filter.name) : [];
  const readsRelations = [...searched, ...filtered].some((name) => ownColumn(declaration, name) === null);
  if (entries) {
    const id = sql.ref(`${resource.declaration.table}.id`);
    // One bound parameter whatever the number of ids: both dialects unpack a JSON array.
    conditions.push(
      dialect === 'postgres'
        ? sql<SqlBool>`${id} in (select value::bigint from json_array_elements_text(${JSON.stringify(entries)}::json))`
        : sql<SqlBool>`${id} in (select value from json_each(${JSON.stringify(entries)}))`,
    );
  }
  const sort = sortOf(resource, query);
  return { conditions, readsRelations, searched: search !== null, ...sort, ...sortKeyOf(resource, dialect, query.search?.trim() ?? '', sort.orderBy) };
}

/** The resource's table with its declared many-to-one joins and the plan's conditions. */
export function fromResource(db: Kysely<any>, resource: Resource, conditions: readonly RawBuilder<SqlBool>[], withRelations = true): Select {
  const { table } = resource.declaration;
  const relations = withRelations ? (resource.declaration.relations ?? []) : [];
  let query: Select = db.selectFrom(table);
  for (const relation of relations) {
    query = query.leftJoin(`${relation.table} as ${relation.as}`, `${relation.as}.${relation.foreignColumn ?? 'id'}`, `${table}.${relation.localColumn}`);
  }
  for (const condition of conditions) query = query.where(condition);
  return query;
}

/** The selected page of rows: the row id as $id, created_at, every declared column by its key, and the cursor's value as $sort. */
export function selectRows(db: Kysely<any>, resource: Resource, plan: ListPlan): Select {
  const { table, columns } = resource.declaration;
  const selections: AliasedRawBuilder<unknown, string>[] = [sql.ref(`${table}.id`).as('$id')];
  if (resource.table.columns.has('created_at')) selections.push(sql.ref(`${table}.created_at`).as('$created_at'));
  for (const key of Object.keys(columns)) selections.push(sql.ref(columnRef(resource.declaration, key)).as(key));
  selections.push(plan.cursorKey.as('$sort'));
  return (
    fromResource(db, resource, plan.conditions)
      .select(selections)
      .orderBy(plan.sortKey, plan.direction)
      // A unique tie-breaker keeps pages stable when many rows share the sorted value.
      .orderBy(sql.ref(`${table}.id`), plan.direction)
  );
}

/** Where a batch of the list ended: the last row's sorted value and id. */
export interface ListCursor {
  sort: unknown;
  id: number;
}

/**
 * The rows after `cursor` in the plan's order (keyset paging): a batch starts where the last one
 * ended with an indexed range instead of an OFFSET that rereads every earlier row. NULLs sort first
 * in SQLite's ascending order and last in PostgreSQL's, so where they fall depends on both. Answered as
 * the ranges that follow each other in that order, to be read one after the other (rowsAfterCursor):
 * joined by OR they were one condition no index range serves, and a deep page of a million rows walked
 * the sort index from its start (230 ms on SQLite for the middle of 2,500,000 orders).
 */
export function afterCursor(resource: Resource, dialect: DialectName, plan: ListPlan, cursor: ListCursor): RawBuilder<SqlBool>[] {
  const id = sql.ref(`${resource.declaration.table}.id`);
  const sort = plan.cursorKey;
  const after = sql.raw(plan.direction === 'asc' ? '>' : '<');
  if (plan.orderBy === `${resource.declaration.table}.id`) return [sql<SqlBool>`${id} ${after} ${cursor.id}`];
  const nullsFirst = (dialect === 'sqlite') === (plan.direction === 'asc');
  if (cursor.sort === null || cursor.sort === undefined) {
    const laterNull = sql<SqlBool>`(${sort} is null and ${id} ${after} ${cursor.id})`;
    return nullsFirst ? [laterNull, sql<SqlBool>`${sort} is not null`] : [laterNull];
  }
  // A row value comparison is one range on a (column, id) index; NULL columns never satisfy it.
  const later = sql<SqlBool>`(${sort}, ${id}) ${after} (${cursor.sort}, ${cursor.id})`;
  return nullsFirst ? [later] : [later, sql<SqlBool>`${sort} is null`];
}

/** Up to `limit` rows of `select` (ordered as the plan) after a cursor: each of its ranges read in turn until the limit is reached. */
export async function rowsAfterCursor(select: Select, ranges: readonly RawBuilder<SqlBool>[], limit: number): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (const range of ranges) {
    if (rows.length >= limit) break;
    rows.push(
      ...(await select
        .where(range)
        .limit(limit - rows.length)
        .execute()),
    );
  }
  return rows;
}

/** The statement counting the plan's rows (as `count`). */
export function countQuery(db: Kysely<any>, resource: Resource, plan: ListPlan) {
  // Many-to-one left joins never change the count: they are only needed when a condition reads them.
  return fromResource(db, resource, plan.conditions, plan.readsRelations).select(sql<number>`count(*)`.as('count'));
}

export async function countRows(db: Kysely<any>, resource: Resource, plan: ListPlan): Promise<number> {
  const row = await countQuery(db, resource, plan).executeTakeFirst();
  return Number(row?.count ?? 0);
}
