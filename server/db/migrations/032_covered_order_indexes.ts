import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Three indexes every sale wrote to and no read needs, each the leading column of a wider index of its table that
 * serves the same reads: orders (created_at) and order_products (order_id) lead the reports' covering indexes
 * (migration 013); orders (total) leads the orders list's sort index on (total, id), which the list engine builds
 * from the shipped declaration (on SQLite the two were the same index twice). Each checkout inserted into them
 * once per order and once per line, and again for the order when its figures were stored (that update moves the
 * row, so every index of the order takes a new entry).
 */
export function coveredOrderIndexes(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('orders_created_idx').execute();
      await db.schema.dropIndex('orders_total_idx').execute();
      await db.schema.dropIndex('order_products_order_idx').execute();
    },
  };
}
