import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * The till's product search (GET /pos/products) matches a case-insensitive name prefix. The index it
 * needs is the one the CRUD engine also keeps for the products list's prefix search; it is created here
 * under the engine's name ("if not exists" on both sides), so the till never depends on a list declaration
 * and the table never carries the same index twice.
 */
export function orders(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await (
        dialect === 'postgres'
          ? sql`create index if not exists crud_products_name_ci on products (lower(name) text_pattern_ops)`
          : sql`create index if not exists crud_products_name_ci on products (name collate nocase)`
      ).execute(db);
    },
  };
}
