import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * PostgreSQL: the till's product search (GET /pos/products) orders the name-prefix matches by lower(name)
 * and stops at the limit. The text_pattern_ops index of 006 finds the prefix but cannot give that order,
 * so every match was read and sorted. An index on lower(name) in the "C" collation with the default
 * operator class serves both the prefix (byte order: LIKE 'abc%' is a range) and ORDER BY lower(name)
 * COLLATE "C", id, so the scan stops after `limit` rows. SQLite's NOCASE index already does both.
 */
export function orderSpeed(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`create index products_name_c_idx on products ((lower(name)) collate "C", id)`.execute(db);
    },
  };
}
