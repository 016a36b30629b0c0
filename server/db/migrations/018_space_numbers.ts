import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { nowUtc } from '../time';

/**
 * Space numbers become the store's own labels, never handed out twice. Until now a space's number was
 * its row id, and SQLite gives the highest id again once that row is deleted: deleting #15 and drawing
 * a space made a new #15 (same id too), and the old history entries then pointed at it.
 *
 * floor_space_numbers keeps every number ever given and the space it was given to, and is never
 * deleted from; it is filled here from today's spaces and from the numbers the space history names.
 * floor_spaces.floor_no becomes unique (one store per database).
 */
export function spaceNumbers(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('floor_space_numbers')
        .addColumn('floor_no', 'integer', (c) => c.primaryKey())
        .addColumn('space_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('floor_space_numbers_space_idx').on('floor_space_numbers').column('space_id').execute();

      const any = db as Kysely<any>;
      const given = new Map<number, number>();
      for (const space of await any.selectFrom('floor_spaces').select(['id', 'floor_no']).orderBy('id').execute()) {
        given.set(Number(space.floor_no), Number(space.id));
      }
      // Numbers of deleted spaces survive only in the history's snapshots.
      for (const entry of await any.selectFrom('floor_space_history').select(['data', 'extra']).orderBy('id').execute()) {
        const named: Array<{ floor_no?: unknown; space_id?: unknown }> = [];
        try {
          const data: unknown = JSON.parse(String(entry.data));
          if (Array.isArray(data)) named.push(...data);
          named.push(JSON.parse(String(entry.extra)));
        } catch {
          continue;
        }
        for (const space of named) {
          const number = Number(space?.floor_no);
          const spaceId = Number(space?.space_id);
          if (Number.isSafeInteger(number) && number > 0 && Number.isSafeInteger(spaceId) && spaceId > 0 && !given.has(number)) given.set(number, spaceId);
        }
      }
      const now = nowUtc();
      const rows = [...given].map(([floor_no, space_id]) => ({ floor_no, space_id, created_at: now }));
      for (let start = 0; start < rows.length; start += 500)
        await any
          .insertInto('floor_space_numbers')
          .values(rows.slice(start, start + 500))
          .execute();

      await sql`create unique index floor_spaces_floor_no_unique on floor_spaces (floor_no)`.execute(db);
    },
  };
}
