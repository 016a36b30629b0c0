import type { Database } from '../../db';
import { forUpdate } from '../../db/dialect';
import { nowUtc } from '../../db/time';
import { conflict, forbidden, invalid, notFound } from '../../errors';
import type { SessionUser } from '../sessions';
import { readOptions } from '../options';
import { recordAudit, type AuditActor } from '../audit';
import { fromDecimal, toDecimal } from '../../../schemas/money';
import { can } from '../../../schemas/permissions';
import {
  countedAmount,
  needsAcceptance,
  REGISTER_MESSAGES,
  registerMessage,
  type AcceptDifferenceBody,
  type CashMoveBody,
  type CloseSessionBody,
  type OpenSessionBody,
} from '../../../schemas/registers';
import type { Trx } from '../orders/core';
import { moveRegisterBalance, recordDrawerCash } from './drawer';
import { computeReport, expectedCash, type SessionRow } from './report';

/**
 * Opening, cash in and out, closing and accepting a difference: each one transaction, the session row
 * locked first (then the register), so a sale in flight, a second till or a second closing waits and then
 * sees what the first wrote.
 */

const refused = (field: string, message: string) => invalid(message, { [field]: [message] });

function countOf(body: { counts?: OpenSessionBody['counts']; total?: number | undefined }): number {
  const counted = countedAmount(body);
  if ('refusal' in counted) throw refused(body.counts && body.counts.length > 0 ? 'counts' : 'total', counted.refusal);
  return counted.amount;
}

const countsJson = (body: { counts?: OpenSessionBody['counts'] }) => (body.counts && body.counts.length > 0 ? JSON.stringify(body.counts) : null);

async function lockSession(database: Database, trx: Trx, sessionId: number): Promise<SessionRow> {
  const session = await forUpdate(database.dialect, trx.selectFrom('register_sessions').selectAll().where('id', '=', sessionId)).executeTakeFirst();
  if (!session) throw notFound(REGISTER_MESSAGES.sessionNotFound);
  return session;
}

/** The holder acts on their session; a manager (registers.accept_difference) on anyone's. */
function assertMayAct(session: SessionRow, user: SessionUser): void {
  if (session.opened_by !== user.id && !can(user.role, 'registers.accept_difference'))
    throw forbidden(registerMessage(REGISTER_MESSAGES.notHolder, { user: session.opened_by_name }));
}

function assertOpen(session: SessionRow): void {
  if (session.status !== 'open') throw conflict(REGISTER_MESSAGES.alreadyClosed);
}

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** POST /register-sessions: opens a register with its counted float; the session is the opener's. */
export async function openSession(database: Database, body: OpenSessionBody, user: SessionUser, actor: AuditActor): Promise<number> {
  const opening = countOf(body);
  try {
    return await database.db.transaction().execute(async (trx) => {
      const register = await forUpdate(
        database.dialect,
        trx.selectFrom('cash_registers').select(['id', 'status']).where('id', '=', body.register_id),
      ).executeTakeFirst();
      if (!register || register.status === 'disabled') throw refused('register_id', REGISTER_MESSAGES.unknownRegister);
      const open = await trx
        .selectFrom('register_sessions')
        .select('opened_by_name')
        .where('register_id', '=', register.id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (open) throw conflict(registerMessage(REGISTER_MESSAGES.alreadyOpen, { user: open.opened_by_name }));
      const at = nowUtc();
      const session = await trx
        .insertInto('register_sessions')
        .values({
          register_id: register.id,
          status: 'open',
          opened_by: user.id,
          opened_by_name: user.username,
          opened_at: at,
          opening,
          opening_counts: countsJson(body),
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The counted float is what the drawer holds from now on.
      await trx
        .updateTable('cash_registers')
        .set({ status: 'opened', used_by: user.id, balance: opening, updated_at: at })
        .where('id', '=', register.id)
        .execute();
      await recordAudit(
        trx,
        actor,
        { action: 'register.open', entityType: 'register_session', entityId: session.id, after: { register_id: register.id, opening: toDecimal(opening) } },
        at,
      );
      return session.id;
    });
  } catch (error) {
    // Two tills opening at the same instant: the database's one-open-session index refuses the second.
    if (isUniqueViolation(error)) throw conflict(registerMessage(REGISTER_MESSAGES.alreadyOpen, { user: 'another till' }));
    throw error;
  }
}

/** POST /register-sessions/{id}/cash: cash put in or taken out of the drawer, with its reason. */
export async function moveCash(database: Database, sessionId: number, body: CashMoveBody, user: SessionUser, actor: AuditActor): Promise<void> {
  const reason = body.reason.trim();
  if (reason === '') throw refused('reason', 'Write the reason for this cash movement.');
  const amount = fromDecimal(body.amount);
  await database.db.transaction().execute(async (trx) => {
    const session = await lockSession(database, trx, sessionId);
    assertOpen(session);
    assertMayAct(session, user);
    const signed = body.type === 'in' ? amount : -amount;
    if (signed < 0 && (await expectedCash(trx, session)) + signed < 0) throw refused('amount', 'The drawer does not hold that much cash.');
    await recordDrawerCash(trx, session.register_id, [{ kind: body.type === 'in' ? 'cash_in' : 'cash_out', amount: signed }], null, user, reason);
    await moveRegisterBalance(trx, session.register_id, signed);
    await recordAudit(trx, actor, {
      action: 'register.cash_move',
      entityType: 'register_session',
      entityId: session.id,
      after: { type: body.type, amount: toDecimal(amount), reason },
    });
  });
}

/**
 * POST /register-sessions/{id}/close: the count against what the server expects. Opening, expected,
 * counted, difference and the report are written here once. A difference above the store's threshold
 * waits for a manager; a manager closing writes the note that accepts it at once.
 */
export async function closeSession(
  database: Database,
  sessionId: number,
  body: CloseSessionBody,
  user: SessionUser,
  actor: AuditActor,
): Promise<{ acceptance: SessionRow['acceptance'] }> {
  const counted = countOf(body);
  const threshold = fromDecimal((await readOptions(database)).ns_registers_difference_threshold);
  const note = body.note?.trim() || null;
  return database.db.transaction().execute(async (trx) => {
    const session = await lockSession(database, trx, sessionId);
    assertOpen(session);
    assertMayAct(session, user);
    await forUpdate(database.dialect, trx.selectFrom('cash_registers').select('id').where('id', '=', session.register_id)).executeTakeFirst();
    const expected = await expectedCash(trx, session);
    const difference = counted - expected;
    const manager = can(user.role, 'registers.accept_difference');
    let acceptance: SessionRow['acceptance'] = 'not_needed';
    if (needsAcceptance(difference, threshold)) {
      if (manager && !note) throw refused('note', REGISTER_MESSAGES.noteRequired);
      acceptance = manager ? 'accepted' : 'awaiting';
    }
    const at = nowUtc();
    const closed: SessionRow = {
      ...session,
      status: 'closed',
      closed_by: user.id,
      closed_by_name: user.username,
      closed_at: at,
      closing_counts: countsJson(body),
      closing_note: note,
      expected,
      counted,
      difference,
      acceptance,
      accepted_by_name: acceptance === 'accepted' ? user.username : null,
      accepted_at: acceptance === 'accepted' ? at : null,
      acceptance_note: acceptance === 'accepted' ? note : null,
    };
    const report = await computeReport(trx, closed);
    const { id: _id, ...stored } = closed;
    await trx
      .updateTable('register_sessions')
      .set({ ...stored, report: JSON.stringify(report), updated_at: at })
      .where('id', '=', session.id)
      .execute();
    // What was counted is what the drawer holds; the register waits for its next opening.
    await trx
      .updateTable('cash_registers')
      .set({ status: 'closed', used_by: null, balance: counted, updated_at: at })
      .where('id', '=', session.register_id)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'register.close',
        entityType: 'register_session',
        entityId: session.id,
        after: {
          opening: toDecimal(session.opening),
          expected: toDecimal(expected),
          counted: toDecimal(counted),
          difference: toDecimal(difference),
          acceptance,
          note,
        },
      },
      at,
    );
    return { acceptance };
  });
}

/** POST /register-sessions/{id}/accept: a manager accepts a closed session's difference with a note. */
export async function acceptDifference(database: Database, sessionId: number, body: AcceptDifferenceBody, user: SessionUser, actor: AuditActor): Promise<void> {
  const note = body.note.trim();
  if (note === '') throw refused('note', REGISTER_MESSAGES.noteRequired);
  await database.db.transaction().execute(async (trx) => {
    const session = await lockSession(database, trx, sessionId);
    if (session.status !== 'closed' || session.acceptance !== 'awaiting') throw conflict(REGISTER_MESSAGES.nothingToAccept);
    const at = nowUtc();
    const accepted = { acceptance: 'accepted' as const, accepted_by_name: user.username, accepted_at: at, acceptance_note: note };
    // The stored report says who accepted; its figures stay as written at closing.
    const report = session.report
      ? {
          ...JSON.parse(session.report),
          session: { ...JSON.parse(session.report).session, acceptance: 'accepted', accepted_by: user.username, acceptance_note: note },
        }
      : null;
    await trx
      .updateTable('register_sessions')
      .set({ ...accepted, report: report ? JSON.stringify(report) : null, updated_at: at })
      .where('id', '=', session.id)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'register.accept_difference',
        entityType: 'register_session',
        entityId: session.id,
        before: { acceptance: 'awaiting' },
        after: { acceptance: 'accepted', note, difference: toDecimal(session.difference ?? 0) },
      },
      at,
    );
  });
}
