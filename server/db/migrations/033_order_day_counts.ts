import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * PostgreSQL: the orders' kept row count (migration 030) is kept per day of created_at, so a page of the orders list
 * by its number, newest or oldest first, finds its day from the counts and skips only within that day
 * (server/crud/rowAtIndex.ts), where it walked up to half the created_at index (1,250,000 entries, 75–160 ms p95,
 * at 2,500,000 orders). The day is the stored time's first ten characters ('YYYY-MM-DD'); every other table's
 * deltas have the bucket ''. A statement's deltas are grouped by day, so a checkout still appends one row.
 * created_at is never rewritten by the app; should anything change it, a row trigger that fires only when the
 * column is set moves the row's count between its days. Truncation keeps migration 030's trigger (one '' row of 0).
 * SQLite gets nothing, as in migration 030.
 */
export function orderDayCounts(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`alter table row_count_deltas add column bucket text not null default ''`.execute(db);
      await sql`drop index row_count_deltas_table_idx`.execute(db);
      await sql`create index row_count_deltas_bucket_idx on row_count_deltas (table_name, bucket)`.execute(db);
      await sql`create function row_count_inserted_by_day() returns trigger language plpgsql as $$
        begin
          insert into row_count_deltas (table_name, bucket, delta)
            select TG_TABLE_NAME, substr(created_at, 1, 10), count(*) from new_rows group by 2;
          return null;
        end
      $$`.execute(db);
      await sql`create function row_count_deleted_by_day() returns trigger language plpgsql as $$
        begin
          insert into row_count_deltas (table_name, bucket, delta)
            select TG_TABLE_NAME, substr(created_at, 1, 10), -count(*) from old_rows group by 2;
          return null;
        end
      $$`.execute(db);
      await sql`create function row_count_moved_day() returns trigger language plpgsql as $$
        begin
          if substr(old.created_at, 1, 10) is distinct from substr(new.created_at, 1, 10) then
            insert into row_count_deltas (table_name, bucket, delta)
              values (TG_TABLE_NAME, substr(old.created_at, 1, 10), -1), (TG_TABLE_NAME, substr(new.created_at, 1, 10), 1);
          end if;
          return null;
        end
      $$`.execute(db);
      await sql`drop trigger orders_rows_inserted on orders`.execute(db);
      await sql`drop trigger orders_rows_deleted on orders`.execute(db);
      await sql`create trigger orders_rows_inserted after insert on orders
        referencing new table as new_rows for each statement execute function row_count_inserted_by_day()`.execute(db);
      await sql`create trigger orders_rows_deleted after delete on orders
        referencing old table as old_rows for each statement execute function row_count_deleted_by_day()`.execute(db);
      await sql`create trigger orders_rows_moved after update of created_at on orders
        for each row execute function row_count_moved_day()`.execute(db);
      // Counted again by day under the lock the triggers' creation holds on orders until the migration commits; the
      // '' row of 0 keeps a store without orders on its kept count, as migration 030 left it.
      await sql`delete from row_count_deltas where table_name = 'orders'`.execute(db);
      await sql`insert into row_count_deltas (table_name, bucket, delta)
        select 'orders', substr(created_at, 1, 10), count(*) from orders group by 2
        union all select 'orders', '', 0`.execute(db);
    },
  };
}
