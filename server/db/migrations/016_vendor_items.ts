import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Items belong to vendors. products.vendor_id is the owning vendor's number (users.vendor_id, like
 * order_products.vendor_id and vendor_fees), null for the store's own goods; a product's units belong to
 * whoever owns the product. Lines sold inherit it (server/services/vendors/lineVendor.ts). The index
 * serves a vendor's "My Items" list (their rows, newest first) and the products list's vendor filter.
 * No foreign key: a vendor number is kept when its user is deleted, as order lines keep it.
 */
export function vendorItems(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('products').addColumn('vendor_id', 'integer').execute();
      // The item's picture: the URL of an image from the media manager (the media field's value).
      await db.schema.alterTable('products').addColumn('picture', 'text').execute();
      await db.schema.createIndex('products_vendor_created_idx').on('products').columns(['vendor_id', 'created_at']).execute();
      // Each vendor number with a name to show ("vendor (#101)"): the products list joins it for its Vendor
      // column and the form's vendor select reads its options from it.
      await db.schema
        .createView('vendor_names')
        .as(
          (db as Kysely<any>)
            .selectFrom('users')
            .select(['vendor_id', sql<string>`username || ' (#' || vendor_id || ')'`.as('name')])
            .where('role', '=', 'vendor')
            .where('vendor_id', 'is not', null),
        )
        .execute();
      // A product's first unit with its price and stock: what a vendor's item list shows (vendors enter one unit).
      await db.schema
        .createView('product_main_units')
        .as(
          (db as Kysely<any>)
            .selectFrom('product_unit_quantities as q')
            .select(['q.product_id', 'q.unit_id', 'q.sale_price', 'q.quantity'])
            .where(sql<boolean>`q.id = (select min(f.id) from product_unit_quantities f where f.product_id = q.product_id)`),
        )
        .execute();
    },
  };
}
