import { beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { DIALECTS, type TestApp } from './harness';
import { useTestApp } from './suite';
import { FIXTURE_CRUD, insertInChunks, listUrl, notesPageReads, pageReader } from './crud-fixtures';

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

/** What the notes list reads: whether the statement builds the list's rows (`$id`), and how many rows it skips. */
interface Read {
  rows: boolean;
  offset: number;
}

describe.each(DIALECTS)('numbered pages and page links of long CRUD lists, on %s', (dialect) => {
  const t = useTestApp(dialect, { crud: FIXTURE_CRUD });
  let admin: string;
  beforeAll(async () => {
    admin = await t.login('admin');
    await insertNotes(t);
  }, 60_000);

  const page = (url: string) => pageReader<Row>(t, () => admin)(url);

  /** Runs `read` and answers the notes list's page reads it sent: whether each builds the list's rows, and its OFFSET. */
  const readsOf = <T>(read: () => Promise<T>) =>
    notesPageReads(t, read, (node): Read => ({
      rows: JSON.stringify(node.selections ?? []).includes('"$id"'),
      offset: node.offset ? Number((node.offset.offset as unknown as { value: unknown }).value) : 0,
    }));

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

  it('skips the rows before a deep page by their sort key alone, never by building them', async () => {
    const params = { active: 'category_name', direction: 'asc', per_page: PER_PAGE };
    // Page 21 skips 200 rows from the start; page 27, in the second half, 230 from the end (read backwards);
    // page 3 only 20, by an OFFSET over the list's own statement.
    const narrow: Record<number, Read[]> = { 21: [{ rows: false, offset: 199 }], 27: [{ rows: false, offset: 229 }], 3: [] };
    for (const number of [21, 27, 3]) {
      const { answer, reads } = await readsOf(() => page(listUrl({ ...params, page: number })));
      expect(answer.data, `page ${number}`).toHaveLength(PER_PAGE);
      expect(
        reads.filter((read) => read.rows && read.offset > 0),
        `page ${number}`,
      ).toEqual(number === 3 ? [{ rows: true, offset: 20 }] : []);
      expect(
        reads.filter((read) => !read.rows),
        `page ${number}`,
      ).toEqual(narrow[number]);
    }
    // Past the end: no rows, and no page to skip to.
    const past = await page(listUrl({ ...params, page: 60 }));
    expect(past.data).toEqual([]);
  });

  it('reads a page a few pages past a page link by that link, the way it reads, and a farther one by its number', async () => {
    const params = { active: 'priority', direction: 'asc', per_page: PER_PAGE };
    const numbered = async (number: number) => (await page(listUrl({ ...params, page: number }))).data;
    const shown = await page(listUrl({ ...params, page: 30 }));
    const cursorOf = (url: string) => new URL(url, 'http://x').searchParams.get('cursor')!;
    const [next, prev] = [cursorOf(shown.next_page_url!), cursorOf(shown.prev_page_url!)];
    // The pager's links two pages away: one page past the link's own, read after (before) the link's row.
    for (const [number, cursor] of [
      [32, next],
      [28, prev],
      [31, next],
      [29, prev],
    ] as const) {
      const { answer, reads } = await readsOf(() => page(listUrl({ ...params, page: number, cursor })));
      expect(answer.current_page, `page ${number}`).toBe(number);
      expect(answer.data, `page ${number}`).toEqual(await numbered(number));
      expect(
        reads.every((read) => read.offset === 0),
        `page ${number}`,
      ).toBe(true);
      // Its own links lead on from it.
      expect((await page(answer.next_page_url!)).data).toEqual(await numbered(number + 1));
      expect((await page(answer.prev_page_url!)).data).toEqual(await numbered(number - 1));
    }
    // Farther than 200 rows past the link, or the other way: by the page's number.
    for (const [number, cursor] of [
      [45, next],
      [10, prev],
      [29, next],
      [31, prev],
    ] as const) {
      const answer = await page(listUrl({ ...params, page: number, cursor }));
      expect(answer.current_page, `page ${number}`).toBe(number);
      expect(answer.data, `page ${number}`).toEqual(await numbered(number));
    }
    // A forged cursor is refused whatever the page.
    const forged = Buffer.from(JSON.stringify([31, 'next', 'test_notes.priority asc', 'abc', 1])).toString('base64url');
    const refused = await t.call({ method: 'GET', url: listUrl({ ...params, page: 32, cursor: forged }), cookie: admin });
    expect(refused.statusCode).toBe(422);
  });
});
