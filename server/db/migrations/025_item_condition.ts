import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * An item's condition as 1 to 5 stars (the star-rating field type of extensions/fields/star-rating/),
 * which a vendor sets in "My Items"; null until rated.
 */
export function itemCondition(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('products').addColumn('condition_rating', 'integer').execute();
    },
  };
}
