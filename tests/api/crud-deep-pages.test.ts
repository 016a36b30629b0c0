import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { FIXTURE_CRUD, insertInChunks, listUrl, pageReader } from './crud-fixtures';

const NOTES = 500;
const PER_PAGE = 10;

/**
 * 'Note 001'…'Note 500': priority (i mod 5) + 1 but none for every seventh (ties and NULLs), a category for
 * two notes of three (the others NULL), amounts that repeat every 40 notes.
 */
async function insertNotes(t: TestApp): Promise<void> {
  const db = t.database.db as unknown as Kysely<any>;
  const categories = (await db.selectFrom('product_categories').select('id').orderBy('id').limit(2).execute()).map((row) => row.id as number);
  expect(categories).toHaveLength(2);
  const at = '2026-01-05 10:00:00';
  const rows = Array.from({ length: NOTES }, (_, index) => {
    const i = index + 1;
    return {
      title: `Note ${String(i).padStart(3, '0')}`,
      author_email: 'staff@mall.shop',
      amount: (i % 40) * 100,
      priority: i % 7 === 0 ? null : (i % 5) + 1,
      category_id: i % 3 === 0 ? null : categories[i % 2],
      status: i % 2 === 1 ? 'draft' : 'published',
      created_at: at,
      updated_at: at,
    };
  });
  await insertInChunks(t, 'test_notes', rows, 50);
}

interface Row {
  $id: number;
  title: string;
}

describe.each(DIALECTS)('numbered pages and page links of long CRUD lists, on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { crud: FIXTURE_CRUD });
    admin = await t.login('admin');
    await insertNotes(t);
  }, 60_000);
  afterAll(() => t.close());

  const page = (url: string) => pageReader<Row>(t, () => admin)(url);

  // Every value of every row: the deep numbered pages are read by other statements than the page links.
  it('shows on every numbered page the rows its page links show, for every order, ties, NULLs and searches included', async () => {
    const orders: Array<Record<string, string | number>> = [
      { per_page: PER_PAGE },
      { active: 'priority', direction: 'asc', per_page: PER_PAGE },
      { active: 'priority', direction: 'desc', per_page: PER_PAGE },
      { active: 'category_name', direction: 'asc', per_page: PER_PAGE },
      { active: 'amount', direction: 'desc', per_page: PER_PAGE, search: 'Note' },
      { active: 'title', direction: 'asc', per_page: PER_PAGE, queryFilters: JSON.stringify({ status: 'draft' }) },
    ];
    for (const params of orders) {
      const linked = [await page(listUrl(params))];
      while (linked.at(-1)!.next_page_url) linked.push(await page(linked.at(-1)!.next_page_url!));
      const numbered = [];
      for (let number = 1; number <= linked.length; number += 1) numbered.push((await page(listUrl({ ...params, page: number }))).data);
      expect(numbered.flat().length, JSON.stringify(params)).toBe(params.queryFilters ? 250 : NOTES);
      expect(
        linked.map((answer) => answer.data),
        JSON.stringify(params),
      ).toEqual(numbered);
    }
  });
});
