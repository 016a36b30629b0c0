import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { forbidden } from '../errors';
import type { SessionUser } from './sessions';
import { isAdminRole } from '../../schemas/roles';

export const OWN_FILES_MESSAGE = 'You can only delete files you uploaded.';

/** Refuses to touch another user's upload unless the caller is an administrator (spec 02 §6: admin roles). */
export async function ownFilesOnly(trx: Kysely<any>, table: 'medias' | 'documents', id: number, user: SessionUser): Promise<void> {
  if (isAdminRole(user.role)) return;
  const file = await trx.selectFrom(table).select('user_id').where('id', '=', id).executeTakeFirst();
  if (file && file.user_id !== user.id) throw forbidden(OWN_FILES_MESSAGE);
}

/** List scope for uploads: administrators see every file, everyone else only their own. */
export function ownFilesScope(table: 'medias' | 'documents', user: SessionUser): RawBuilder<SqlBool>[] {
  return isAdminRole(user.role) ? [] : [sql<SqlBool>`${sql.ref(`${table}.user_id`)} = ${user.id}`];
}
