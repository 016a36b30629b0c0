import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * My Sales (the vendor_sold_lines view) keeps a vendor's lines whose order is still a sale, so each of a
 * month's lines looks up its order's payment status. With 16,000 lines in a month PostgreSQL chose to
 * hash every live order (500,000 at a million lines) through the payment-status index rather than look
 * 16,000 orders up by id, because a lookup by id had to visit the table for the status: 120 to 150 ms
 * for the list's total. This index carries the status beside the id, so the lookup stays in the index
 * and the planner takes it: about 35 ms. SQLite already finds an order by its rowid and reads the status
 * from the same page, so it gets nothing.
 */
export function orderStatusLookup(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`create index orders_id_status_idx on orders (id) include (payment_status)`.execute(db);
    },
  };
}
