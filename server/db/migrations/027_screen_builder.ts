import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Screens administrators declare in the browser: the current declaration (the same JSON as a file of
 * schemas/crud), every saved version with the renames it made (a revert undoes them), and the fields a save
 * removed, whose columns and values are kept until an explicit purge.
 */
export function screenBuilder(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('crud_screens')
        .addColumn('namespace', 'text', (c) => c.primaryKey())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('table_name', 'text', (c) => c.notNull().unique())
        .addColumn('declaration', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createTable('crud_screen_versions')
        .addColumn('namespace', 'text', (c) => c.notNull().references('crud_screens.namespace').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('declaration', 'text', (c) => c.notNull())
        // JSON { old: new } of the columns this save renamed.
        .addColumn('renames', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('crud_screen_versions_pk', ['namespace', 'version'])
        .execute();
      await db.schema
        .createTable('crud_removed_fields')
        .addColumn('namespace', 'text', (c) => c.notNull().references('crud_screens.namespace').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        // JSON: the field as declared, its tab, and its list column if it had one, for a restore.
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('removed_at', 'text', (c) => c.notNull())
        .addColumn('removed_in_version', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('crud_removed_fields_pk', ['namespace', 'name'])
        .execute();
    },
  };
}
