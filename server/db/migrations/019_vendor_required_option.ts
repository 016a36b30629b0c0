import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { nowUtc } from '../time';

/**
 * The store option every_line_needs_vendor is on for a new store (its default). A store that has already
 * sold keeps selling as it did: it may have lines typed at the till without a vendor every day, and the
 * option would start refusing them at the first checkout after the upgrade. Such a store gets the option
 * stored off, and turns it on in Settings when it is ready. A new database has no orders when this runs
 * (the demo seed comes after the migrations), so it keeps the default.
 */
export function vendorRequiredOption(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const any = db as Kysely<any>;
      const [sold, stored] = await Promise.all([
        any.selectFrom('orders').select('id').limit(1).executeTakeFirst(),
        any.selectFrom('options').select('key').where('key', '=', 'every_line_needs_vendor').executeTakeFirst(),
      ]);
      if (!sold || stored) return;
      await any
        .insertInto('options')
        .values({ key: 'every_line_needs_vendor', value: JSON.stringify('no'), updated_at: nowUtc() })
        .execute();
    },
  };
}
