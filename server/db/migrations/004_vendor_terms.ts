import { sql, type Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect';

/**
 * What the vendor balance (spec 02 §9) needs beyond orders and fee entries: pro-rate fee records and a
 * small ledger of fees, balance payments and credits. Money is integer ten-thousandths; dates are 'YYYY-MM-DD'.
 * vendor_id is the vendor number (users.vendor_id), like vendor_fees and order lines, so records survive a user edit.
 */
export function vendorTerms(dialect: DialectName) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('vendor_prorate_fees')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('vendor_id', 'integer', (c) => c.notNull())
        .addColumn('start', 'text', (c) => c.notNull())
        .addColumn('price', t.bigint, (c) => c.notNull().check(sql`price > 0`))
        .addColumn('days', 'integer', (c) => c.notNull().check(sql`days between 1 and 31`))
        .addColumn('prorate', t.bigint, (c) => c.notNull().check(sql`prorate >= 0`))
        .addColumn('memo', 'text')
        .addColumn('calcoptions', 'text', (c) => c.notNull().check(sql`calcoptions in ('flat', 'rate')`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('vendor_prorate_fees_vendor_start_idx').on('vendor_prorate_fees').columns(['vendor_id', 'start']).execute();
      await db.schema.createIndex('vendor_prorate_fees_author_idx').on('vendor_prorate_fees').column('author_id').execute();

      await db.schema
        .createTable('vendor_ledger')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('vendor_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('fee', 'balance_payment', 'credit')`))
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('amount', t.bigint, (c) => c.notNull().check(sql`amount >= 0`))
        .addColumn('memo', 'text')
        .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('vendor_ledger_vendor_kind_date_idx').on('vendor_ledger').columns(['vendor_id', 'kind', 'date']).execute();
      await db.schema.createIndex('vendor_ledger_author_idx').on('vendor_ledger').column('author_id').execute();
    },
  };
}
