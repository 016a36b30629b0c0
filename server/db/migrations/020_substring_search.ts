import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Back-office lists find a word inside a name ('candle' finds 'Beeswax Candles'). On PostgreSQL that needs
 * pg_trgm for an index (the CRUD engine creates one per searched text column at start, server/crud/
 * substringIndex.ts). pg_trgm is a trusted extension since PostgreSQL 13: a role with CREATE on the database
 * may install it; a role without it, or a server without the contrib package, leaves a notice and the
 * searches stay exact, only reading the whole table (an administrator can run `create extension pg_trgm`
 * later: the engine indexes at the next start). SQLite's FTS5 trigram tokenizer is built in.
 */
export function substringSearch(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      // A failed statement would abort the migration's transaction: the block's handler keeps it alive.
      await sql`do $$ begin
        create extension if not exists pg_trgm;
      exception when insufficient_privilege or undefined_file or feature_not_supported then
        raise notice 'pg_trgm is not available (%): list searches inside names read the whole table.', sqlerrm;
      end $$`.execute(db);
    },
  };
}
