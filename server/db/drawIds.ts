import { sql, type Compilable, type Kysely } from 'kysely';
import { batchable } from './batch';
import { isPostgres } from './dialect';
import { listSlots, statementTemplate } from './template';

/**
 * A read of the next ids of tables (each with an `id` column the database fills), `counts` per table, for the
 * caller's read batch (server/db/batch.ts): rows drawn this way carry their ids, so rows that refer to each
 * other can be written together in one batch. PostgreSQL draws them from the column's sequence, as an insert
 * would (never reused; a rolled-back write leaves a gap). SQLite gives a new row the largest id plus one; its
 * writer holds the database from BEGIN IMMEDIATE, so the ids stay free until this transaction writes them.
 * Draw a table once before writing it: on SQLite two draws before the write answer the same ids.
 */
export function drawIds(db: Kysely<any>, counts: Readonly<Record<string, number>>): Compilable<{ name: string; id: number }> {
  const tables = Object.entries(counts).filter(([, count]) => count > 0);
  const values = { c: tables.map(([, count]) => count), most: Math.max(1, ...tables.map(([, count]) => count)) };
  return drawTemplate(db, values, tables.map(([table]) => table).join(','));
}

/** The draw, compiled once per set of tables (server/db/template.ts): the variant names them, the values are their counts. */
const drawTemplate = statementTemplate((db, values: Record<string, unknown>, names: string) => {
  const tables = names.split(',');
  const counts = listSlots<number>(values, 'c', tables.length);
  if (isPostgres(db)) {
    // A row per id from an array of `count` zeros, not generate_series(1, count): the reads this draw travels
    // with are prepared statements, and PostgreSQL's generic plan of a series with an unknown bound guesses a
    // thousand rows, so it judged the generic plan dearer and planned the checkout's read afresh at every sale.
    // An array of unknown length is guessed at ten elements. The table is named in the text (the variant names it).
    const draws = tables.map(
      (table, index) =>
        sql`select ${sql.lit(table)} as name, nextval(pg_get_serial_sequence(${sql.lit(table)}, 'id')) as id from unnest(array_fill(0, array[cast(${counts[index]} as integer)]))`,
    );
    return batchable(db, sql<{ name: string; id: number }>`${sql.join(draws, sql` union all `)}`);
  }
  const draws = tables.map(
    (table, index) => sql`select ${table} as name, (select coalesce(max(id), 0) from ${sql.table(table)}) + k as id from n where k <= ${counts[index]}`,
  );
  return batchable(
    db,
    sql<{
      name: string;
      id: number;
    }>`with recursive n(k) as (select 1 union all select k + 1 from n where k < ${values.most}) ${sql.join(draws, sql` union all `)}`,
  );
});

/** The ids a drawIds read answered for `table`, smallest first (the order its rows are written in). */
export function drawnIds(rows: ReadonlyArray<{ name: string; id: number }> | undefined, table: string): number[] {
  return (rows ?? [])
    .filter((row) => row.name === table)
    .map((row) => Number(row.id))
    .sort((a, b) => a - b);
}
