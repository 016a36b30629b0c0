import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { API_PREFIX } from '../plugins/access';
import type { SessionUser } from '../services/sessions';
import { DEFAULT_PER_PAGE, SORTED_SEARCH_MATCHES, type ListAnswer, type ListQuery } from '../../schemas/crud/list';
import { rowActionsFor } from './actions';
import { BULK_PAGE_ROWS, inBulkTurn } from './bulkTurns';
import { broadOrder, cursorsAround, decodeCursor, indexOrdered, listTotal, pagesBeyond, rowsAtCursor, rowsAtPage, searchTotal, type Total } from './keyset';
import { planList, type ListPlan } from './listQuery';
import { moneyColumns, type Resource } from './resource';
import { toListRow } from './rows';
import { pagedAnswer } from '../services/paged';
import { storeTimeZone } from '../services/options';

/**
 * GET …: one page of rows of spec 01 §3, exactly its keys. A page above the selector's sizes (ALL, up to
 * 1,000 rows) is read and built as a bulk turn (bulkTurns.ts), so such pages back to back leave time
 * to the other requests.
 */
export async function listAnswer(database: Database, resource: Resource, user: SessionUser, query: ListQuery): Promise<ListAnswer> {
  // The zone only places a date filter's days: a list without filters does not wait for its read.
  const timeZone = query.queryFilters?.trim() ? await storeTimeZone(database.db) : null;
  const plan = planList(resource, { dialect: database.dialect, user, timeZone }, query);
  const answer = () => pageAnswer(database, resource, user, query, plan);
  return (query.per_page ?? DEFAULT_PER_PAGE) > BULK_PAGE_ROWS ? inBulkTurn(answer) : answer();
}

async function pageAnswer(database: Database, resource: Resource, user: SessionUser, query: ListQuery, sorted: ListPlan): Promise<ListAnswer> {
  const db = database.db as unknown as Kysely<any>;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  // A search is counted up to a bound first: past it the matches are too many to sort, and are shown in the order
  // of the index that finds them (broadOrder).
  const searched = sorted.searched ? await searchTotal(db, database.dialect, resource, sorted) : null;
  const broad = searched !== null && !searched.exact && !indexOrdered(resource, sorted);
  const plan = broad ? broadOrder(resource, database.dialect, sorted) : sorted;
  // A cursor (from the previous answer's page links) names the page it leads to; it also serves a page a few
  // pages further the way it reads (pagesBeyond), and a page it does not lead to cheaply is read by its number.
  const linked = query.cursor ? decodeCursor(resource, plan, query.cursor) : null;
  const beyond = linked ? pagesBeyond(linked, query.page, perPage) : null;
  const cursor = beyond === null ? null : linked;
  const page = query.page ?? cursor?.page ?? 1;
  const counting = searched ? Promise.resolve(searched) : listTotal(db, database.dialect, resource, plan);
  // A numbered page waits for the total (a late page is read from the end); a cursor's page and the first
  // page do not: on PostgreSQL their rows are read on another connection while the matches are counted.
  const [total, raws] = cursor
    ? await Promise.all([counting, rowsAtCursor(db, database.dialect, resource, plan, cursor, perPage, beyond ?? 0)])
    : page === 1
      ? await Promise.all([counting, rowsAtPage(db, database.dialect, resource, plan, 1, perPage, { rows: 0, exact: false })])
      : await counting.then(async (total) => [total, await rowsAtPage(db, database.dialect, resource, plan, page, perPage, total)] as const);
  const actions = rowActionsFor(resource.declaration, user.role);
  const money = moneyColumns(resource);
  const keys = Object.keys(resource.declaration.columns);
  const path = `${API_PREFIX}/crud/${resource.declaration.namespace}`;
  // Page links keep the query (sort, search, filters, page size) so following them shows the same list.
  const { active, direction, search, queryFilters, per_page } = query;
  const answer = pagedAnswer(
    raws.map((raw) => toListRow(resource, raw, actions, money, keys)),
    {
      page,
      perPage,
      total: settledTotal(total, page, perPage, raws.length, cursor?.way !== 'prev'),
      path,
      params: { active, direction, search, queryFilters, per_page },
    },
  );
  // The links to the next and previous pages carry their cursor, so following them reads an index range.
  const around = cursorsAround(plan, page, raws);
  if (answer.next_page_url && around.next) answer.next_page_url += `&cursor=${around.next}`;
  if (answer.prev_page_url && around.prev) answer.prev_page_url += `&cursor=${around.prev}`;
  if (!broad) return answer;
  // The declared column the prefix search reads, when its index gave the order (broadOrder).
  const byKey = plan.orderBy === `${resource.declaration.table}.id` ? {} : { broad_order: resource.declaration.search[0] };
  return { ...answer, broad_search: SORTED_SEARCH_MATCHES, ...byKey };
}

/**
 * The total the answer gives. An estimate is corrected by the page just read: a page read forwards that is not
 * full is the list's end, so the pager stops there; a full page at or past the estimated end means more follow,
 * so the answer keeps a next page.
 */
function settledTotal(total: Total, page: number, perPage: number, rows: number, forwards: boolean): number {
  if (total.exact) return total.rows;
  if (forwards && rows < perPage) return (page - 1) * perPage + rows;
  return Math.max(total.rows, page * perPage + (rows === perPage ? 1 : 0));
}
