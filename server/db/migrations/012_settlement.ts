import { sql, type Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect';

/**
 * Month-end settlement (server/services/settlement/): runs that close the calendar through a date, each
 * vendor's balance terms frozen at closing, and the payouts and invoices recorded against them.
 * One closed run per period start (a partial unique index): two staff closing the same period, one wins.
 */
export function settlement(dialect: DialectName) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('settlement_runs')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('period_start', 'text', (c) => c.notNull())
        .addColumn('through', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('reopened_by', 'integer')
        .addColumn('reopened_at', 'text')
        .addColumn('reopen_reason', 'text')
        .execute();
      await sql`create unique index settlement_runs_closed_start on settlement_runs (period_start) where status = 'closed'`.execute(db);
      await db.schema.createIndex('settlement_runs_status_through').on('settlement_runs').columns(['status', 'through']).execute();

      const money = (name: string) => (table: any) => table.addColumn(name, t.bigint, (c: any) => c.notNull().defaultTo(0));
      let lines: any = db.schema
        .createTable('settlement_lines')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('run_id', 'integer', (c) => c.notNull().references('settlement_runs.id'))
        .addColumn('vendor_id', 'integer', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull());
      for (const column of [
        'sales_without_tax',
        'commission',
        'purchases_without_tax',
        'monthly_rent',
        'previous_month_net',
        'fees',
        'balance_payments',
        'credits',
        'balance',
        'commission_rate',
      ])
        lines = money(column)(lines);
      await lines.execute();
      await db.schema.createIndex('settlement_lines_run_vendor').unique().on('settlement_lines').columns(['run_id', 'vendor_id']).execute();

      await db.schema
        .createTable('vendor_payouts')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('run_id', 'integer', (c) => c.notNull().references('settlement_runs.id'))
        .addColumn('vendor_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('method', 'text')
        .addColumn('reference', 'text')
        .addColumn('amount', t.bigint, (c) => c.notNull())
        .addColumn('advance', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('print_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('memo', 'text')
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('printed_at', 'text')
        .addColumn('posted_by', 'integer')
        .addColumn('posted_at', 'text')
        .addColumn('reversed_by', 'integer')
        .addColumn('reversed_at', 'text')
        .addColumn('reversal_reason', 'text')
        .execute();
      await db.schema.createIndex('vendor_payouts_run_vendor').on('vendor_payouts').columns(['run_id', 'vendor_id']).execute();
      await db.schema.createIndex('vendor_payouts_vendor').on('vendor_payouts').columns(['vendor_id', 'id']).execute();
    },
  };
}
