import { sql, type Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect';

/** Users and sessions, options, the catalogue (products, units, quantities) and vendor fee entries. */
export function foundation(dialect: DialectName) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('vendor_id', 'integer', (c) => c.unique())
        .addColumn('first_name', 'text')
        .addColumn('last_name', 'text')
        .addColumn('phone', 'text')
        .addColumn('commission', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('monthly_rent', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_role_idx').on('users').column('role').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

      await db.schema
        .createTable('options')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('product_categories')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('units')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('identifier', 'text', (c) => c.notNull().unique())
        .addColumn('value', t.double, (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('products')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.unique())
        .addColumn('barcode', 'text', (c) => c.unique())
        .addColumn('category_id', 'integer', (c) => c.references('product_categories.id').onDelete('set null'))
        .addColumn('type', 'text', (c) => c.notNull().defaultTo('product'))
        .addColumn('tax_type', 'text', (c) => c.notNull().defaultTo('inclusive'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('available'))
        .addColumn('description', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('products_name_idx').on('products').column('name').execute();
      await db.schema.createIndex('products_category_idx').on('products').column('category_id').execute();
      await db.schema.createIndex('products_created_idx').on('products').column('created_at').execute();

      await db.schema
        .createTable('product_unit_quantities')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id'))
        .addColumn('sale_price', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('quantity', t.double, (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('product_unit_quantities_product_unit_uq', ['product_id', 'unit_id'])
        .execute();

      await db.schema
        .createTable('vendor_fees')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('vendor_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', t.bigint, (c) => c.notNull())
        .addColumn('start', 'text', (c) => c.notNull())
        .addColumn('is_prorate', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('vendor_fees_vendor_name_start_idx').on('vendor_fees').columns(['vendor_id', 'name', 'start']).execute();
      // Usernames are unique regardless of case, and the login lookup by lower(username) uses this index.
      await sql`create unique index users_username_lower_uq on users (lower(username))`.execute(db);
    },
  };
}
