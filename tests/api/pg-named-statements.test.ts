import os from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db';
import { createPostgresDatabase } from './harness';

/**
 * PostgreSQL statements are prepared once per connection under a name (server/db/namedStatements.ts). What must
 * hold: they are really reused, a table that gains a column (the screen builder's DDL, here or on another app
 * server) never makes a query fail, and a connection cannot collect prepared statements without bound.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('named statements on postgres', () => {
  let store: { url: string; drop: () => Promise<void> };
  let database: Database;
  let other: pg.Client;

  const prepared = async () => Number((await sql<{ n: number }>`select count(*) as n from pg_prepared_statements`.execute(database.db)).rows[0]!.n);
  const rowOf = async () =>
    (
      await database.db
        .selectFrom('notes' as never)
        .selectAll()
        .execute()
    )[0] as Record<string, unknown>;

  beforeAll(async () => {
    store = await createPostgresDatabase();
    // One connection, so every query below meets the statements the previous ones prepared.
    database = await openDatabase({ databaseUrl: store.url, dataDir: os.tmpdir(), databasePoolSize: 1 });
    other = new pg.Client({ connectionString: store.url });
    await other.connect();
    await other.query(`create table notes (id integer primary key, body text)`);
    await other.query(`insert into notes values (1, 'first')`);
  });
  afterAll(async () => {
    await other.end();
    await database.close();
    await store.drop();
  });

  it('prepares a statement once and runs it again by name', async () => {
    const before = await prepared();
    expect(await rowOf()).toEqual({ id: 1, body: 'first' });
    const after = await prepared();
    expect(await rowOf()).toEqual({ id: 1, body: 'first' });
    expect(after - before).toBe(1);
    expect(await prepared()).toBe(after);
  });

  it('keeps a quiet connection and its prepared statements past pg’s own 10 s, so a till’s next sale is not planned again', async () => {
    const backend = async () => Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0]!.pid);
    await rowOf();
    const [pid, statements] = [await backend(), await prepared()];
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(await backend()).toBe(pid);
    expect(await prepared()).toBe(statements);
  }, 20_000);

  it('answers the new column when another server altered the table behind a prepared select *', async () => {
    expect(await rowOf()).toEqual({ id: 1, body: 'first' });
    await other.query(`alter table notes add column tag text default 'a'`);
    expect(await rowOf()).toEqual({ id: 1, body: 'first', tag: 'a' });
    expect(await rowOf()).toEqual({ id: 1, body: 'first', tag: 'a' });
  });

  it('answers the new column inside the transaction that altered the table', async () => {
    expect(await rowOf()).toEqual({ id: 1, body: 'first', tag: 'a' });
    const row = await database.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('notes' as never)
        .selectAll()
        .execute();
      await sql`alter table notes add column size integer default 3`.execute(trx);
      return (
        await trx
          .selectFrom('notes' as never)
          .selectAll()
          .execute()
      )[0];
    });
    expect(row).toEqual({ id: 1, body: 'first', tag: 'a', size: 3 });
    expect(await rowOf()).toEqual({ id: 1, body: 'first', tag: 'a', size: 3 });
  });

  it('keeps at most 300 statements prepared on a connection, running further texts unnamed', async () => {
    for (let i = 0; i < 320; i += 1) {
      const rows = await sql<{ n: number }>`select ${sql.lit(i)} as n`.execute(database.db);
      expect(rows.rows[0]!.n).toBe(i);
    }
    expect(await prepared()).toBe(300);
  });
});
