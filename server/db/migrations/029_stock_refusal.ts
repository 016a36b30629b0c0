import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/** The SQLSTATE stock_refused raises: a class of our own, so nothing else PostgreSQL answers is taken for it. */
export const STOCK_REFUSED_STATE = 'SR001';

/**
 * PostgreSQL: stock_refused(product, unit) fails the statement that calls it, naming the unit. A stock write's
 * batch calls it for a unit its guarded update left out (not enough stock), so the refusal happens in the
 * database: the batch may then travel with COMMIT and the answer's read, and nothing commits after a refusal.
 * SQLite gets nothing: its writes run one by one and the app checks each answer before it commits.
 */
export function stockRefusal(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`create or replace function stock_refused(product integer, unit integer) returns integer language plpgsql as $$
        begin
          raise exception 'stock refused' using errcode = ${sql.lit(STOCK_REFUSED_STATE)}, detail = product || ':' || unit;
        end
      $$`.execute(db);
    },
  };
}
