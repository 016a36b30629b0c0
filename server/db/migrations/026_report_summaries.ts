import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';
import { columnTypes, type DialectName } from '../dialect';
import { MEASURES, rebuildSummaries } from '../../services/reports/summary';

/**
 * Report summaries kept exact by the order transactions, and the register session an order was sold in.
 *
 * - report_sums: per store business day (the day the reports' spans are made of), dimension (`author`,
 *   `tender`, `vendor`, `item`, `product`; server/services/reports/summary/parts.ts) and key, the sums the
 *   reports and the dashboard read instead of the orders' rows.
 * - report_order_parts: what each order contributes now (JSON: summary row key → measures), so a write
 *   adds exactly new − stored. No foreign key: a deleted order's parts are taken back after it is gone.
 * - orders.register_session_id: the session of the register the order was sold at (the Z report selects
 *   the session's orders by it). Backfilled from the times, as the Z report selected them before.
 *
 * Backfill: the summaries are computed from the raw rows by the same code the order writers run.
 */
export function reportSummaries(dialect: DialectName) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let table = db.schema
        .createTable('report_sums')
        .addColumn('dim', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('dim_key', 'text', (c) => c.notNull());
      for (const measure of MEASURES) table = table.addColumn(measure, measure === 'quantity' ? t.double : t.bigint, (c) => c.notNull().defaultTo(0));
      await table.addPrimaryKeyConstraint('report_sums_pk', ['dim', 'day', 'dim_key']).execute();
      await db.schema
        .createTable('report_order_parts')
        .addColumn('order_id', t.bigint, (c) => c.primaryKey())
        .addColumn('parts', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('orders').addColumn('register_session_id', 'integer').execute();
      await sql`update orders set register_session_id = (
          select s.id from register_sessions s
          where s.register_id = orders.register_id and s.opened_at <= orders.created_at and (s.closed_at is null or s.closed_at >= orders.created_at)
          order by s.id desc limit 1)
        where register_id is not null and payment_status <> 'hold'`.execute(db);
      await db.schema.createIndex('orders_register_session_idx').on('orders').column('register_session_id').execute();
      await rebuildSummaries(db as Kysely<DB>);
    },
  };
}
