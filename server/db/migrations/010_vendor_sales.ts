import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';
import { columnTypes, type DialectName } from '../dialect';
import { syncOrderMoney } from '../../services/vendors/vendorSales';

/**
 * Cart discounts shared by the lines, and vendor credit that follows the money collected.
 *
 * - order_products.order_discount: the line's share of the order's cart discount and cart coupons
 *   (largest remainder, schemas/orders/allocation), so a return, a vendor's sales and the sale report read
 *   the line's net (total_price − order_discount) rather than the undiscounted price.
 * - vendor_sales: the vendor sales ledger. Every money event of an order (payment, refund, line edit, void,
 *   delete) writes, in its own transaction, the change of each line's credit to its selling vendor ('sale')
 *   and charge to its buying vendor ('purchase'), without tax, dated on the store's business day it
 *   happened. A month's statement sums these rows, so a closed month stays as it was when an old layaway is
 *   paid later. No foreign key to orders: a deleted order's rows (and the rows that took its credit back)
 *   are history.
 *
 * Backfill: each existing order is brought to its figures by the same code the services run, dated on the
 * order's own business day (the day its sales counted before), so a store's existing sales keep their month.
 */
export function vendorSales(dialect: DialectName) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('order_products')
        .addColumn('order_discount', t.bigint, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('vendor_sales')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('vendor_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('sale', 'purchase')`))
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('order_product_id', 'integer', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('amount', t.bigint, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('vendor_sales_vendor_kind_date_idx').on('vendor_sales').columns(['vendor_id', 'kind', 'date']).execute();
      await db.schema.createIndex('vendor_sales_order_idx').on('vendor_sales').column('order_id').execute();

      const typed = db as unknown as Kysely<DB>;
      const orders = await typed.selectFrom('orders').select(['id', 'created_at']).orderBy('id').execute();
      for (const order of orders) await syncOrderMoney(typed, order.id, order.created_at);
    },
  };
}
