import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pg from 'pg';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { openDatabase } from '../../server/db';
import { migrateToLatest, migrationsFor } from '../../server/db/migrate';
import { compactRowCounts } from '../../server/db/rowCounts';
import { seedDemo } from '../../server/db/seed';
import { API, DIALECTS, createPostgresDatabase, createTestApp, type TestApp } from './harness';
import { pageReader } from './crud-fixtures';
import { writeWhileCompacting } from './rowCountsHelpers';

const PER_PAGE = 10;
const NEWEST = `${API}/crud/ns.orders?per_page=${PER_PAGE}`;
const OLDEST = `${NEWEST}&active=created_at&direction=asc`;

/**
 * 600 orders over March 2030: 250 on the 3rd (a day deeper than the 200 rows a numbered page skips before it
 * looks past the page's start), then one every 97 minutes, every fifth in the same second as the one before.
 */
function marchTimes(): string[] {
  const start = Date.UTC(2030, 2, 3, 8, 0, 0);
  let at = start;
  return Array.from({ length: 600 }, (_, index) => {
    if (index < 250) at = start + index * 60_000;
    else if (index === 250) at = Date.UTC(2030, 2, 4, 0, 0, 0);
    else if (index % 5 !== 0) at += 97 * 60_000;
    return new Date(at).toISOString().slice(0, 19).replace('T', ' ');
  });
}

/** The orders' columns but id, code and created_at, quoted and comma-separated: what a copy of an order keeps. */
async function copiedColumns(client: pg.Client): Promise<string> {
  const columns = await client.query(
    `select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'orders'
       and column_name not in ('id', 'code', 'created_at') order by ordinal_position`,
  );
  return columns.rows.map((row) => `"${row.column_name}"`).join(', ');
}

/**
 * The orders list by page number on PostgreSQL finds a deep page from the orders' counts per day (migration 033)
 * instead of walking the created_at index. Every numbered page must still be the orders the database itself lists
 * in that order (`order by created_at, id`), through inserts, deletes, a day rewritten, rollbacks and compactions,
 * also when connections insert and compact at once.
 */
describe.runIf(DIALECTS.includes('postgres'))('the orders list by page number from the per-day counts, on postgres', () => {
  let t: TestApp;
  let admin: string;
  let connection: pg.Client;
  let copied: string;
  let made = 0;

  // t is made in beforeAll, so the reader is made at each call.
  const page = (list: string, number: number) => pageReader<{ $id: number }>(t, () => admin)(`${list}&page=${number}`);
  /** The ids of the orders in the list's order, as the database sorts them: what each page must show. */
  const sortedIds = async (direction: 'asc' | 'desc') =>
    (await connection.query(`select id from orders order by created_at ${direction}, id ${direction}`)).rows.map((row) => Number(row.id));
  /** Inserts one order per time, copies of a demo order with their own codes, on `client`. */
  const insertOrders = async (client: pg.Client, times: readonly string[]) => {
    const codes = times.map(() => `QZ-${(made += 1)}`);
    await client.query(
      `insert into orders (code, created_at, ${copied})
       select given.code, given.at, ${copied} from (select ${copied} from orders order by id limit 1) as demo,
         json_to_recordset($1::json) as given(code text, at text)`,
      [JSON.stringify(times.map((at, index) => ({ code: codes[index], at })))],
    );
  };
  /** The counts per day against the orders per day, both as the database holds them. */
  const countsByDay = async () => {
    const kept = await connection.query(
      `select bucket as day, sum(delta)::int as n from row_count_deltas where table_name = 'orders' and bucket <> '' group by bucket having sum(delta) <> 0 order by 1`,
    );
    const counted = await connection.query(`select substr(created_at, 1, 10) as day, count(*)::int as n from orders group by 1 order by 1`);
    return { kept: kept.rows, counted: counted.rows };
  };
  /** Numbered pages of both orders, each against the database's own order. */
  const expectPages = async (numbers: (lastPage: number) => number[]) => {
    for (const [list, direction] of [
      [NEWEST, 'desc'],
      [OLDEST, 'asc'],
    ] as const) {
      const ids = await sortedIds(direction);
      const lastPage = Math.ceil(ids.length / PER_PAGE);
      for (const number of numbers(lastPage)) {
        const shown = await page(list, number);
        expect(shown.total).toBe(ids.length);
        expect(
          shown.data.map((row) => row.$id),
          `${direction} page ${number}`,
        ).toEqual(ids.slice((number - 1) * PER_PAGE, number * PER_PAGE));
      }
    }
  };

  beforeAll(async () => {
    t = await createTestApp('postgres');
    admin = await t.login('admin');
    connection = new pg.Client({ connectionString: t.config.databaseUrl! });
    await connection.connect();
    copied = await copiedColumns(connection);
    await insertOrders(connection, marchTimes());
  }, 60_000);
  afterAll(async () => {
    await connection.end();
    await t.close();
  });

  it("counts the orders of each day, the demo store's and the March orders inserted since", async () => {
    const { kept, counted } = await countsByDay();
    expect(kept).toEqual(counted);
    expect(counted.find((row) => row.day === '2030-03-03')?.n).toBe(250);
  });

  it('shows on every numbered page, newest and oldest first, the orders the database lists there', async () => {
    await expectPages((lastPage) => Array.from({ length: lastPage + 1 }, (_, index) => index + 1));
  }, 60_000);

  it('places deep pages by the counts: a day counted three too many moves the pages after it by three', async () => {
    const ids = await sortedIds('desc');
    const later = Number((await connection.query(`select count(*) as n from orders where created_at >= '2030-03-11'`)).rows[0].n);
    // Newest first, a page whose first order is older than the 11th of March, past 200 orders and before the middle.
    const number = Math.floor(later / PER_PAGE) + 2;
    const skip = (number - 1) * PER_PAGE;
    expect(skip).toBeGreaterThan(200);
    expect(skip * 2).toBeLessThan(ids.length);
    await connection.query(`insert into row_count_deltas (table_name, bucket, delta) values ('orders', '2030-03-11', 3)`);
    try {
      expect((await page(NEWEST, number)).data.map((row) => row.$id)).toEqual(ids.slice(skip - 3, skip + PER_PAGE - 3));
    } finally {
      await connection.query(`insert into row_count_deltas (table_name, bucket, delta) values ('orders', '2030-03-11', -3)`);
    }
    expect((await page(NEWEST, number)).data.map((row) => row.$id)).toEqual(ids.slice(skip, skip + PER_PAGE));
  });

  it('stays exact through random inserts, deletes, a rewritten day, rollbacks and compactions', async () => {
    const day = fc.integer({ min: 1, max: 28 }).map((date) => `2030-03-${String(date).padStart(2, '0')} 12:00:00`);
    const step = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), count: fc.integer({ min: 1, max: 30 }), at: day }),
      fc.record({ kind: fc.constant('delete' as const), count: fc.integer({ min: 1, max: 20 }), at: day }),
      fc.record({ kind: fc.constant('move' as const), count: fc.integer({ min: 1, max: 5 }), at: day }),
      fc.record({ kind: fc.constant('rollback' as const), count: fc.integer({ min: 1, max: 5 }), at: day }),
      fc.record({ kind: fc.constant('compact' as const), count: fc.constant(0), at: day }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const { kind, count, at } of steps) {
          if (kind === 'insert')
            await insertOrders(
              connection,
              Array.from({ length: count }, () => at),
            );
          else if (kind === 'delete') {
            await connection.query(`delete from orders where id in (select id from orders where code like 'QZ-%' order by md5(code) limit $1::int)`, [count]);
          } else if (kind === 'move') {
            await connection.query(
              `update orders set created_at = $1 where id in (select id from orders where code like 'QZ-%' order by md5(code) desc limit $2::int)`,
              [at, count],
            );
          } else if (kind === 'rollback') {
            await connection.query('begin');
            await insertOrders(
              connection,
              Array.from({ length: count }, () => at),
            );
            await connection.query('rollback');
          } else await compactRowCounts(t.database);
        }
        const { kept, counted } = await countsByDay();
        expect(kept).toEqual(counted);
        await expectPages((lastPage) => [21, 22, Math.floor(lastPage / 2), lastPage - 21]);
      }),
      { seed: 20261128, numRuns: 12 },
    );
  }, 120_000);

  it('stays exact when connections insert and compact at once', async () => {
    await writeWhileCompacting(t, 10, (client, index) => insertOrders(client, [`2030-03-0${index + 4} 09:00:00`, `2030-03-0${index + 5} 10:00:00`]));
    await compactRowCounts(t.database);
    const { kept, counted } = await countsByDay();
    expect(kept).toEqual(counted);
    await expectPages((lastPage) => [25, Math.floor(lastPage / 2), lastPage - 25]);
  });

  it('answers no orders on a page past the last', async () => {
    const shown = await page(NEWEST, 5_000);
    expect(shown.data).toEqual([]);
  });

  // Last: it leaves the counts without their days for good, as an app server from before migration 033 leaves them.
  it('reads the pages by walking the index once the days have been folded into one count', async () => {
    await connection.query(`with gone as (delete from row_count_deltas where table_name = 'orders' returning delta)
      insert into row_count_deltas (table_name, delta) select 'orders', sum(delta) from gone`);
    await expectPages((lastPage) => [21, 30, Math.floor(lastPage / 2), lastPage - 30, lastPage - 21]);
  });
});

/** A store with orders on three days from before migration 033: its orders' single count becomes one per day. */
describe.runIf(DIALECTS.includes('postgres'))('migration 033 on a store with orders, on postgres', () => {
  it('counts the orders it finds per day and goes on counting new ones by day', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-migration-'));
    const postgres = await createPostgresDatabase();
    const database = await openDatabase({ dataDir, databaseUrl: postgres.url });
    try {
      const { '033_order_day_counts': _later, ...before } = migrationsFor('postgres');
      const { error } = await new Migrator({ db: database.db, provider: { getMigrations: async () => before } }).migrateToLatest();
      if (error) throw error;
      await seedDemo(database, new Date(Date.UTC(2026, 0, 5, 10)));
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      try {
        const demo = Number((await client.query('select count(*) as n from orders')).rows[0].n);
        expect(demo).toBeGreaterThan(0);
        // Two copies of the first order on 1 March and three on 2 March, besides the demo's own.
        const copied = await copiedColumns(client);
        await client.query(
          `insert into orders (code, created_at, ${copied})
           select 'QZ-M' || g, case when g <= 2 then '2030-03-01 09:00:00' else '2030-03-02 18:30:00' end, ${copied}
           from (select ${copied} from orders order by id limit 1) as demo, generate_series(1, 5) as g`,
        );
        expect((await client.query(`select sum(delta)::int as n from row_count_deltas where table_name = 'orders'`)).rows[0].n).toBe(demo + 5);
        await migrateToLatest(database);
        await client.query(`insert into orders (code, created_at, ${copied}) select 'QZ-N', '2030-03-02 19:00:00', ${copied} from orders order by id limit 1`);
        const days = await client.query(
          `select bucket, sum(delta)::int as n from row_count_deltas where table_name = 'orders' and bucket like '2030-%' group by bucket order by bucket`,
        );
        expect(days.rows).toEqual([
          { bucket: '2030-03-01', n: 2 },
          { bucket: '2030-03-02', n: 4 },
        ]);
        const all = await client.query(`select sum(delta)::int as n from row_count_deltas where table_name = 'orders'`);
        expect(all.rows[0].n).toBe(demo + 6);
        const demoDays = await client.query(`select sum(delta)::int as n from row_count_deltas where table_name = 'orders' and bucket not like '2030-%'`);
        expect(demoDays.rows[0].n).toBe(demo);
      } finally {
        await client.end();
      }
    } finally {
      await database.close();
      await postgres.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
