import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

const NEGATIVE_STOCK = 'product_unit_quantities.quantity must not be below zero';

/**
 * The stock ledger: every movement records the quantity before and after it (and who adjusted stock by
 * hand), and the database itself refuses a negative unit quantity, whatever statement tries.
 *
 * PostgreSQL gets a CHECK constraint. SQLite cannot add a CHECK to an existing table; the alternative,
 * rebuilding product_unit_quantities (create a copy with the CHECK, copy the rows, drop, rename, recreate
 * its unique key and index), rewrites the whole table on every existing store and must be kept in step
 * with every later change to that table. Two triggers give the same refusal (the statement aborts, the
 * transaction's earlier work stays to be rolled back by the caller) without touching the data.
 */
export function stockLedger(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('stock_movements')
        .addColumn('quantity_before', dialect === 'postgres' ? 'double precision' : 'real')
        .execute();
      await db.schema
        .alterTable('stock_movements')
        .addColumn('quantity_after', dialect === 'postgres' ? 'double precision' : 'real')
        .execute();
      await db.schema
        .alterTable('stock_movements')
        .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      if (dialect === 'postgres') {
        await sql`alter table product_unit_quantities add constraint product_unit_quantities_quantity_nonnegative check (quantity >= 0)`.execute(db);
        return;
      }
      for (const event of ['insert', 'update of quantity'] as const) {
        const name = event === 'insert' ? 'product_unit_quantities_nonnegative_insert' : 'product_unit_quantities_nonnegative_update';
        await sql
          .raw(
            `create trigger ${name} before ${event} on product_unit_quantities
          when new.quantity < 0 begin select raise(abort, '${NEGATIVE_STOCK}'); end`,
          )
          .execute(db);
      }
    },
  };
}
