import { sql, type Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect';

/**
 * Register sessions (server/services/registers): a drawer opened with a counted float, its cash ledger and
 * its closing count. At most one open session per register, held by the database itself (a partial unique
 * index), so two tills cannot both open one register whatever the timing. Opening, expected, counted and
 * the difference are written once at closing with the report (JSON) and never recomputed.
 *
 * Backfill: a register already 'opened' gets an open session held by its user, opened with its running
 * balance as the float, so a store that upgrades keeps selling on the registers it had open.
 */
export function registerSessions(dialect: DialectName) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('register_sessions')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('register_id', 'integer', (c) => c.notNull().references('cash_registers.id'))
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('open')
            .check(sql`status in ('open', 'closed')`),
        )
        .addColumn('opened_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('opened_by_name', 'text', (c) => c.notNull())
        .addColumn('opened_at', 'text', (c) => c.notNull())
        .addColumn('opening', t.bigint, (c) => c.notNull().check(sql`opening >= 0`))
        .addColumn('opening_counts', 'text')
        .addColumn('closed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('closed_by_name', 'text')
        .addColumn('closed_at', 'text')
        .addColumn('closing_counts', 'text')
        .addColumn('closing_note', 'text')
        .addColumn('expected', t.bigint)
        .addColumn('counted', t.bigint, (c) => c.check(sql`counted >= 0`))
        .addColumn('difference', t.bigint)
        .addColumn('acceptance', 'text', (c) =>
          c
            .notNull()
            .defaultTo('not_needed')
            .check(sql`acceptance in ('not_needed', 'awaiting', 'accepted')`),
        )
        .addColumn('accepted_by_name', 'text')
        .addColumn('accepted_at', 'text')
        .addColumn('acceptance_note', 'text')
        .addColumn('report', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await sql`create unique index register_sessions_one_open on register_sessions (register_id) where status = 'open'`.execute(db);
      await db.schema.createIndex('register_sessions_register_opened_idx').on('register_sessions').columns(['register_id', 'opened_at']).execute();
      await db.schema.createIndex('register_sessions_opened_idx').on('register_sessions').columns(['opened_at', 'id']).execute();

      await db.schema
        .createTable('register_cash_moves')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('session_id', 'integer', (c) => c.notNull().references('register_sessions.id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('sale', 'change', 'refund', 'cash_in', 'cash_out', 'correction')`))
        .addColumn('amount', t.bigint, (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
        .addColumn('reason', 'text')
        .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('author_name', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('register_cash_moves_session_idx').on('register_cash_moves').columns(['session_id', 'id']).execute();

      await sql`insert into register_sessions (register_id, status, opened_by, opened_by_name, opened_at, opening, updated_at)
        select r.id, 'open', r.used_by, coalesce(u.username, ''), r.updated_at, case when r.balance > 0 then r.balance else 0 end, r.updated_at
        from cash_registers r left join users u on u.id = r.used_by where r.status = 'opened'`.execute(db);
    },
  };
}
