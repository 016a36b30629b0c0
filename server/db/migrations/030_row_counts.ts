import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/** The tables whose rows PostgreSQL keeps a count of: the two that grow with a store's trade and fill its busiest lists. */
export const COUNTED_TABLES = ['orders', 'products'] as const;

/**
 * PostgreSQL: row_count_deltas holds, per table, rows whose deltas sum to the table's row count, so an unfiltered
 * list's exact total is a sum over a few rows instead of count(*) over the table (server/crud/keyset.ts). Each
 * insert or delete statement appends its own delta, so writers never wait on one another for a shared row;
 * compactRowCounts (server/db/rowCounts.ts) folds them together every few seconds. The deltas commit or roll back
 * with the rows they count, so a reader sees the count of exactly the rows its statement sees. The first row is
 * counted here, under the lock CREATE TRIGGER holds on the table until the migration commits.
 * SQLite gets nothing: it counts a table from its smallest index, a few ms per million rows.
 */
export function rowCounts(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`create table row_count_deltas (
        id bigserial primary key,
        table_name text not null,
        delta bigint not null
      )`.execute(db);
      await sql`create index row_count_deltas_table_idx on row_count_deltas (table_name)`.execute(db);
      await sql`create function row_count_inserted() returns trigger language plpgsql as $$
        begin
          insert into row_count_deltas (table_name, delta) select TG_TABLE_NAME, count(*) from new_rows having count(*) > 0;
          return null;
        end
      $$`.execute(db);
      await sql`create function row_count_deleted() returns trigger language plpgsql as $$
        begin
          insert into row_count_deltas (table_name, delta) select TG_TABLE_NAME, -count(*) from old_rows having count(*) > 0;
          return null;
        end
      $$`.execute(db);
      await sql`create function row_count_truncated() returns trigger language plpgsql as $$
        begin
          delete from row_count_deltas where table_name = TG_TABLE_NAME;
          insert into row_count_deltas (table_name, delta) values (TG_TABLE_NAME, 0);
          return null;
        end
      $$`.execute(db);
      for (const table of COUNTED_TABLES) {
        const id = (suffix: string) => sql.id(`${table}_rows_${suffix}`);
        await sql`create trigger ${id('inserted')} after insert on ${sql.id(table)}
          referencing new table as new_rows for each statement execute function row_count_inserted()`.execute(db);
        await sql`create trigger ${id('deleted')} after delete on ${sql.id(table)}
          referencing old table as old_rows for each statement execute function row_count_deleted()`.execute(db);
        await sql`create trigger ${id('truncated')} after truncate on ${sql.id(table)}
          for each statement execute function row_count_truncated()`.execute(db);
        await sql`insert into row_count_deltas (table_name, delta) select ${table}, count(*) from ${sql.id(table)}`.execute(db);
      }
    },
  };
}
