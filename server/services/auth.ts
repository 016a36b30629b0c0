import { sql } from 'kysely';
import type { Database } from '../db';
import { nowUtc } from '../db/time';
import { invalid } from '../errors';
import type { AuthUser } from '../../schemas/auth';
import { isRole } from '../../schemas/roles';
import { hashPasswordOrBusy, rejectUnknownUser, verifyPasswordOrBusy } from './passwords';
import { deleteUserSessions } from './sessions';

/**
 * The active user with these credentials, or null; never says which half was wrong. `username` is
 * already normalised (normalizeUsername, by the sign-in route, which rate-limits the same form).
 * Throws 429 (PASSWORDS_BUSY_MESSAGE) when no password hash slot of this server is free for it;
 * `firstAttempt` (no other attempt on this username in the limit window) may use the slot kept for those.
 */
export async function authenticate(database: Database, username: string, password: string, firstAttempt = false): Promise<AuthUser | null> {
  const row = await database.db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'vendor_id', 'active', 'password_hash'])
    .where(sql<string>`lower(username)`, '=', username)
    .executeTakeFirst();
  if (!row) return rejectUnknownUser(password, firstAttempt).then(() => null);
  const matches = await verifyPasswordOrBusy(row.password_hash, password, firstAttempt);
  if (!matches || row.active !== 1 || !isRole(row.role)) return null;
  return { id: row.id, username: row.username, role: row.role, vendor_id: row.vendor_id };
}

/** Changes the signed-in user's password and ends their other sessions. */
export async function changePassword(database: Database, user: { id: number; sessionId: string }, currentPassword: string, newPassword: string): Promise<void> {
  const row = await database.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!(await verifyPasswordOrBusy(row.password_hash, currentPassword))) {
    throw invalid('The form is not valid.', { current_password: ['The current password is wrong.'] });
  }
  const hash = await hashPasswordOrBusy(newPassword);
  await database.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash, updated_at: nowUtc() }).where('id', '=', user.id).execute();
    await deleteUserSessions({ ...database, db: trx }, user.id, user.sessionId);
  });
}
