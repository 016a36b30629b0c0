import type { Kysely, Selectable } from 'kysely';
import type { DB, RegisterSessionsTable } from '../../db/schema';
import { nowUtc } from '../../db/time';
import { toDecimal } from '../../../schemas/money';
import { drawerFigures, type DrawerKind, type ZReport } from '../../../schemas/registers';

type Db = Kysely<DB>;
export type SessionRow = Selectable<RegisterSessionsTable>;

/**
 * A session's report from what was written: the drawer from its cash ledger (exact: each row is written in
 * the transaction that moved the cash), the orders sold in the session (their register_session_id, set at
 * checkout, so a clock or a late write cannot move an order to another session), and the payments and
 * refunds written at its register between opening and closing (or now, while it is open). Amounts answer as decimals.
 */
export async function computeReport(db: Db, session: SessionRow, counted: number | null = null): Promise<ZReport> {
  const from = session.opened_at;
  const until = session.closed_at ?? nowUtc();
  const registerId = session.register_id;
  const d = toDecimal;

  const [register, moves, orders, held, tenders, refunds, refundTenders] = await Promise.all([
    db.selectFrom('cash_registers').select(['id', 'name']).where('id', '=', registerId).executeTakeFirstOrThrow(),
    db
      .selectFrom('register_cash_moves')
      .select(['kind', 'amount', 'reason', 'author_name', 'created_at'])
      .where('session_id', '=', session.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('orders')
      .select(['code', 'created_at', 'payment_status', 'total', 'total_tax_value'])
      .where('register_session_id', '=', session.id)
      .where('payment_status', '!=', 'hold')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('register_id', '=', registerId)
      .where('payment_status', '=', 'hold')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('order_payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .leftJoin('payment_types as t', 't.identifier', 'p.identifier')
      .select((eb) => ['p.identifier', eb.fn.max('t.label').as('label'), eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('p.value').as('amount')])
      .where('o.register_id', '=', registerId)
      .where('p.created_at', '>=', from)
      .where('p.created_at', '<=', until)
      .groupBy('p.identifier')
      .orderBy('p.identifier')
      .execute(),
    db
      .selectFrom('order_refunds')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('total').as('total')])
      .where('register_id', '=', registerId)
      .where('created_at', '>=', from)
      .where('created_at', '<=', until)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('order_refund_payments as p')
      .innerJoin('order_refunds as r', 'r.id', 'p.order_refund_id')
      .leftJoin('payment_types as t', 't.identifier', 'p.identifier')
      .select((eb) => ['p.identifier', eb.fn.max('t.label').as('label'), eb.fn.sum<number>('p.value').as('amount')])
      .where('r.register_id', '=', registerId)
      .where('r.created_at', '>=', from)
      .where('r.created_at', '<=', until)
      .groupBy('p.identifier')
      .orderBy('p.identifier')
      .execute(),
  ]);

  const drawer = drawerFigures(
    Number(session.opening),
    moves.map((move) => ({ kind: move.kind as DrawerKind, amount: Number(move.amount) })),
  );
  const sold = orders.filter((order) => order.payment_status !== 'order_void');
  const first = orders[0];
  const last = orders[orders.length - 1];
  const countedAmount = counted ?? (session.counted === null ? null : Number(session.counted));
  return {
    session: {
      id: session.id,
      register: { id: register.id, name: register.name },
      status: session.status,
      opened_by: session.opened_by_name,
      opened_at: session.opened_at,
      closed_by: session.closed_by_name,
      closed_at: session.closed_at,
      acceptance: session.acceptance,
      accepted_by: session.accepted_by_name,
      acceptance_note: session.acceptance_note,
      closing_note: session.closing_note,
    },
    orders: {
      count: sold.length,
      voided: orders.length - sold.length,
      total: d(sold.reduce((acc, order) => acc + Number(order.total), 0)),
      taxes: d(sold.reduce((acc, order) => acc + Number(order.total_tax_value), 0)),
      first: first ? { code: first.code, created_at: first.created_at } : null,
      last: last ? { code: last.code, created_at: last.created_at } : null,
      held: Number(held.count),
    },
    sales_by_tender: tenders.map((row) => ({
      identifier: row.identifier,
      label: row.label ?? row.identifier,
      count: Number(row.count),
      amount: d(Number(row.amount ?? 0)),
    })),
    refunds: {
      count: Number(refunds.count),
      total: d(Number(refunds.total ?? 0)),
      by_tender: refundTenders.map((row) => ({ identifier: row.identifier, label: row.label ?? row.identifier, amount: d(Number(row.amount ?? 0)) })),
    },
    cash_moves: moves
      .filter((move) => move.kind === 'cash_in' || move.kind === 'cash_out')
      .map((move) => ({
        type: move.kind === 'cash_in' ? ('in' as const) : ('out' as const),
        amount: d(Math.abs(Number(move.amount))),
        reason: move.reason ?? '',
        author: move.author_name ?? '',
        created_at: move.created_at,
      })),
    drawer: {
      opening: d(drawer.opening),
      cash_sales: d(drawer.cash_sales),
      change: d(drawer.change),
      cash_refunds: d(drawer.cash_refunds),
      cash_in: d(drawer.cash_in),
      cash_out: d(drawer.cash_out),
      corrections: d(drawer.corrections),
      expected: d(drawer.expected),
      counted: countedAmount === null ? null : d(countedAmount),
      difference: countedAmount === null ? null : d(countedAmount - drawer.expected),
    },
  };
}

/** The expected cash of a session now (opening + its cash ledger), in ten-thousandths. */
export async function expectedCash(db: Db, session: Pick<SessionRow, 'id' | 'opening'>): Promise<number> {
  const row = await db
    .selectFrom('register_cash_moves')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('session_id', '=', session.id)
    .executeTakeFirst();
  return Number(session.opening) + Number(row?.total ?? 0);
}
