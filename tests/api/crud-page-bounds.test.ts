import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { allPageSize } from '../../engine/crud/listParams';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { FIXTURE_CRUD, NOTES, listUrl } from './crud-fixtures';
import { snapshot, tableNames, type Snapshot } from './dbSnapshot';

/** Rows put straight into the notes table: enough for 20 full pages and 20 export batches. */
const ROWS = 20_000;
const PAGE_BOUND = 'Pages hold at most 1,000 rows. Use the CSV export for more.';
const HEADER = 'Title,Email,Amount,Priority,Status,Category';

/**
 * Note i (1–20,000): title 'Note 0000i', amount i cents (money is stored in ten-thousandths), priority (i mod 5) + 1 except every seventh
 * note, which has none (NULLs sort first on SQLite and last on PostgreSQL), draft when i is odd.
 */
async function insertNotes(t: TestApp): Promise<void> {
  const db = t.database.db as unknown as Kysely<any>;
  const at = '2026-01-05 10:00:00';
  for (let start = 1; start <= ROWS; start += 1000) {
    const rows = Array.from({ length: 1000 }, (_, offset) => {
      const i = start + offset;
      return {
        title: `Note ${String(i).padStart(5, '0')}`,
        author_email: 'staff@mall.shop',
        amount: i * 100,
        priority: i % 7 === 0 ? null : (i % 5) + 1,
        status: i % 2 === 1 ? 'draft' : 'published',
        created_at: at,
        updated_at: at,
      };
    });
    await db.insertInto('test_notes').values(rows).execute();
  }
}

/** What the export's reads looked like, seen from the database connection. */
interface ExportReads {
  /** Rows each read answered, in order. */
  rows: number[];
  /** Each read's SQL, lower case. */
  sql: string[];
  /** CSV lines already in the partial export file when each read started. */
  linesBefore: number[];
  /** Reads that skipped rows with OFFSET. */
  offsets: number;
  /** Most reads under way at once. */
  mostAtOnce: number;
}

/** A Kysely plugin counting the reads of test_notes made while it is installed on the app's database. */
function spyOnReads(exportsDir: string): { plugin: KyselyPlugin; reads: ExportReads } {
  const reads: ExportReads = { rows: [], sql: [], linesBefore: [], offsets: 0, mostAtOnce: 0 };
  const watched = new WeakSet<object>();
  let atOnce = 0;
  const partialLines = () => {
    // Each user's exports are written in a folder of their own under exportsDir.
    const partial = fs.existsSync(exportsDir)
      ? (fs.readdirSync(exportsDir, { recursive: true }) as string[]).find((name) => name.endsWith('.part'))
      : undefined;
    return partial ? fs.readFileSync(path.join(exportsDir, partial), 'utf8').split('\r\n').length - 1 : 0;
  };
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"test_notes"')) {
        watched.add(queryId);
        reads.sql.push(JSON.stringify(node).toLowerCase());
        if (node.offset) reads.offsets += 1;
        reads.linesBefore.push(partialLines());
        atOnce += 1;
        reads.mostAtOnce = Math.max(reads.mostAtOnce, atOnce);
      }
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (watched.has(queryId)) {
        atOnce -= 1;
        reads.rows.push(result.rows.length);
      }
      return result;
    },
  };
  return { plugin, reads };
}

describe.each(DIALECTS)('bounded pages and streamed exports, on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let exportsDir: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { crud: FIXTURE_CRUD });
    admin = await t.login('admin');
    exportsDir = path.join(t.config.dataDir, 'exports');
    await insertNotes(t);
  }, 120_000);
  afterAll(() => t.close());

  const get = (url: string, cookie = admin) => t.call({ method: 'GET', url, cookie });
  const listPage = async (params: Record<string, string | number>) => {
    const response = await get(listUrl(params));
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const titles = (rows: Array<{ title: string }>) => rows.map((row) => row.title);

  it('refuses a page size above 1,000 with a message pointing to the CSV export, changing nothing', async () => {
    const cashier = await t.login('cashier');
    const tables = await tableNames(t.database);
    const before: Snapshot = await snapshot(t.database, tables);
    for (const perPage of ['1001', '5000', '100000', '1e12']) {
      for (const [url, cookie] of [
        [listUrl({ per_page: perPage }), admin],
        [`${API}/crud/ns.customers?per_page=${perPage}`, cashier],
      ] as const) {
        const response = await get(url, cookie);
        expect(response.statusCode, url).toBe(422);
        expect(response.json(), url).toEqual({
          status: 'failed',
          message: PAGE_BOUND,
          errors: { per_page: [PAGE_BOUND] },
          field_errors: [{ identifier: 'invalid', invalid: true, message: PAGE_BOUND, name: 'per_page' }],
        });
      }
    }
    // The media and document pickers page by 100 at most and have no export.
    const medias = await get(`${API}/medias?per_page=101`);
    expect(medias.statusCode).toBe(422);
    expect(medias.json()).toEqual({
      status: 'failed',
      message: 'Pages hold at most 100 rows.',
      errors: { per_page: ['Pages hold at most 100 rows.'] },
      field_errors: [{ identifier: 'invalid', invalid: true, message: 'Pages hold at most 100 rows.', name: 'per_page' }],
    });
    // Other bad page sizes keep the generic refusal.
    const zero = await get(listUrl({ per_page: 0 }));
    expect(zero.json()).toEqual({
      status: 'failed',
      message: 'The form is not valid.',
      errors: { per_page: ['This field must be at least 1.'] },
      field_errors: [{ identifier: 'invalid', invalid: true, message: 'This field must be at least 1.', name: 'per_page' }],
    });
    expect(await snapshot(t.database, tables)).toEqual(before);
  });

  it('serves a page of exactly 1,000 rows, first and last', async () => {
    const first = await listPage({ per_page: 1000 });
    expect(first).toMatchObject({ current_page: 1, per_page: 1000, from: 1, to: 1000, total: 20_000, last_page: 20 });
    expect(first.data).toHaveLength(1000);
    expect(first.data[0]).toMatchObject({ title: 'Note 20000', amount: 200, priority: 1, status: 'published' });
    expect(first.data[999].title).toBe('Note 19001');
    const last = await listPage({ per_page: 1000, page: 20 });
    expect(last).toMatchObject({ current_page: 20, from: 19_001, to: 20_000, next_page_url: null });
    expect(last.data[999]).toMatchObject({ title: 'Note 00001', amount: 0.01, priority: 2, status: 'draft' });
  });

  it('ALL shows the whole list when it fits a page, else pages of 1,000', async () => {
    // The client's ALL: the total, up to the bound (engine/crud/listParams.ts).
    const few = await listPage({ search: 'Note 1999', per_page: allPageSize(10) });
    expect(few).toMatchObject({ total: 10, per_page: 10, last_page: 1 });
    expect(titles(few.data)).toEqual([
      'Note 19999',
      'Note 19998',
      'Note 19997',
      'Note 19996',
      'Note 19995',
      'Note 19994',
      'Note 19993',
      'Note 19992',
      'Note 19991',
      'Note 19990',
    ]);
    const many = await listPage({ per_page: allPageSize(20_000) });
    expect(many).toMatchObject({ total: 20_000, per_page: 1000, last_page: 20 });
    expect(many.next_page_url.replace(/&cursor=[\w-]+$/, '')).toBe(`${NOTES}?per_page=1000&page=2`);
  });

  /** First and last data lines of an export of all 20,000 notes in each order, on each database. */
  const ORDERS: Array<{ name: string; query: Record<string, string>; first: string; last: string }> = [
    { name: 'newest first (id desc)', query: {}, first: 'Note 20000,staff@mall.shop,200,1,published,', last: 'Note 00001,staff@mall.shop,0.01,2,draft,' },
    dialect === 'sqlite'
      ? {
          name: 'priority asc, NULLs first',
          query: { active: 'priority', direction: 'asc' },
          first: 'Note 00007,staff@mall.shop,0.07,,draft,',
          last: 'Note 19994,staff@mall.shop,199.94,5,published,',
        }
      : {
          name: 'priority asc, NULLs last',
          query: { active: 'priority', direction: 'asc' },
          first: 'Note 00005,staff@mall.shop,0.05,1,draft,',
          last: 'Note 19999,staff@mall.shop,199.99,,draft,',
        },
    dialect === 'sqlite'
      ? {
          name: 'priority desc, NULLs last',
          query: { active: 'priority', direction: 'desc' },
          first: 'Note 19994,staff@mall.shop,199.94,5,published,',
          last: 'Note 00007,staff@mall.shop,0.07,,draft,',
        }
      : {
          name: 'priority desc, NULLs first',
          query: { active: 'priority', direction: 'desc' },
          first: 'Note 19999,staff@mall.shop,199.99,,draft,',
          last: 'Note 00005,staff@mall.shop,0.05,1,draft,',
        },
    // A joined column that is NULL on every row: the id alone orders the batches.
    {
      name: 'category asc (all empty)',
      query: { active: 'category_name', direction: 'asc' },
      first: 'Note 00001,staff@mall.shop,0.01,2,draft,',
      last: 'Note 20000,staff@mall.shop,200,1,published,',
    },
  ];

  for (const order of ORDERS) {
    it(`exports 20,000 rows ${order.name} in batches of 1,000, in the list's order`, async () => {
      const { plugin, reads } = spyOnReads(exportsDir);
      const original = t.database.db;
      t.database.db = original.withPlugin(plugin);
      let url: string;
      try {
        const exported = await t.call({ method: 'POST', url: `${NOTES}/export?${new URLSearchParams(order.query).toString()}`, cookie: admin, payload: {} });
        expect(exported.statusCode, exported.body).toBe(200);
        url = exported.json().url;
      } finally {
        t.database.db = original;
      }
      // 20 full batches and the empty read that ends it; one at a time, never OFFSET; each batch
      // was in the file before the next was read, so no more than one batch was ever held. A batch that
      // crosses from the values to the NULLs reads the two ranges in turn (the same lines in the file
      // before each), never one OR of both, which no index range serves.
      const batches = new Map<number, number>();
      reads.linesBefore.forEach((lines, index) => batches.set(lines, (batches.get(lines) ?? 0) + reads.rows[index]!));
      expect([...batches.values()]).toEqual([...Array(20).fill(1000), 0]);
      expect(reads.sql.filter((read) => read.includes('is null') && read.includes(' or '))).toEqual([]);
      expect(reads.offsets).toBe(0);
      expect(reads.mostAtOnce).toBe(1);
      // Before the first read the header may or may not have reached the file yet (a bulk turn can wait first).
      expect([0, 1]).toContain(reads.linesBefore[0]);
      expect([...batches.keys()].slice(1)).toEqual(Array.from({ length: 20 }, (_, batch) => 1 + (batch + 1) * 1000));

      const file = await get(url);
      expect(file.statusCode).toBe(200);
      const lines = file.body.split('\r\n');
      expect(lines.pop()).toBe('');
      expect(lines).toHaveLength(20_001);
      expect(lines[0]).toBe(HEADER);
      expect(lines[1]).toBe(order.first);
      expect(lines[20_000]).toBe(order.last);
      // The same rows in the same order as the list's 20 pages (OFFSET paging, independent of the export's).
      const paged: string[] = [];
      for (let page = 1; page <= 20; page += 1) paged.push(...titles((await listPage({ ...order.query, per_page: 1000, page })).data));
      expect(new Set(paged).size).toBe(20_000);
      expect(lines.slice(1).map((line) => line.slice(0, line.indexOf(',')))).toEqual(paged);
    }, 120_000);
  }
});
