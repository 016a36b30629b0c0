import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pg from 'pg';
import { compactRowCounts } from '../../server/db/rowCounts';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { writeWhileCompacting } from './rowCountsHelpers';

const PRODUCTS = `${API}/crud/ns.products?page=1`;
const NOW = '2031-01-01 00:00:00';

/**
 * The products and orders lists' totals on PostgreSQL come from row counts kept beside the tables (migration 030),
 * not from count(*): exact whatever the size, through inserts, deletes, rollbacks, truncation and the compaction
 * that folds the deltas, also when they run at once on several connections. Each expectation is the test's own
 * tally of what it inserted and deleted, from the store's count at the start.
 */
describe.runIf(DIALECTS.includes('postgres'))('the kept row counts of the list totals, on postgres', () => {
  let t: TestApp;
  let admin: string;
  let connection: pg.Client;
  let tally: number;

  const total = async (url = PRODUCTS) => {
    const response = await t.call({ method: 'GET', url, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().total as number;
  };
  const deltaRows = async () => Number((await connection.query(`select count(*) as n from row_count_deltas where table_name = 'products'`)).rows[0].n);
  const insertProducts = (client: pg.Client, count: number, name: string) =>
    client.query(`insert into products (name, created_at, updated_at) select $1 || g, $2, $2 from generate_series(1, $3::int) as g`, [name, NOW, count]);

  beforeAll(async () => {
    t = await createTestApp('postgres');
    admin = await t.login('admin');
    connection = new pg.Client({ connectionString: t.config.databaseUrl! });
    await connection.connect();
    tally = Number((await connection.query('select count(*) as n from products')).rows[0].n);
  }, 60_000);
  afterAll(async () => {
    await connection.end();
    await t.close();
  });

  it('answers the products and orders totals from the kept counts', async () => {
    expect(await total()).toBe(tally);
    // A kept count that disagreed with the table would show here: the list answers it, not a count.
    await connection.query(`insert into row_count_deltas (table_name, delta) values ('orders', 1000)`);
    const orders = Number((await connection.query('select count(*) as n from orders')).rows[0].n);
    expect(await total(`${API}/crud/ns.orders?page=1`)).toBe(orders + 1000);
    await connection.query(`insert into row_count_deltas (table_name, delta) values ('orders', -1000)`);
    expect(await total(`${API}/crud/ns.orders?page=1`)).toBe(orders);
  });

  it('stays exact through random inserts, deletes, rollbacks and compactions', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), count: fc.integer({ min: 0, max: 40 }) }),
      fc.record({ kind: fc.constant('delete' as const), count: fc.integer({ min: 0, max: 10 }) }),
      fc.record({ kind: fc.constant('rollback' as const), count: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant('compact' as const), count: fc.constant(0) }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        run += 1;
        const name = `Qz Count ${run} `;
        for (const { kind, count } of steps) {
          if (kind === 'insert') {
            await insertProducts(connection, count, name);
            tally += count;
          } else if (kind === 'delete') {
            const deleted = await connection.query(`delete from products where id in (select id from products where name like $1 order by id limit $2::int)`, [
              `${name}%`,
              count,
            ]);
            tally -= deleted.rowCount ?? 0;
          } else if (kind === 'rollback') {
            await connection.query('begin');
            await insertProducts(connection, count, name);
            await connection.query('rollback');
          } else {
            await compactRowCounts(t.database);
            expect(await deltaRows()).toBe(1);
          }
          expect(await total()).toBe(tally);
        }
      }),
      { seed: 20261128, numRuns: 25 },
    );
  }, 120_000);

  it('stays exact when connections insert and compact at once', async () => {
    await writeWhileCompacting(t, 15, (client, index) => insertProducts(client, 2, `Qz Parallel ${index} `));
    tally += 4 * 15 * 2;
    expect(await total()).toBe(tally);
    await compactRowCounts(t.database);
    expect(await deltaRows()).toBe(1);
    expect(await total()).toBe(tally);
  });

  it('starts again from nothing when the table is truncated', async () => {
    await connection.query('truncate products cascade');
    expect(await total()).toBe(0);
    await insertProducts(connection, 3, 'Qz After Truncate ');
    expect(await total()).toBe(3);
  });
});
