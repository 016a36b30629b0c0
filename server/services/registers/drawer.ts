import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import { nowUtc } from '../../db/time';
import { conflict } from '../../errors';
import type { Money } from '../../../schemas/money';
import { REGISTER_MESSAGES, registerMessage, type DrawerKind } from '../../../schemas/registers';

type Db = Kysely<DB>;

/**
 * The open session of a register, or undefined. On PostgreSQL the row is share-locked to the end of the
 * caller's transaction: closing (which locks it for update) waits for a sale in flight, and a sale that
 * waited on a closing reads the session closed. SQLite's immediate transactions already serialise both.
 */
export async function openSessionOf(db: Db, registerId: number): Promise<{ id: number } | undefined> {
  const query = db.selectFrom('register_sessions').select('id').where('register_id', '=', registerId).where('status', '=', 'open');
  return (isPostgres(db) ? query.forShare() : query).executeTakeFirst();
}

/** The till's rule: a sale (anything but parking an order on hold) needs its register's session open. */
export async function registerSaleRefusal(db: Db, registerId: number, hold: boolean): Promise<string | null> {
  if (hold) return null;
  return (await openSessionOf(db, registerId)) ? null : REGISTER_MESSAGES.closedForSale;
}

export interface DrawerMove {
  kind: DrawerKind;
  /** Signed: what the drawer gains (negative: what it gives). */
  amount: Money;
}

/**
 * Writes cash moving in or out of a register's drawer into the open session's cash ledger, in the caller's
 * transaction. Without an open session no cash may move: refused with 409, so nothing the caller wrote stays.
 */
export async function recordDrawerCash(
  db: Db,
  registerId: number,
  moves: readonly DrawerMove[],
  orderId: number | null,
  author: { id: number; username: string } | null = null,
  reason: string | null = null,
): Promise<number> {
  const kept = moves.filter((move) => move.amount !== 0);
  if (kept.length === 0) return 0;
  const session = await openSessionOf(db, registerId);
  if (!session) {
    const register = await db.selectFrom('cash_registers').select('name').where('id', '=', registerId).executeTakeFirst();
    throw conflict(registerMessage(REGISTER_MESSAGES.closedForCash, { register: register?.name ?? String(registerId) }));
  }
  const at = nowUtc();
  await db
    .insertInto('register_cash_moves')
    .values(
      kept.map((move) => ({
        session_id: session.id,
        kind: move.kind,
        amount: move.amount,
        order_id: orderId,
        reason,
        author_id: author?.id ?? null,
        author_name: author?.username ?? null,
        created_at: at,
      })),
    )
    .execute();
  return session.id;
}

/** The drawer's running balance (cash_registers.balance) moved by `delta`. */
export async function moveRegisterBalance(db: Db, registerId: number, delta: Money): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable('cash_registers')
    .set({ balance: sql`balance + ${delta}`, updated_at: nowUtc() })
    .where('id', '=', registerId)
    .execute();
}
