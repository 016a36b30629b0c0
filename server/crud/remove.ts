import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { notFound } from '../errors';
import type { SessionUser } from '../services/sessions';
import { mapWriteError } from './dbErrors';
import { findRow } from './entryRow';
import type { HookContext } from './hooks/types';
import type { Operation, Resource } from './resource';

/**
 * Deletes one entry of the scope (and of the role's access filters of `actions`) in one transaction:
 * hooks.beforeDelete (may refuse), delete, hooks.afterDelete. 404 when missing.
 */
export async function deleteEntry(
  database: Database,
  resource: Resource,
  user: SessionUser,
  id: number,
  address: string,
  actions: readonly Operation[] = ['delete'],
): Promise<void> {
  const { declaration } = resource;
  try {
    await database.db.transaction().execute(async (transaction) => {
      const trx = transaction as unknown as Kysely<any>;
      if (!(await findRow(trx, database.dialect, user, resource, id, true, actions))) throw notFound();
      const context: HookContext = { trx, dialect: database.dialect, user, address, declaration };
      if (resource.hooks.beforeDelete) await resource.hooks.beforeDelete(id, context);
      await trx.deleteFrom(declaration.table).where('id', '=', id).execute();
      if (resource.hooks.afterDelete) await resource.hooks.afterDelete(id, context);
    });
  } catch (error) {
    throw mapWriteError(error, resource, 'delete');
  }
}
