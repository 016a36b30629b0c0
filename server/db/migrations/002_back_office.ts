import { sql, type Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect';
import { createOrderTables } from './parts/002_order_tables';

/** The back office's CRUD resources: files, customers, expenses, cash registers, payment types; then the order tables. */
export function backOffice(dialect: DialectName) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Files first: expenses point at a media.
      await db.schema
        .createTable('medias')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('extension', 'text', (c) => c.notNull())
        // Random name on disk, never derived from the uploader's file name.
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('medias_user_created_idx').on('medias').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('medias_created_idx').on('medias').column('created_at').execute();
      await db.schema.createIndex('medias_name_idx').on('medias').column('name').execute();

      await db.schema
        .createTable('documents')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('extension', 'text', (c) => c.notNull())
        .addColumn('stored_name', 'text', (c) => c.notNull().unique())
        // What the document belongs to (e.g. 'vendor') and that record's id; custom_id 0 marks a temporary upload.
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('custom_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('documents_type_custom_idx').on('documents').columns(['type', 'custom_id']).execute();
      await db.schema.createIndex('documents_user_created_idx').on('documents').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('documents_created_idx').on('documents').column('created_at').execute();
      await db.schema.createIndex('documents_name_idx').on('documents').column('name').execute();

      await db.schema
        .createTable('customers')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text')
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('phone', 'text')
        // The login of a customer-role user: what lets that user see their own orders.
        .addColumn('user_id', 'integer', (c) => c.unique().references('users.id').onDelete('set null'))
        .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('customers_first_name_idx').on('customers').column('first_name').execute();
      await db.schema.createIndex('customers_last_name_idx').on('customers').column('last_name').execute();
      await db.schema.createIndex('customers_phone_idx').on('customers').column('phone').execute();
      await db.schema.createIndex('customers_created_idx').on('customers').column('created_at').execute();
      // A customer's display name (order list, order preview) in one place; lists join it like a table.
      await db.schema
        .createView('customer_names')
        .as((db as Kysely<any>).selectFrom('customers').select(['id', sql<string>`trim(first_name || ' ' || coalesce(last_name, ''))`.as('name')]))
        .execute();

      await db.schema
        .createTable('expense_categories')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('expense_categories_name_idx').on('expense_categories').column('name').execute();

      await db.schema
        .createTable('expenses')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('category_id', 'integer', (c) => c.notNull().references('expense_categories.id'))
        .addColumn('value', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('recurring', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`recurring in (0, 1)`),
        )
        .addColumn('occurrence', 'text')
        .addColumn('occurrence_value', 'integer')
        .addColumn('is_late_fee', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`is_late_fee in (0, 1)`),
        )
        .addColumn('description', 'text')
        .addColumn('media_id', 'integer', (c) => c.references('medias.id').onDelete('set null'))
        .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('expenses_category_idx').on('expenses').column('category_id').execute();
      await db.schema.createIndex('expenses_name_idx').on('expenses').column('name').execute();
      await db.schema.createIndex('expenses_created_idx').on('expenses').column('created_at').execute();
      await db.schema.createIndex('expenses_media_idx').on('expenses').column('media_id').execute();

      await db.schema
        .createTable('cash_registers')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('closed')
            .check(sql`status in ('opened', 'closed', 'disabled')`),
        )
        .addColumn('description', 'text')
        .addColumn('balance', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('cash_registers_name_idx').on('cash_registers').column('name').execute();

      await db.schema
        .createTable('payment_types')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('identifier', 'text', (c) => c.notNull().unique())
        .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`active in (0, 1)`),
        )
        // Built-in types the order code relies on (cash-payment, card, account-payment, bank-payment).
        .addColumn('readonly', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`readonly in (0, 1)`),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payment_types_priority_idx').on('payment_types').column('priority').execute();

      await createOrderTables(db, t);

      // Lists sort by created_at; the foundation tables lacked these indexes.
      await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute();
      await db.schema.createIndex('users_role_created_idx').on('users').columns(['role', 'created_at']).execute();
      await db.schema.createIndex('product_categories_name_idx').on('product_categories').column('name').execute();
      await db.schema.createIndex('units_name_idx').on('units').column('name').execute();
      await db.schema.createIndex('product_unit_quantities_unit_idx').on('product_unit_quantities').column('unit_id').execute();
    },
  };
}
