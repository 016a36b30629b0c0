import { sql } from 'kysely';
import type { Database } from './index';

/** How often an app server folds the row-count deltas together (migration 030). */
export const COMPACT_ROW_COUNTS_MS = 5_000;

/**
 * Replaces each counted table's deltas with their sum, in one statement: a reader sees the rows before or after,
 * never a part. Deltas of transactions still open are not visible to it and stay for the next round; two app
 * servers compacting at once each fold what the other left, since the second delete waits for the first and then
 * skips the rows it removed. It runs only when some table has more than one delta row. Nothing on SQLite.
 */
export async function compactRowCounts(database: Database): Promise<void> {
  if (database.dialect !== 'postgres') return;
  await sql`
    with gone as (
      delete from row_count_deltas
      where table_name in (select table_name from row_count_deltas group by table_name having count(*) > 1)
      returning table_name, delta)
    insert into row_count_deltas (table_name, delta) select table_name, sum(delta) from gone group by table_name`.execute(database.db);
}
