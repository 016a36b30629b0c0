import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createPostgresDatabase } from './harness';
import { openDatabase, type Database } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { foundation } from '../../server/db/migrations/001_foundation';
import { backOffice } from '../../server/db/migrations/002_back_office';
import { floorLayout } from '../../server/db/migrations/003_floor_layout';
import { NEW_SPACE_STYLE, createOrRedrawSpace } from '../../server/services/floor/spaces';

const NOW = '2026-01-05 10:00:00';

/**
 * A store from before migration 018: spaces numbered by their ids, and history naming space #3, since
 * deleted. After 018 the numbers 1–3 are taken for good: the next space is #4 with a new id.
 */
describe.each(DIALECTS)('migration 018 on a store with spaces and history on %s', (dialect) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-migration-'));
    const postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
    database = await openDatabase({ dataDir, databaseUrl: postgres?.url ?? null });
    cleanup = async () => {
      await database.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    const before = new Migrator({
      db: database.db,
      provider: {
        getMigrations: async () => ({
          '001_foundation': foundation(database.dialect),
          '002_back_office': backOffice(database.dialect),
          '003_floor_layout': floorLayout(database.dialect),
        }),
      },
    });
    const { error } = await before.migrateToLatest();
    if (error) throw error;
    const layer = await database.db.selectFrom('floor_layers').select('id').executeTakeFirstOrThrow();
    for (const id of [1, 2]) {
      await database.db
        .insertInto('floor_spaces')
        .values({
          ...NEW_SPACE_STYLE,
          id,
          layer_id: layer.id,
          floor_no: id,
          floor_name: '',
          floor_description: '',
          floor_size: '',
          floor_status: 'for_rent',
          floor_coords: '0,0,10,10',
          floor_price: 0,
          created_at: NOW,
          updated_at: NOW,
        })
        .execute();
    }
    await database.db
      .insertInto('floor_space_history')
      .values({
        vendor_id: 101,
        space_date: NOW,
        total: 0,
        data: JSON.stringify([{ floor_no: 2, space_size: '', price: 0, space_owner_id: 1, space_id: 2, layer: layer.id }]),
        extra: JSON.stringify({ action: 'space_deleted', space_id: 3, floor_no: 3, by: null }),
      })
      .execute();
    // Ids 1 and 2 were written by hand; the sequence stands where a store that had drawn three spaces would.
    if (dialect === 'postgres') await sql`select setval('floor_spaces_id_seq', 3)`.execute(database.db);
    await migrateToLatest(database);
  });
  afterAll(() => cleanup());

  it('keeps every number the spaces and the history name, and numbers the next space after them', async () => {
    const numbers = await database.db.selectFrom('floor_space_numbers').select(['floor_no', 'space_id']).orderBy('floor_no').execute();
    expect(numbers).toEqual([
      { floor_no: 1, space_id: 1 },
      { floor_no: 2, space_id: 2 },
      { floor_no: 3, space_id: 3 },
    ]);
    const space = await createOrRedrawSpace(database, { coords: '0,0,20,20', id: 0, layer: 0 });
    expect(space.floor_no).toBe(4);
    expect(space.id).toBe(4);
  });

  it('makes space numbers unique in the database', async () => {
    const layer = await database.db.selectFrom('floor_layers').select('id').executeTakeFirstOrThrow();
    await expect(
      database.db
        .insertInto('floor_spaces')
        .values({
          ...NEW_SPACE_STYLE,
          layer_id: layer.id,
          floor_no: 1,
          floor_name: '',
          floor_description: '',
          floor_size: '',
          floor_status: 'for_rent',
          floor_coords: '0,0,10,10',
          floor_price: 0,
          created_at: NOW,
          updated_at: NOW,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
