import { sql, type Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect';

/**
 * Coupons the back office defines (the coupons CRUD screen) and the till applies by code. `uses` counts the
 * orders that took the coupon: the checkout raises it with a guarded UPDATE inside its own transaction, so
 * two tills cannot both take the last use. order_coupons.coupon_id names the coupon each applied row came
 * from, for the per-customer limit; a coupon that was used cannot be deleted (its orders keep pointing at it).
 */
export function coupons(dialect: DialectName) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('coupons')
        .addColumn('id', t.id, (c) => c.primaryKey())
        // Stored trimmed and in upper case: the till's code is looked up the same way.
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('percentage', 'flat')`))
        // A percentage in ten-thousandths of a point, or a flat money amount, by type.
        .addColumn('value', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('target', 'text', (c) =>
          c
            .notNull()
            .defaultTo('cart')
            .check(sql`target in ('cart', 'products', 'categories')`),
        )
        // JSON lists of ids (the form's multiselects).
        .addColumn('product_ids', 'text')
        .addColumn('category_ids', 'text')
        // Business dates (YYYY-MM-DD) in the store's time zone, both included; null is open-ended.
        .addColumn('valid_from', 'text')
        .addColumn('valid_until', 'text')
        .addColumn('limit_total', 'integer')
        .addColumn('limit_per_customer', 'integer')
        .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable('order_coupons')
        .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id'))
        .execute();
      await db.schema.createIndex('order_coupons_coupon_idx').on('order_coupons').column('coupon_id').execute();
    },
  };
}
