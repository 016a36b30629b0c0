import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/dialect';
import type { SessionUser } from '../services/sessions';
import { scopeConditions } from './listQuery';
import type { Resource } from './resource';

/** The ids among `ids` the user may read (scope and access filter), in their order; all of them when the resource has no access block. */
export async function readableIds(db: Kysely<any>, dialect: DialectName, user: SessionUser, resource: Resource, ids: readonly number[]): Promise<number[]> {
  const { table, access } = resource.declaration;
  if (!access || ids.length === 0) return [...ids];
  let query = db
    .selectFrom(table)
    .select(sql.ref(`${table}.id`).as('id'))
    .where(sql.ref(`${table}.id`), 'in', ids);
  for (const condition of scopeConditions(resource, { user, dialect })) query = query.where(condition);
  const found = new Set((await query.execute()).map((row) => Number(row.id)));
  return ids.filter((id) => found.has(id));
}
