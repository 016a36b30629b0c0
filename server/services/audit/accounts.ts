import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db';
import type { DB } from '../../db/schema';
import { nowUtc } from '../../db/time';
import { recordAudit, type AuditActor } from './record';

/** The audit rows of accounts: role and password changes, and bursts of refused sign-ins. */

type Db = Kysely<DB>;

/**
 * An administrator's save of another account (users CRUD): a role change and a password change each
 * get a row. Called before the row is written, in its transaction; the password itself is never recorded.
 */
export async function auditAccountSave(db: Kysely<any>, actor: AuditActor, id: number | null, row: Record<string, unknown>): Promise<void> {
  if (id === null) return;
  const stored = await (db as Db).selectFrom('users').select(['username', 'role']).where('id', '=', id).executeTakeFirst();
  if (!stored) return;
  if (typeof row.role === 'string' && row.role !== stored.role) {
    await recordAudit(db, actor, {
      action: 'user.role_change',
      entityType: 'user',
      entityId: id,
      before: { username: stored.username, role: stored.role },
      after: { username: stored.username, role: row.role },
    });
  }
  if (typeof row.password_hash === 'string') {
    await recordAudit(db, actor, {
      action: 'user.password_change',
      entityType: 'user',
      entityId: id,
      before: { username: stored.username },
      after: { username: stored.username, password: 'changed' },
    });
  }
}

/** A burst is one row: refusals of the same address and username within this long of the recorded one add none. */
export const SIGN_IN_BURST_MS = 60_000;
/** Bursts remembered by this process (per database), so a flood of refusals costs no query each; the database decides across servers. */
const burstsByDatabase = new WeakMap<Database, Map<string, number>>();
const MAX_REMEMBERED = 10_000;

function rememberBurst(database: Database, key: string, now: number): boolean {
  let recentBursts = burstsByDatabase.get(database);
  if (!recentBursts) burstsByDatabase.set(database, (recentBursts = new Map()));
  const last = recentBursts.get(key);
  if (last !== undefined && now - last < SIGN_IN_BURST_MS) return false;
  if (recentBursts.size >= MAX_REMEMBERED) {
    for (const [known, at] of recentBursts) if (now - at >= SIGN_IN_BURST_MS) recentBursts.delete(known);
    if (recentBursts.size >= MAX_REMEMBERED) recentBursts.clear();
  }
  recentBursts.set(key, now);
  return true;
}

/**
 * The sign-in limiter started refusing an address and username: one row per burst, naming the account
 * tried (its id when it exists). Nothing changes with a refusal, so there is no transaction to join; the
 * write runs beside the 429 and a failure is only logged.
 */
export function auditSignInRefused(database: Database, request: FastifyRequest, normalizedUsername: string): void {
  const username = normalizedUsername.slice(0, 100);
  const now = Date.now();
  if (!rememberBurst(database, `${request.ip}|${username}`, now)) return;
  const at = nowUtc(new Date(now));
  const since = nowUtc(new Date(now - SIGN_IN_BURST_MS));
  const after = JSON.stringify({ username, refused_for_seconds: SIGN_IN_BURST_MS / 1000 });
  // One statement: the account looked up and an open burst recorded by another server respected.
  sql`insert into audit_log (created_at, user_id, username, address, action, entity_type, entity_id, before, after)
    select ${at}, u.id, ${username}, ${request.ip}, 'auth.sign_in_refused', 'user', u.id, null, ${after}
    from (select 1 as one) as base
    left join users as u on lower(u.username) = ${username}
    where not exists (
      select 1 from audit_log as a
      where a.action = 'auth.sign_in_refused' and a.address = ${request.ip} and a.username = ${username} and a.created_at > ${since}
    )`
    .execute(database.db)
    .catch((error: unknown) => request.log.error({ err: error }, 'the audit of a refused sign-in failed'));
}
