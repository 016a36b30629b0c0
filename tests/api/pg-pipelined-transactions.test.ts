import os from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db';
import { inTransaction, inTransactionThenRead } from '../../server/services/orders/core';
import { batchable, writeBatchAhead, writeBatchKept, writeBatchStarted } from '../../server/db/batch';
import { createPostgresDatabase } from './harness';

/**
 * A transaction's BEGIN travels with its first statement, a write whose answer is not read with the statement
 * after it, and, for a write that answers with a read, its COMMIT with that read right behind it
 * (server/db/pipelinedTransactions.ts). What must hold: the waits really go, a COMMIT or a held write that fails
 * fails what travelled with it and keeps nothing, a failed statement still rolls everything back, and the
 * connection is fit for the next request after each of these.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('pipelined transactions on postgres', () => {
  let store: { url: string; drop: () => Promise<void> };
  let database: Database;
  /** A second connection, to watch what the first has sent. */
  let watcher: Database;

  const notes = async () => (await sql<{ body: string }>`select body from notes order by id`.execute(database.db)).rows.map((row) => row.body);
  const insert = (body: string, parent: number | null = null) => sql`insert into notes (body, parent) values (${body}, ${parent})`;
  const counted = async <T>(work: () => Promise<T>) => {
    const before = database.statements();
    const answer = await work();
    return { answer, roundTrips: database.statements() - before };
  };
  /** An insert, then a write of a NULL body sent by `write` (held or started), then a select: one transaction. */
  const nullWriteBeforeSelect = (write: typeof writeBatchAhead) =>
    inTransaction(database, async (trx) => {
      await insert('before').execute(trx);
      await write(trx, { bad: batchable(trx, sql`insert into notes (body) values (null)`) });
      await sql`select 1`.execute(trx);
    });

  beforeAll(async () => {
    store = await createPostgresDatabase();
    // One connection: every transaction below reuses the one the previous left behind.
    database = await openDatabase({ databaseUrl: store.url, dataDir: os.tmpdir(), databasePoolSize: 1 });
    watcher = await openDatabase({ databaseUrl: store.url, dataDir: os.tmpdir(), databasePoolSize: 1 });
    await sql`create table notes (id serial primary key, body text not null,
      parent integer references notes (id) deferrable initially deferred)`.execute(database.db);
  });
  beforeEach(async () => {
    await sql`truncate notes restart identity`.execute(database.db);
  });
  afterAll(async () => {
    await watcher.close();
    await database.close();
    await store.drop();
  });

  it('sends BEGIN with the first statement and COMMIT with the answer', async () => {
    const plain = await counted(() => inTransaction(database, (trx) => insert('plain').execute(trx)));
    // BEGIN + insert, COMMIT.
    expect(plain.roundTrips).toBe(2);
    const answered = await counted(() =>
      inTransactionThenRead(
        database,
        async (trx) => {
          await insert('first').execute(trx);
          await insert('second').execute(trx);
        },
        async (db) => (await sql<{ n: number }>`select count(*) as n from notes`.execute(db)).rows[0]!.n,
      ),
    );
    // BEGIN + first insert, second insert, COMMIT + the count.
    expect(answered).toEqual({ answer: 3, roundTrips: 3 });
    expect(await notes()).toEqual(['plain', 'first', 'second']);
  });

  it('fails the answer when its COMMIT fails, and keeps nothing', async () => {
    // The foreign key is checked at COMMIT, which travels with the read.
    const attempt = inTransactionThenRead(
      database,
      (trx) => insert('orphan', 999).execute(trx),
      async (db) => (await sql<{ body: string }>`select body from notes`.execute(db)).rows,
    );
    await expect(attempt).rejects.toThrow(/foreign key/);
    expect(await notes()).toEqual([]);
    await inTransaction(database, (trx) => insert('after').execute(trx));
    expect(await notes()).toEqual(['after']);
  });

  it('reads the answer once committed, outside the transaction, as SQLite does', async () => {
    const answer = await inTransactionThenRead(
      database,
      (trx) => insert('written').execute(trx),
      // Inside the writing transaction this would be its id; the read runs in a transaction of its own.
      async (db) => (await sql<{ id: string | null }>`select pg_current_xact_id_if_assigned() as id`.execute(db)).rows[0]!.id,
    );
    expect(answer).toBeNull();
    // So an answer that fails leaves the committed write in place.
    const failing = inTransactionThenRead(
      database,
      (trx) => insert('kept').execute(trx),
      async (db) => (await sql`select 1 / 0 as n`.execute(db)).rows,
    );
    await expect(failing).rejects.toThrow(/division by zero/);
    expect(await notes()).toEqual(['written', 'kept']);
  });

  it('rolls back a transaction whose first statement fails, BEGIN having gone with it', async () => {
    const attempt = inTransaction(database, async (trx) => {
      await sql`insert into notes (body) values (null)`.execute(trx);
    });
    await expect(attempt).rejects.toThrow(/null value/);
    await expect(
      inTransaction(database, async (trx) => {
        await insert('one').execute(trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await notes()).toEqual([]);
  });

  it('sends a write whose answer is not read with the next statement, which sees it', async () => {
    const { answer, roundTrips } = await counted(() =>
      inTransactionThenRead(
        database,
        async (trx) => {
          await writeBatchAhead(trx, { first: batchable(trx, insert('ahead')) });
          return (await sql<{ body: string }>`select body from notes`.execute(trx)).rows.map((row) => row.body);
        },
        async (db) => (await sql<{ n: number }>`select count(*) as n from notes`.execute(db)).rows[0]!.n,
      ),
    );
    // BEGIN + the write + the select, then COMMIT + the count.
    expect({ answer, roundTrips }).toEqual({ answer: 1, roundTrips: 2 });
    // A write held to the end goes with COMMIT.
    const last = await counted(() => inTransaction(database, (trx) => writeBatchAhead(trx, { last: batchable(trx, insert('last')) })));
    expect(last.roundTrips).toBe(1);
    expect(await notes()).toEqual(['ahead', 'last']);
  });

  it('fails the next statement with the error of a held write, and keeps nothing', async () => {
    await expect(nullWriteBeforeSelect(writeBatchAhead)).rejects.toThrow(/null value/);
    // Held to the end, its failure fails the COMMIT it travels with.
    await expect(inTransaction(database, (trx) => writeBatchAhead(trx, { bad: batchable(trx, insert('orphan', 999)) }))).rejects.toThrow(/foreign key/);
    // Dropped unsent when the transaction is given up before anything else was sent.
    const dropped = await counted(() =>
      inTransaction(database, async (trx) => {
        await writeBatchAhead(trx, { dropped: batchable(trx, insert('dropped')) });
        throw new Error('given up');
      }).catch((error: Error) => error.message),
    );
    expect(dropped).toEqual({ answer: 'given up', roundTrips: 0 });
    expect(await notes()).toEqual([]);
  });

  it('answers a kept write after the statement it travelled with, one wait for both', async () => {
    const { answer, roundTrips } = await counted(() =>
      inTransaction(database, async (trx) => {
        const returning = (body: string) => batchable(trx, sql`insert into notes (body) values (${body}) returning id, body`);
        await insert('first').execute(trx);
        const written = await writeBatchKept(trx, { a: returning('kept a'), b: returning('kept b') });
        await expect(written()).rejects.toThrow(/read before the statement it travels with/);
        const seen = (await sql<{ body: string }>`select body from notes order by id`.execute(trx)).rows.map((row) => row.body);
        return { seen, written: await written() };
      }),
    );
    // BEGIN + first insert, the kept write + the select, COMMIT.
    expect(roundTrips).toBe(3);
    expect(answer).toEqual({
      seen: ['first', 'kept a', 'kept b'],
      written: { a: [{ id: 2, body: 'kept a' }], b: [{ id: 3, body: 'kept b' }] },
    });
  });

  it('fails the statement a failing kept write travelled with, and keeps nothing', async () => {
    const attempt = inTransaction(database, async (trx) => {
      await insert('before').execute(trx);
      const written = await writeBatchKept(trx, {
        good: batchable(trx, sql`insert into notes (body) values ('good') returning id`),
        bad: batchable(trx, sql`insert into notes (body) values (null) returning id`),
      });
      await sql`select 1`.execute(trx);
      return written();
    });
    await expect(attempt).rejects.toThrow(/null value/);
    expect(await notes()).toEqual([]);
  });

  it('refuses a statement sent after the answer that committed, so it cannot run outside the transaction', async () => {
    const attempt = inTransactionThenRead(
      database,
      (trx) => insert('committed').execute(trx),
      async (db) => {
        const rows = (await sql`select body from notes`.execute(db)).rows;
        await insert('stray').execute(db);
        return rows;
      },
    );
    await expect(attempt).rejects.toThrow(/after its transaction had been committed/);
    expect(await notes()).toEqual(['committed']);
  });

  /** Waits until the other connection is running a statement containing `marker`; false if it never does. */
  const seenRunning = async (marker: string) => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const running = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where state = 'active' and pid <> pg_backend_pid() and position(${marker} in query) > 0`.execute(watcher.db);
      if (running.rows[0]!.n > 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  };

  it('runs a started write on the server while the caller goes on, and the next statement sees it', async () => {
    const { answer, roundTrips } = await counted(() =>
      inTransaction(database, async (trx) => {
        await insert('first').execute(trx);
        // The write sleeps on the server: it is seen running before anything else of the transaction is sent.
        await writeBatchStarted(trx, { slow: batchable(trx, sql`insert into notes (body) select 'started' from pg_sleep(0.3)`) });
        const running = await seenRunning(`'started' from pg_sleep`);
        const seen = (await sql<{ body: string }>`select body from notes order by id`.execute(trx)).rows.map((row) => row.body);
        return { running, seen };
      }),
    );
    expect(answer).toEqual({ running: true, seen: ['first', 'started'] });
    // BEGIN + first insert, the select (which awaits the started write too), COMMIT: the started write is no wait of its own.
    expect(roundTrips).toBe(3);
    expect(await notes()).toEqual(['first', 'started']);
  });

  it('fails the next statement with the error of a started write, and keeps nothing', async () => {
    await expect(nullWriteBeforeSelect(writeBatchStarted)).rejects.toThrow(/null value/);
    // Its failure fails the COMMIT when nothing else follows it.
    const last = inTransaction(database, async (trx) => {
      await insert('before').execute(trx);
      await writeBatchStarted(trx, { bad: batchable(trx, insert('orphan', 999)) });
    });
    await expect(last).rejects.toThrow(/foreign key/);
    expect(await notes()).toEqual([]);
  });

  it("answers the caller's own error when it gives up after a started write that failed, and rolls back", async () => {
    const attempt = inTransaction(database, async (trx) => {
      await insert('before').execute(trx);
      await writeBatchStarted(trx, { bad: batchable(trx, sql`insert into notes (body) values (null)`) });
      throw new Error('given up');
    });
    await expect(attempt).rejects.toThrow('given up');
    await inTransaction(database, (trx) => insert('after').execute(trx));
    expect(await notes()).toEqual(['after']);
  });
});
