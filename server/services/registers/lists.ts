import type { Database } from '../../db';
import { notFound } from '../../errors';
import { toDecimal } from '../../../schemas/money';
import { REGISTER_MESSAGES, type RegisterState, type SessionListQuery, type SessionSummary, type ZReport } from '../../../schemas/registers';
import { computeReport, expectedCash } from './report';

export const SESSIONS_PER_PAGE = 30;

/** GET /register-sessions/registers: every register with its open session and the cash it should hold now. */
export async function registerStates(database: Database): Promise<RegisterState[]> {
  const db = database.db;
  const rows = await db
    .selectFrom('cash_registers as r')
    .leftJoin('register_sessions as s', (join) => join.onRef('s.register_id', '=', 'r.id').on('s.status', '=', 'open'))
    .select(['r.id', 'r.name', 'r.status', 's.id as session_id', 's.opened_by', 's.opened_by_name', 's.opened_at', 's.opening'])
    .orderBy('r.name')
    .orderBy('r.id')
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      session:
        row.session_id === null
          ? null
          : {
              id: row.session_id,
              holder: row.opened_by_name ?? '',
              holder_id: row.opened_by ?? 0,
              opened_at: row.opened_at ?? '',
              opening: toDecimal(Number(row.opening)),
              expected: toDecimal(await expectedCash(db, { id: row.session_id, opening: Number(row.opening) })),
            },
    })),
  );
}

/** GET /register-sessions: sessions newest first, one register or all, a page at a time. */
export async function listSessions(
  database: Database,
  query: SessionListQuery,
): Promise<{ data: SessionSummary[]; page: number; per_page: number; total: number }> {
  const db = database.db;
  const page = query.page ?? 1;
  let base = db.selectFrom('register_sessions as s').innerJoin('cash_registers as r', 'r.id', 's.register_id');
  if (query.register_id) base = base.where('s.register_id', '=', query.register_id);
  const [rows, count] = await Promise.all([
    base
      .select([
        's.id',
        's.register_id',
        'r.name',
        's.status',
        's.opened_by_name',
        's.opened_at',
        's.closed_at',
        's.opening',
        's.expected',
        's.counted',
        's.difference',
        's.acceptance',
      ])
      .orderBy('s.opened_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(SESSIONS_PER_PAGE)
      .offset((page - 1) * SESSIONS_PER_PAGE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const money = (value: number | null) => (value === null ? null : toDecimal(Number(value)));
  return {
    data: rows.map((row) => ({
      id: row.id,
      register: { id: row.register_id, name: row.name },
      status: row.status,
      opened_by: row.opened_by_name,
      opened_at: row.opened_at,
      closed_at: row.closed_at,
      opening: toDecimal(Number(row.opening)),
      expected: money(row.expected),
      counted: money(row.counted),
      difference: money(row.difference),
      acceptance: row.acceptance,
    })),
    page,
    per_page: SESSIONS_PER_PAGE,
    total: Number(count.total),
  };
}

/** GET /register-sessions/{id}: the stored Z report of a closed session, the live (X) report of an open one. */
export async function sessionReport(database: Database, sessionId: number): Promise<ZReport> {
  const session = await database.db.selectFrom('register_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
  if (!session) throw notFound(REGISTER_MESSAGES.sessionNotFound);
  if (session.status === 'closed' && session.report) return JSON.parse(session.report) as ZReport;
  return computeReport(database.db, session);
}
