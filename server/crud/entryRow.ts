import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/dialect';
import type { SessionUser } from '../services/sessions';
import { scopeConditions } from './listQuery';
import type { Operation, Resource } from './resource';

/**
 * One row of the resource by id, within the caller's scope and the role's access filters of `actions`;
 * locked until the transaction ends when asked (PostgreSQL).
 */
export async function findRow(
  db: Kysely<any>,
  dialect: DialectName,
  user: SessionUser,
  resource: Resource,
  id: number,
  lock = false,
  actions: readonly Operation[] = ['read'],
): Promise<Record<string, unknown> | undefined> {
  const { table } = resource.declaration;
  let query = db
    .selectFrom(table)
    .selectAll(table)
    .where(sql.ref(`${table}.id`), '=', id);
  for (const condition of scopeConditions(resource, { user, dialect }, actions)) query = query.where(condition);
  if (lock && dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}
