import { sql, type Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect';
import { MEASURES } from '../../services/reports/summary';

/**
 * The report summaries spread over slots. Every checkout of a day adds to the same few summary rows (the day's
 * cash tender, its cashier, its best-selling vendors), and a row stays locked from that write to the commit, so
 * on PostgreSQL concurrent checkouts queued on them: at 16 connections of the mixed load, four backends on
 * average waited on a report_sums row. Each order now writes to the slot its id falls in (eight of them), and
 * the readers, which already sum a span's rows per key, sum the slots too. Existing sums go to slot 0.
 * Both databases rebuild the table: SQLite cannot change a primary key in place.
 */
export function summarySlots(dialect: DialectName) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let table = db.schema
        .createTable('report_sums_slotted')
        .addColumn('dim', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('dim_key', 'text', (c) => c.notNull())
        .addColumn('slot', 'integer', (c) => c.notNull().defaultTo(0));
      for (const measure of MEASURES) table = table.addColumn(measure, measure === 'quantity' ? t.double : t.bigint, (c) => c.notNull().defaultTo(0));
      await table.addPrimaryKeyConstraint('report_sums_slot_pk', ['dim', 'day', 'dim_key', 'slot']).execute();
      const columns = sql.join(['dim', 'day', 'dim_key', ...MEASURES].map((column) => sql.ref(column)));
      await sql`insert into report_sums_slotted (${columns}, slot) select ${columns}, 0 from report_sums`.execute(db);
      await db.schema.dropTable('report_sums').execute();
      await db.schema.alterTable('report_sums_slotted').renameTo('report_sums').execute();
    },
  };
}
