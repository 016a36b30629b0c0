import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from './harness';
import { useTestApp } from './suite';
import { changedTables, newScripts, snapshot, tableNames } from './dbSnapshot';

/** The snapshot that proves a refused request changed nothing (bad input, disk full, extreme values) sees every change it must. */
describe.each(DIALECTS)('database snapshots on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('finds a changed row, a new row and a deleted row, ignores a session’s sliding expiry, and lists new rows holding <script', async () => {
    const tables = await tableNames(t.database);
    const db = t.database.db;
    const first = await snapshot(t.database, tables);
    expect(changedTables(first, await snapshot(t.database, tables))).toEqual([]);

    await sql`update options set value = value || '.' where ${sql.ref('key')} = 'ns_store_name'`.execute(db);
    const renamed = await snapshot(t.database, tables);
    expect(changedTables(first, renamed)).toEqual(['options']);

    await sql`insert into options (${sql.ref('key')}, value, updated_at) values ('snapshot_probe', '<Script>alert(1)</script>', '2026-01-01 00:00:00')`.execute(
      db,
    );
    const added = await snapshot(t.database, tables);
    expect(changedTables(renamed, added)).toEqual(['options']);
    expect(added.get('options')!.count).toBe(renamed.get('options')!.count + 1);
    expect(newScripts(renamed, added)).toEqual([expect.stringMatching(/^options: .*snapshot_probe.*<Script>alert\(1\)/)]);

    await sql`delete from options where ${sql.ref('key')} = 'snapshot_probe'`.execute(db);
    const removed = await snapshot(t.database, tables);
    expect(changedTables(added, removed)).toEqual(['options']);
    expect(changedTables(renamed, removed)).toEqual([]);

    await t.login('cashier');
    const signedIn = await snapshot(t.database, tables);
    expect(changedTables(removed, signedIn)).toContain('sessions');
    await sql`update sessions set last_seen_at = ${'2099-01-01 00:00:00'}, expires_at = ${'2099-01-02 00:00:00'}`.execute(db);
    expect(changedTables(signedIn, await snapshot(t.database, tables))).toEqual([]);
  });
});
