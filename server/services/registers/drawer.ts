import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import { nowUtc } from '../../db/time';
import { conflict } from '../../errors';
import { sum, type Money } from '../../../schemas/money';
import { REGISTER_MESSAGES, registerMessage, type DrawerKind } from '../../../schemas/registers';
import { insertRows, statementTemplate } from '../../db/template';

type Db = Kysely<DB>;

/**
 * The open session of a register, or undefined. On PostgreSQL the row is share-locked to the end of the
 * caller's transaction: closing (which locks it for update) waits for a sale in flight, and a sale that
 * waited on a closing reads the session closed. SQLite's immediate transactions already serialise both.
 */
export async function openSessionOf(db: Db, registerId: number): Promise<{ id: number } | undefined> {
  return openSessionQuery(db, registerId).executeTakeFirst();
}

/** The read behind openSessionOf (share-locked the same way), for callers that send it in a batch. */
export function openSessionQuery(db: Db, registerId: number) {
  const query = db.selectFrom('register_sessions').select('id').where('register_id', '=', registerId).where('status', '=', 'open');
  return isPostgres(db) ? query.forShare() : query;
}

/** The till's rule: a sale (anything but parking an order on hold) needs its register's session open. */
export async function registerSaleRefusal(db: Db, registerId: number, hold: boolean): Promise<string | null> {
  if (hold) return null;
  return saleRefusalOf(false, await openSessionOf(db, registerId));
}

/** registerSaleRefusal from the register's open session read by the caller (openSessionQuery). */
export function saleRefusalOf(hold: boolean, session: { id: number } | undefined): string | null {
  return hold || session ? null : REGISTER_MESSAGES.closedForSale;
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

/**
 * The writes of cash moving through the drawer of a register whose open session the caller has read (and
 * share-locked) in this transaction: the session's cash-ledger rows and the register's balance by their sum,
 * as statements for one batch (server/db/batch.ts). None when nothing moves.
 */
export function drawerCashWrites(db: Db, sessionId: number, registerId: number, moves: readonly DrawerMove[], orderId: number | null, at: string = nowUtc()) {
  const kept = moves.filter((move) => move.amount !== 0);
  if (kept.length === 0) return {};
  const rows = kept.map((move) => ({
    session_id: sessionId,
    kind: move.kind,
    amount: move.amount,
    order_id: orderId,
    reason: null,
    author_id: null,
    author_name: null,
    created_at: at,
  }));
  const delta = sum(kept.map((move) => move.amount));
  return {
    cashMoves: insertRows(db, 'register_cash_moves', rows),
    ...(delta !== 0
      ? {
          balance: balanceMove(db, { delta, at, registerId }),
        }
      : {}),
  };
}

/** The drawer's balance moved in a checkout's batch, compiled once (server/db/template.ts). */
const balanceMove = statementTemplate((db, { delta, at, registerId }: { delta: Money; at: string; registerId: number }) =>
  db
    .updateTable('cash_registers')
    .set({ balance: sql`balance + ${delta}`, updated_at: at })
    .where('id', '=', registerId),
);

/** The drawer's running balance (cash_registers.balance) moved by `delta`. */
export async function moveRegisterBalance(db: Db, registerId: number, delta: Money): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable('cash_registers')
    .set({ balance: sql`balance + ${delta}`, updated_at: nowUtc() })
    .where('id', '=', registerId)
    .execute();
}
