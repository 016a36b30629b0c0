import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { changedTables, snapshot, tableNames } from './dbSnapshot';
import { makeImage, multipart } from './uploadFixtures';
import { NoQuerySchema } from '../../schemas/http';

/**
 * A full disk, injected: the file system refusing a write (ENOSPC) halfway through an upload, SQLite
 * refusing to grow its file (SQLITE_FULL, through max_page_count), and the codes PostgreSQL and wrapped
 * errors carry. Each answers 507 with a message staff can act on, in the one envelope, and leaves nothing
 * half-written: no file (not even an empty or partial one) and no row.
 */

const DISK_FULL = { status: 'failed', message: "The store's disk is full. Free some space and try again." };

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

/** Lets the first `okWrites` files through, then writes 10 bytes of the next and fails with ENOSPC, as a filling disk does. */
function failWritesAfter(okWrites: number) {
  const realOpen = fsp.open.bind(fsp);
  let writes = 0;
  return vi.spyOn(fsp, 'open').mockImplementation((async (...args: Parameters<typeof fsp.open>) => {
    const handle = await realOpen(...args);
    const realWriteFile = handle.writeFile.bind(handle);
    handle.writeFile = (async (data: Buffer) => {
      writes += 1;
      if (writes <= okWrites) return realWriteFile(data);
      await handle.write(data.subarray(0, 10));
      throw enospc();
    }) as typeof handle.writeFile;
    return handle;
  }) as typeof fsp.open);
}

describe.each(DIALECTS)('a full disk on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let cashier: string;
  let tables: string[];
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      extend: (app) =>
        app.register(
          async (api) => {
            // Errors as the drivers raise them, for the codes a test cannot provoke on a shared server.
            const raise =
              (code: string, wrapped = false) =>
              async () => {
                const error = Object.assign(new Error(`driver error ${code}`), { code });
                throw wrapped ? new Error('write failed', { cause: error }) : error;
              };
            const route = { schema: { querystring: NoQuerySchema }, config: { permission: 'public' } } as const;
            api.get('/test/pg-disk-full', route, raise('53100'));
            api.get('/test/sqlite-full', route, raise('SQLITE_FULL'));
            api.get('/test/wrapped-enospc', route, raise('ENOSPC', true));
            api.get('/test/pg-out-of-range', route, raise('22003'));
          },
          { prefix: API },
        ),
    });
    [admin, cashier] = await Promise.all([t.login('admin'), t.login('cashier')]);
    tables = await tableNames(t.database);
    png = await makeImage('png', 900, 600);
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const mediaDir = () => path.join(t.config.dataDir, 'uploads', 'medias');
  const filesOnDisk = () => (fs.existsSync(mediaDir()) ? fs.readdirSync(mediaDir()).sort() : []);
  const upload = () =>
    t.call({
      method: 'POST',
      url: `${API}/medias`,
      cookie: admin,
      ...multipart([{ name: 'file', filename: 'Booth.png', data: png, contentType: 'image/png' }]),
    });

  it('answers 507 when the disk fills while an upload is written, and leaves no file and no row', async () => {
    const files = filesOnDisk();
    const before = await snapshot(t.database, tables);
    const spy = failWritesAfter(0);
    const response = await upload();
    expect(spy).toHaveBeenCalled();
    expect([response.statusCode, response.json()]).toEqual([507, DISK_FULL]);
    expect(filesOnDisk()).toEqual(files);
    expect(changedTables(before, await snapshot(t.database, tables))).toEqual([]);
  });

  it('removes the original already written when the disk fills on its thumbnail', async () => {
    const files = filesOnDisk();
    const before = await snapshot(t.database, tables);
    failWritesAfter(1);
    const response = await upload();
    expect([response.statusCode, response.json()]).toEqual([507, DISK_FULL]);
    expect(filesOnDisk()).toEqual(files);
    expect(changedTables(before, await snapshot(t.database, tables))).toEqual([]);
    vi.restoreAllMocks();
    // With room again the same upload is stored whole: an original and its thumbnail.
    const again = await upload();
    expect(again.statusCode, again.body).toBe(200);
    expect(filesOnDisk().length).toBe(files.length + 2);
    expect(filesOnDisk().filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it.skipIf(dialect !== 'sqlite')('answers 507 when SQLite cannot grow its file (SQLITE_FULL) and keeps no part of the order', async () => {
    const product = await t.database.db.selectFrom('product_unit_quantities').select(['product_id', 'unit_id']).orderBy('id').executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('product_unit_quantities')
      .set({ quantity: 100_000 })
      .where('product_id', '=', product.product_id)
      .where('unit_id', '=', product.unit_id)
      .execute();
    const before = await snapshot(t.database, tables);
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.database.db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(t.database.db);
    try {
      const lines = Array.from({ length: 500 }, (_, index) => ({
        product_type: 'dynamic',
        name: `Quilt square ${index} ${'x'.repeat(150)}`,
        unit_price: 1,
        quantity: 1,
        tax_type: 'inclusive',
        vendor_id: 101,
      }));
      // Saved unpaid, so every check passes and the order's rows are written.
      const response = await t.call({ method: 'POST', url: `${API}/orders`, cookie: cashier, payload: { products: lines, payments: [], save_unpaid: true } });
      expect([response.statusCode, response.json()]).toEqual([507, DISK_FULL]);
    } finally {
      await sql.raw('pragma max_page_count = 4294967294').execute(t.database.db);
    }
    expect(changedTables(before, await snapshot(t.database, tables))).toEqual([]);
  });

  it('maps PostgreSQL disk_full (53100), SQLITE_FULL and a wrapped ENOSPC to 507, and a PostgreSQL out-of-range number (22003) to 422', async () => {
    for (const name of ['pg-disk-full', 'sqlite-full', 'wrapped-enospc']) {
      const response = await t.call({ method: 'GET', url: `${API}/test/${name}` });
      expect([name, response.statusCode, response.json()]).toEqual([name, 507, DISK_FULL]);
    }
    const range = await t.call({ method: 'GET', url: `${API}/test/pg-out-of-range` });
    expect([range.statusCode, range.json()]).toEqual([422, { status: 'failed', message: 'A number in the request is too large.' }]);
  });
});
