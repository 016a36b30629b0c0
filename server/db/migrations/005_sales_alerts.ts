import { sql, type Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect';

/** Vendor sales alert requests and their media (spec 03 §3). */
export function salesAlerts(dialect: DialectName) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sales_alert_requests')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('request_content', 'text', (c) => c.notNull())
        .addColumn('request_note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('approve_type', 'text', (c) =>
          c
            .notNull()
            .defaultTo('pending')
            .check(sql`approve_type in ('pending', 'approve', 'decline')`),
        )
        .addColumn('approve_note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_default', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`is_default in (0, 1)`),
        )
        .addColumn('range_start', 'text')
        .addColumn('range_end', 'text')
        .addColumn('request_date', 'text', (c) => c.notNull())
        .addColumn('approve_date', 'text')
        .addColumn('approve_admin_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        // A range alert has both dates in order; a default alert has none.
        .addCheckConstraint(
          'sales_alert_requests_range',
          sql`(is_default = 1 and range_start is null and range_end is null) or (is_default = 0 and range_start is not null and range_end is not null and range_start <= range_end)`,
        )
        .execute();
      await db.schema.createIndex('sales_alert_requests_user_idx').on('sales_alert_requests').columns(['user_id', 'approve_type']).execute();

      await db.schema
        .createTable('sales_alert_media')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('request_id', 'integer', (c) => c.notNull().references('sales_alert_requests.id').onDelete('cascade'))
        .addColumn('stored_name', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('image', 'video')`))
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sales_alert_media_request_idx').on('sales_alert_media').columns(['request_id', 'position']).execute();
    },
  };
}
