import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { API_PREFIX } from '../plugins/access';
import type { SessionUser } from '../services/sessions';
import { DEFAULT_PER_PAGE, type ListAnswer, type ListQuery } from '../../schemas/crud/list';
import { rowActionsFor } from './actions';
import { BULK_PAGE_ROWS, inBulkTurn } from './bulkTurns';
import { countRows, planList, selectRows, type ListPlan } from './listQuery';
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
  const plan = planList(resource, { dialect: database.dialect, user, timeZone: await storeTimeZone(database.db) }, query);
  const answer = () => pageAnswer(database, resource, user, query, plan);
  return (query.per_page ?? DEFAULT_PER_PAGE) > BULK_PAGE_ROWS ? inBulkTurn(answer) : answer();
}

async function pageAnswer(database: Database, resource: Resource, user: SessionUser, query: ListQuery, plan: ListPlan): Promise<ListAnswer> {
  const db = database.db as unknown as Kysely<any>;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const page = query.page ?? 1;
  const [total, raws] = await Promise.all([
    countRows(db, resource, plan),
    selectRows(db, resource, plan)
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  const actions = rowActionsFor(resource.declaration, user.role);
  const money = moneyColumns(resource);
  const keys = Object.keys(resource.declaration.columns);
  const path = `${API_PREFIX}/crud/${resource.declaration.namespace}`;
  // Page links keep the query (sort, search, filters, page size) so following them shows the same list.
  const { active, direction, search, queryFilters, per_page } = query;
  return pagedAnswer(
    raws.map((raw) => toListRow(resource, raw, actions, money, keys)),
    {
      page,
      perPage,
      total,
      path,
      params: { active, direction, search, queryFilters, per_page },
    },
  );
}
