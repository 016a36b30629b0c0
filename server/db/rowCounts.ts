import { sql } from 'kysely';
import type { Database } from './index';

/** How often an app server folds the row-count deltas together (migration 030). */
export const COMPACT_ROW_COUNTS_MS = 5_000;

/**
 * Replaces each counted table's deltas with their sum, per bucket (a day of the orders, migration 033), in one
 * statement: a reader sees the rows before or after, never a part. Deltas of transactions still open are not
 * visible to it and stay for the next round; two app servers compacting at once each fold what the other left,
 * since the second delete waits for the first and then skips the rows it removed. It folds only the buckets with
 * more than one delta row. Nothing on SQLite.
 */
export async function compactRowCounts(database: Database): Promise<void> {
  if (database.dialect !== 'postgres') return;
  await sql`
    with gone as (
      delete from row_count_deltas
      where (table_name, bucket) in (select table_name, bucket from row_count_deltas group by table_name, bucket having count(*) > 1)
      returning table_name, bucket, delta)
    insert into row_count_deltas (table_name, bucket, delta) select table_name, bucket, sum(delta) from gone group by table_name, bucket`.execute(database.db);
}
