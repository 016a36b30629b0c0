import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import type { columnTypes } from '../../dialect';

type ColumnTypes = ReturnType<typeof columnTypes>;

/** Money column: integer ten-thousandths, never null, 0 by default. */
function money<T extends string>(table: CreateTableBuilder<T, never>, name: string, t: ColumnTypes): CreateTableBuilder<T, never> {
  return table.addColumn(name, t.bigint, (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0));
}

function moneyColumns<T extends string>(table: CreateTableBuilder<T, never>, names: readonly string[], t: ColumnTypes): CreateTableBuilder<T, never> {
  return names.reduce((builder, name) => money(builder, name, t), table);
}

// Frozen copy of schemas/paymentStatus.ts as of this migration: a migration must not change after it ran.
const PAYMENT_STATUS_CHECK = `'paid', 'partially_paid', 'unpaid', 'hold', 'order_void', 'refunded', 'partially_refunded'`;

/**
 * The tables of spec 03 §3 (orders, lines, payments, refunds, instalments, coupons, codes, stock movements).
 * Business rules live in the orders services; this only fixes shape, keys and the indexes lists need.
 */
export async function createOrderTables(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  let orders = db.schema
    .createTable('orders')
    .addColumn('id', t.id, (c) => c.primaryKey())
    // 'YYMMDD-NNN' from order_codes_counter.
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('takeaway')
        .check(sql`type in ('takeaway', 'delivery')`),
    )
    .addColumn('payment_status', 'text', (c) => c.notNull().check(sql.raw(`payment_status in (${PAYMENT_STATUS_CHECK})`)))
    .addColumn('process_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('delivery_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id'))
    // The cashier who rang the sale.
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('register_id', 'integer', (c) => c.references('cash_registers.id').onDelete('set null'))
    .addColumn('discount_type', 'text', (c) => c.check(sql`discount_type in ('percentage', 'flat')`))
    // Ten-thousandths of a percent point: 12.5 % → 125000.
    .addColumn('discount_percentage', t.bigint, (c) => c.notNull().defaultTo(0));
  orders = moneyColumns(
    orders,
    ['discount', 'subtotal', 'total_coupons', 'total_tax_value', 'cardfee', 'roundup', 'shipping', 'total', 'tendered', 'change'],
    t,
  );
  await orders
    .addColumn('support_instalments', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`support_instalments in (0, 1)`),
    )
    // JSON text: { checkinfo: { checkNumber, fullName, dateOfBirth, licenseNumber, address, phoneNumber } }.
    .addColumn('extra', 'text')
    .addColumn('note', 'text')
    .addColumn('voided_at', 'text')
    .addColumn('void_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
  await db.schema.createIndex('orders_payment_status_created_idx').on('orders').columns(['payment_status', 'created_at']).execute();
  await db.schema.createIndex('orders_customer_created_idx').on('orders').columns(['customer_id', 'created_at']).execute();
  await db.schema.createIndex('orders_author_idx').on('orders').column('author_id').execute();
  await db.schema.createIndex('orders_register_idx').on('orders').column('register_id').execute();
  await db.schema.createIndex('orders_total_idx').on('orders').column('total').execute();

  let products = db.schema
    .createTable('order_products')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('unit_id', 'integer', (c) => c.references('units.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quantity', t.double, (c) => c.notNull())
    .addColumn('discount_type', 'text', (c) => c.check(sql`discount_type in ('percentage', 'flat')`))
    .addColumn('discount_percentage', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('tax_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('inclusive')
        .check(sql`tax_type in ('inclusive', 'exclusive')`),
    );
  products = moneyColumns(
    products,
    ['unit_price', 'discount', 'tax_value', 'total_price', 'total_price_with_tax', 'total_price_without_tax', 'total_product_coupons'],
    t,
  );
  await products
    .addColumn('product_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('product')
        .check(sql`product_type in ('product', 'dynamic')`),
    )
    // users.vendor_id (the mall's vendor number, e.g. 101) of the vendor who sold the line; kept when the vendor leaves.
    .addColumn('vendor_id', 'integer')
    // users.vendor_id of a vendor buying the line: vendor purchases count against that vendor's balance (spec 03 §9).
    .addColumn('buyer_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('sold'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_products_order_idx').on('order_products').column('order_id').execute();
  await db.schema.createIndex('order_products_product_idx').on('order_products').column('product_id').execute();
  await db.schema.createIndex('order_products_unit_idx').on('order_products').column('unit_id').execute();
  await db.schema.createIndex('order_products_vendor_created_idx').on('order_products').columns(['vendor_id', 'created_at']).execute();
  await db.schema.createIndex('order_products_buyer_idx').on('order_products').column('buyer_id').execute();

  await db.schema
    .createTable('order_payments')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // payment_types.identifier: cash-payment, card, account-payment, bank-payment, …
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', t.bigint, (c) => c.notNull())
    // For account-payment: the users.vendor_id whose balance paid.
    .addColumn('vendor_id', 'integer')
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_payments_order_idx').on('order_payments').column('order_id').execute();
  await db.schema.createIndex('order_payments_identifier_idx').on('order_payments').column('identifier').execute();
  await db.schema.createIndex('order_payments_vendor_idx').on('order_payments').column('vendor_id').execute();
  await db.schema.createIndex('order_payments_author_idx').on('order_payments').column('author_id').execute();

  await db.schema
    .createTable('order_refunds')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('total', t.bigint, (c) => c.notNull())
    .addColumn('shipping', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('register_id', 'integer', (c) => c.references('cash_registers.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_refunds_order_idx').on('order_refunds').column('order_id').execute();
  await db.schema.createIndex('order_refunds_author_idx').on('order_refunds').column('author_id').execute();
  await db.schema.createIndex('order_refunds_register_idx').on('order_refunds').column('register_id').execute();

  // A refund may pay back through several gateways (spec 03 §3 refund request: a list of gateways with refundValue).
  await db.schema
    .createTable('order_refund_payments')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('order_refund_id', 'integer', (c) => c.notNull().references('order_refunds.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', t.bigint, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('order_refund_payments_refund_identifier_uq', ['order_refund_id', 'identifier'])
    .execute();
  await db.schema.createIndex('order_refund_payments_order_idx').on('order_refund_payments').column('order_id').execute();

  let refunded = db.schema
    .createTable('order_refunded_products')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('order_refund_id', 'integer', (c) => c.notNull().references('order_refunds.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('order_product_id', 'integer', (c) => c.notNull().references('order_products.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('quantity', t.double, (c) => c.notNull())
    .addColumn('discount_type', 'text', (c) => c.check(sql`discount_type in ('percentage', 'flat')`))
    .addColumn('discount_percentage', t.bigint, (c) => c.notNull().defaultTo(0));
  refunded = moneyColumns(refunded, ['unit_price', 'discount', 'total_product_coupons', 'tax_value', 'total_price'], t);
  await refunded
    .addColumn('condition', 'text', (c) => c.notNull().check(sql`condition in ('damaged', 'unspoiled')`))
    .addColumn('refund_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('refund_product')
        .check(sql`refund_type in ('refund_product', 'refund_payment')`),
    )
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_refunded_products_refund_idx').on('order_refunded_products').column('order_refund_id').execute();
  await db.schema.createIndex('order_refunded_products_order_idx').on('order_refunded_products').column('order_id').execute();
  await db.schema.createIndex('order_refunded_products_line_idx').on('order_refunded_products').column('order_product_id').execute();
  await db.schema.createIndex('order_refunded_products_product_idx').on('order_refunded_products').column('product_id').execute();

  await db.schema
    .createTable('order_instalments')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('amount', t.bigint, (c) => c.notNull())
    .addColumn('paid', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`paid in (0, 1)`),
    )
    .addColumn('payment_id', 'integer', (c) => c.references('order_payments.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_instalments_order_date_idx').on('order_instalments').columns(['order_id', 'date']).execute();
  await db.schema.createIndex('order_instalments_payment_idx').on('order_instalments').column('payment_id').execute();

  await db.schema
    .createTable('order_coupons')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // Set when the coupon applies to one line (order product coupons), null for a cart coupon.
    .addColumn('order_product_id', 'integer', (c) => c.references('order_products.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('percentage_discount', 'flat_discount')`))
    // Percentage in ten-thousandths of a point, or a flat money amount.
    .addColumn('discount_value', t.bigint, (c) => c.notNull())
    // The money the coupon took off.
    .addColumn('value', t.bigint, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_coupons_order_idx').on('order_coupons').column('order_id').execute();
  await db.schema.createIndex('order_coupons_line_idx').on('order_coupons').column('order_product_id').execute();

  await db.schema
    .createTable('order_codes_counter')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('stock_movements')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    // Signed change of product_unit_quantities.quantity: negative for a sale, positive for a return to stock.
    .addColumn('quantity', t.double, (c) => c.notNull())
    // sale, void, delete, refund_unspoiled, refund_damaged, adjustment.
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_movements_product_created_idx').on('stock_movements').columns(['product_id', 'created_at']).execute();
  await db.schema.createIndex('stock_movements_order_idx').on('stock_movements').column('order_id').execute();
  await db.schema.createIndex('stock_movements_unit_idx').on('stock_movements').column('unit_id').execute();
}
