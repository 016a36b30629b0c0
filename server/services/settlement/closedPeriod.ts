import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import { conflict } from '../../errors';
import { closedPeriodMessage, isClosedDate } from '../../../schemas/settlement';

/** Any transaction on either database. */
type Db = Kysely<DB>;

/** One key for every settlement write; writes dated on the vendor calendar take it shared. */
const SETTLEMENT_LOCK = 7_120_012;

/**
 * Serialises settlement writes on PostgreSQL (closing, payouts, reopening take it exclusive; ledger, fee and
 * pro-rate writes shared), so a period cannot close while an entry dated inside it is being written. SQLite
 * write transactions begin IMMEDIATE and are already serialised.
 */
export async function lockSettlement(trx: Db, mode: 'exclusive' | 'shared'): Promise<void> {
  if (!isPostgres(trx)) return;
  if (mode === 'exclusive') await sql`select pg_advisory_xact_lock(${SETTLEMENT_LOCK})`.execute(trx);
  else await sql`select pg_advisory_xact_lock_shared(${SETTLEMENT_LOCK})`.execute(trx);
}

/** The last day closed by a standing settlement run, or null when nothing is closed. */
export async function closedThrough(db: Db): Promise<string | null> {
  const row = await db.selectFrom('settlement_runs').select('through').where('status', '=', 'closed').orderBy('through', 'desc').limit(1).executeTakeFirst();
  return row?.through ?? null;
}

/**
 * Refuses (409) a write dated inside the closed period, in the caller's transaction: a closed statement is
 * never rewritten. Takes the shared settlement lock first, so a period cannot close meanwhile.
 */
export async function assertOpenDate(trx: Db, ...dates: string[]): Promise<void> {
  await lockSettlement(trx, 'shared');
  const through = await closedThrough(trx);
  if (through !== null && dates.some((date) => isClosedDate(date, through))) throw conflict(closedPeriodMessage(through));
}
