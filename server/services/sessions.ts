import crypto from 'node:crypto';
import type { Database } from '../db';
import { preparedQuery } from '../db/prepared';
import { minutesFromNow, nowUtc } from '../db/time';
import type { AuthUser } from '../../schemas/auth';
import { isRole } from '../../schemas/roles';

const TOKEN_BYTES = 32;
/** last_seen_at is written at most this often, so reads do not turn every request into a write. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionUser extends AuthUser {
  sessionId: string;
}

function digest(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Starts a session and answers the cookie token; only its digest is stored. */
export async function createSession(database: Database, userId: number, idleMinutes: number): Promise<string> {
  const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
  const now = nowUtc();
  await database.db
    .insertInto('sessions')
    .values({ id: digest(token), user_id: userId, created_at: now, last_seen_at: now, expires_at: minutesFromNow(idleMinutes) })
    .execute();
  return token;
}

const selectSessionUser = preparedQuery((db, id: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id',
      'users.username',
      'users.role',
      'users.vendor_id',
      'users.active',
    ])
    .where('sessions.id', '=', id),
);

/** The active user behind a cookie token, or null when unknown, expired or the user was deactivated. */
export async function findSessionUser(database: Database, token: string, idleMinutes: number): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const id = digest(token);
  const [row] = await selectSessionUser(database, id);
  const now = new Date();
  if (!row || row.active !== 1 || row.expires_at <= nowUtc(now) || !isRole(row.role)) return null;
  if (now.getTime() - Date.parse(`${row.last_seen_at.replace(' ', 'T')}Z`) > TOUCH_EVERY_MS) {
    await database.db
      .updateTable('sessions')
      .set({ last_seen_at: nowUtc(now), expires_at: minutesFromNow(idleMinutes, now) })
      .where('id', '=', id)
      .execute();
  }
  return { sessionId: row.session_id, id: row.id, username: row.username, role: row.role, vendor_id: row.vendor_id };
}

export async function deleteSession(database: Database, sessionId: string): Promise<void> {
  await database.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user but, optionally, the one in use (after a password change). */
export async function deleteUserSessions(database: Database, userId: number, keepSessionId?: string): Promise<void> {
  let query = database.db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

export async function purgeExpiredSessions(database: Database): Promise<void> {
  await database.db.deleteFrom('sessions').where('expires_at', '<=', nowUtc()).execute();
}
