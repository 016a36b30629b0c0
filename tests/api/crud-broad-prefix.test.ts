import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';
import { pageReader, type ListPage, insertInChunks } from './crud-fixtures';

const ORDERS = `${API}/crud/ns.orders`;
const AT = '2026-03-02 10:00:00';

type Answer = ListPage<{ code: string }>;

/**
 * The orders list searches order codes by prefix. 2,100 orders 'QA-0001'…'QA-2100' written last code
 * first, so the newest is 'QA-0001', then 300 newer ones 'QZ-0001'…'QZ-0300'. 'qa-' matches 2,100, more than
 * a search sorts: the page is read from the code's index, last code first, not newest first.
 */
describe.each(DIALECTS)('a prefix search matching more rows than a page sorts, on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin: string;

  const get = pageReader<{ code: string }>(t, () => admin);
  const codes = (answer: Answer) => answer.data.map((row) => row.code);

  beforeAll(async () => {
    admin = await t.login('admin');
    const db = t.database.db as unknown as Kysely<any>;
    const author = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const order = (code: string) => ({
      code,
      author_id: author.id,
      type: 'takeaway',
      payment_status: 'paid',
      process_status: 'pending',
      delivery_status: 'pending',
      subtotal: 100,
      total: 100,
      tendered: 100,
      created_at: AT,
      updated_at: AT,
    });
    const numbered = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}-${String(index + 1).padStart(4, '0')}`);
    const rows = [...numbered('QA', 2100).reverse(), ...numbered('QZ', 300)].map(order);
    await insertInChunks(t, 'orders', rows, 400);
  }, 60_000);

  it('reads a broad prefix search in descending code order, says so, and estimates its total', async () => {
    const answer = await get(`${ORDERS}?per_page=3&search=qa-`);
    expect(codes(answer)).toEqual(['QA-2100', 'QA-2099', 'QA-2098']);
    expect(answer.broad_search).toBe(2000);
    expect(answer.broad_order).toBe('code');
    // Sampled from windows of ids over the demo orders and these 2,400: near the 2,100, never under the bound.
    expect(answer.total).toBeGreaterThan(2000);
    expect(answer.total).toBeLessThan(2400);
  });

  it('pages it by its cursors, forward and back, and by number, in the same order', async () => {
    const first = await get(`${ORDERS}?per_page=3&search=qa-`);
    const second = await get(first.next_page_url!);
    expect(codes(second)).toEqual(['QA-2097', 'QA-2096', 'QA-2095']);
    expect(second.broad_order).toBe('code');
    const third = await get(second.next_page_url!);
    expect(codes(third)).toEqual(['QA-2094', 'QA-2093', 'QA-2092']);
    expect(codes(await get(third.prev_page_url!))).toEqual(['QA-2097', 'QA-2096', 'QA-2095']);
    expect(codes(await get(`${ORDERS}?per_page=3&search=qa-&page=3`))).toEqual(['QA-2094', 'QA-2093', 'QA-2092']);
  });

  it('keeps a sort by the code itself, either way, since the same index gives it', async () => {
    const ascending = await get(`${ORDERS}?per_page=3&search=QA-&active=code&direction=asc`);
    expect(codes(ascending)).toEqual(['QA-0001', 'QA-0002', 'QA-0003']);
    expect(ascending.broad_search).toBeUndefined();
    expect(codes(await get(ascending.next_page_url!))).toEqual(['QA-0004', 'QA-0005', 'QA-0006']);
    const descending = await get(`${ORDERS}?per_page=2&search=qa-20&active=code&direction=desc`);
    expect(codes(descending)).toEqual(['QA-2099', 'QA-2098']);
  });

  it('indexes the code once, by its key, which serves the search, the sort and the cursors', async () => {
    const indexes =
      dialect === 'postgres'
        ? sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'orders' and indexname like 'crud_orders_code%'`
        : sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'orders' and name like 'crud_orders_code%'`;
    expect((await indexes.execute(t.database.db)).rows.map((row) => row.name)).toEqual([
      dialect === 'postgres' ? 'crud_orders_code_key' : 'crud_orders_code_ci',
    ]);
  });

  it.runIf(dialect === 'postgres')('gives the planner statistics of the code key as soon as its index is made', async () => {
    const stats = await sql<{ rows: number }>`select count(*)::int as rows from pg_stats where tablename = 'crud_orders_code_key'`.execute(t.database.db);
    expect(stats.rows[0]?.rows).toBe(1);
  });

  it('sorts a prefix search under the bound as asked, newest first by default, with its exact total', async () => {
    const answer = await get(`${ORDERS}?per_page=3&search=qz-00`);
    expect(codes(answer)).toEqual(['QZ-0099', 'QZ-0098', 'QZ-0097']);
    expect(answer.total).toBe(99);
    expect(answer.broad_search).toBeUndefined();
  });
});
