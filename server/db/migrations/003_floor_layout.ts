import { sql, type Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect';
import { nowUtc } from '../time';

/** The default layer every store starts with (spec 02 §9: 1440 × 800, white). */
export const DEFAULT_LAYER = {
  layer_name: 'Default',
  layer_background: JSON.stringify({ path: '', width: 1440, height: 800, background: '#ffffff', isblank: true }),
  layer_objects: JSON.stringify({ json: [], svg: '' }),
};

/** Floor layers, spaces, space owners and the space history (spec 02 §3), with the default layer. */
export function floorLayout(dialect: DialectName) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('floor_layers')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('layer_name', 'text', (c) => c.notNull())
        .addColumn('layer_background', 'text', (c) => c.notNull())
        .addColumn('layer_objects', 'text', (c) => c.notNull())
        .addColumn('image_name', 'text')
        .addColumn('is_default', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`is_default in (0, 1)`),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // At most one default layer; the service refuses to delete it, so exactly one exists.
      await sql`create unique index floor_layers_one_default on floor_layers (is_default) where is_default = 1`.execute(db);

      await db.schema
        .createTable('floor_spaces')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('layer_id', 'integer', (c) => c.notNull().references('floor_layers.id').onDelete('cascade'))
        .addColumn('floor_no', 'integer', (c) => c.notNull())
        .addColumn('floor_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('floor_description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('floor_size', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('floor_status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('for_rent')
            .check(sql`floor_status in ('for_rent', 'pending', 'rented')`),
        )
        .addColumn('floor_coords', 'text', (c) => c.notNull())
        .addColumn('floor_bg_color', 'text', (c) => c.notNull())
        .addColumn('floor_text_color', 'text', (c) => c.notNull())
        .addColumn('floor_font_size', 'integer', (c) => c.notNull().defaultTo(25))
        .addColumn('floor_font_weight', 'integer', (c) => c.notNull().defaultTo(700))
        .addColumn('floor_rotate', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('border_color', 'text', (c) => c.notNull())
        .addColumn('border_width', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('floor_price', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('floor_spaces_layer_idx').on('floor_spaces').columns(['layer_id', 'floor_no']).execute();

      await db.schema
        .createTable('floor_space_owners')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('space_id', 'integer', (c) => c.notNull().references('floor_spaces.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('floor_price', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('floor_space_owners_space_user', ['space_id', 'user_id'])
        .execute();
      await db.schema.createIndex('floor_space_owners_user_idx').on('floor_space_owners').column('user_id').execute();

      await db.schema
        .createTable('floor_space_history')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('vendor_id', 'integer', (c) => c.notNull())
        .addColumn('space_date', 'text', (c) => c.notNull())
        .addColumn('total', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('extra', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('floor_space_history_vendor_idx').on('floor_space_history').columns(['vendor_id', 'space_date', 'id']).execute();

      const now = nowUtc();
      await (db as Kysely<any>)
        .insertInto('floor_layers')
        .values({ ...DEFAULT_LAYER, image_name: null, is_default: 1, created_at: now, updated_at: now })
        .execute();
    },
  };
}
