import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * The indexes the reports read by (server/services/reports): refunds by the day they were given, voids by
 * the day they were made, open instalments by due day. Sales are read by orders.created_at, already indexed.
 */
export function reportIndexes(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('order_refunds_created_idx').on('order_refunds').column('created_at').execute();
      await db.schema.createIndex('orders_voided_idx').on('orders').column('voided_at').execute();
      await db.schema.createIndex('order_instalments_open_date_idx').on('order_instalments').columns(['paid', 'date']).execute();
    },
  };
}
