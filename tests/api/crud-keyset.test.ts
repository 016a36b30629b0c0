import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { FIXTURE_CRUD, listUrl, notesPageReads } from './crud-fixtures';

const BAD_CURSOR = 'This page link is no longer valid. Go back to the first page.';

/**
 * Notes 1–12, 'Note 01'…'Note 12': priority (i mod 5) + 1, none for note 7, so priorities tie
 * (1: notes 5, 10; 2: 1, 6, 11; 3: 2, 12; 4: 3, 8; 5: 4, 9) and every category is NULL (all tie).
 */
async function insertNotes(t: TestApp): Promise<void> {
  const db = t.database.db as unknown as Kysely<any>;
  const at = '2026-01-05 10:00:00';
  const rows = Array.from({ length: 12 }, (_, index) => {
    const i = index + 1;
    return {
      title: `Note ${String(i).padStart(2, '0')}`,
      author_email: 'staff@mall.shop',
      amount: i * 100,
      priority: i === 7 ? null : (i % 5) + 1,
      status: i % 2 === 1 ? 'draft' : 'published',
      created_at: at,
      updated_at: at,
    };
  });
  await db.insertInto('test_notes').values(rows).execute();
}

const note = (...numbers: number[]) => numbers.map((i) => `Note ${String(i).padStart(2, '0')}`);

describe.each(DIALECTS)('keyset pages of the CRUD list, on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { crud: FIXTURE_CRUD });
    admin = await t.login('admin');
    await insertNotes(t);
  }, 60_000);
  afterAll(() => t.close());

  const get = (url: string) => t.call({ method: 'GET', url, cookie: admin });
  const page = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: Array<{ title: string }>; current_page: number; next_page_url: string | null; prev_page_url: string | null };
  };
  const titles = (answer: { data: Array<{ title: string }> }) => answer.data.map((row) => row.title);

  /** Page 1, then each next_page_url (with its cursor) to the end, then each prev_page_url back. */
  async function walk(params: Record<string, string | number>) {
    const forward = [await page(listUrl(params))];
    while (forward.at(-1)!.next_page_url) forward.push(await page(forward.at(-1)!.next_page_url!));
    const backward = [forward.at(-1)!];
    while (backward.at(-1)!.prev_page_url) backward.push(await page(backward.at(-1)!.prev_page_url!));
    return { forward, backward: backward.reverse() };
  }

  it('walks the pages by cursor, both ways, through ties and NULLs, with the rows numbered pages show', async () => {
    const params = { active: 'priority', direction: 'asc', per_page: 5 };
    const { forward, backward } = await walk(params);
    // NULLs sort first in SQLite's ascending order and last in PostgreSQL's; ties go by id.
    const expected =
      dialect === 'sqlite' ? [note(7, 5, 10, 1, 6), note(11, 2, 12, 3, 8), note(4, 9)] : [note(5, 10, 1, 6, 11), note(2, 12, 3, 8, 4), note(9, 7)];
    expect(forward.map(titles)).toEqual(expected);
    expect(forward.map((answer) => answer.current_page)).toEqual([1, 2, 3]);
    expect(forward[1]!.next_page_url).toContain('cursor=');
    expect(backward.map(titles)).toEqual(expected);
    expect(backward.map((answer) => answer.current_page)).toEqual([1, 2, 3]);
    // Numbered pages (page 3 is read from the end) show the same rows.
    for (const number of [1, 2, 3]) expect(titles(await page(listUrl({ ...params, page: number })))).toEqual(expected[number - 1]);
  });

  // Every value of every row, not only the order: a page by its number and by its cursor are read by different statements.
  it('gives the same rows by cursor as by page number for every order, ties and searches included', async () => {
    const orders: Array<Record<string, string | number>> = [
      { per_page: 5 },
      { active: 'priority', direction: 'desc', per_page: 5 },
      { active: 'category_name', direction: 'asc', per_page: 4 },
      { active: 'title', direction: 'desc', per_page: 3, search: 'Note' },
      { active: 'amount', direction: 'asc', per_page: 5, search: 'Note 1' },
    ];
    for (const params of orders) {
      const { forward, backward } = await walk(params);
      const numbered = [];
      for (let number = 1; number <= forward.length; number += 1) numbered.push((await page(listUrl({ ...params, page: number }))).data);
      expect(
        forward.map((answer) => answer.data),
        JSON.stringify(params),
      ).toEqual(numbered);
      expect(
        backward.map((answer) => answer.data),
        JSON.stringify(params),
      ).toEqual(numbered);
    }
    const { forward } = await walk({ active: 'amount', direction: 'asc', per_page: 5, search: 'Note 1' });
    expect(forward.map(titles)).toEqual([note(10, 11, 12)]);
  });

  it('reads the rows after a cursor as index ranges, the values and then the NULLs, never one OR of both', async () => {
    // PostgreSQL puts the NULL (note 7) after the values in ascending order, SQLite in descending order.
    const params = { active: 'priority', direction: dialect === 'sqlite' ? 'desc' : 'asc', per_page: 5 };
    const second = await page(listUrl({ ...params, page: 2 }));
    const { answer: third, reads } = await notesPageReads(
      t,
      () => page(second.next_page_url!),
      (_node, sql, rows) => ({ sql: sql.toLowerCase(), rows }),
    );
    expect(titles(third)).toEqual(dialect === 'sqlite' ? note(5, 7) : note(9, 7));
    // Page 3 by its cursor: the values after it (one range), then the NULLs to fill the page.
    expect(reads.map((read) => read.rows)).toEqual([1, 1]);
    expect(reads.filter((read) => read.sql.includes('is null') && read.sql.includes(' or '))).toEqual([]);
  });

  it('refuses a forged, garbled or foreign cursor with a 422, never a 500', async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const first = await page(listUrl({ active: 'priority', direction: 'asc', per_page: 5 }));
    const cursor = new URL(first.next_page_url!, 'http://x').searchParams.get('cursor')!;
    const cases: Array<Record<string, string | number>> = [
      { cursor: 'garbage' },
      { cursor: '%%%' },
      { cursor: encode([1]) },
      { cursor: encode({ page: 2 }) },
      { cursor: encode([2, 'next', 'test_notes.id desc', null, 'x']) },
      { cursor: encode([0, 'next', 'test_notes.id desc', null, 1]) },
      { cursor: encode([2, 'sideways', 'test_notes.id desc', null, 1]) },
      { cursor: encode([2, 'next', 'test_notes.id desc', { a: 1 }, 1]) },
      // A cursor of another order, or a value the sorted column cannot hold.
      { cursor, active: 'title' },
      { active: 'priority', direction: 'asc', cursor: encode([2, 'next', 'test_notes.priority asc', 'abc', 3]) },
      { active: 'title', direction: 'asc', cursor: encode([2, 'next', 'test_notes.title asc', 12, 3]) },
      { active: 'priority', direction: 'asc', cursor: encode([2, 'next', 'test_notes.priority asc', true, 3]) },
    ];
    for (const params of cases) {
      const response = await get(listUrl(params));
      expect(response.statusCode, JSON.stringify(params)).toBe(422);
      expect(response.json().errors, JSON.stringify(params)).toEqual({ cursor: [BAD_CURSOR] });
    }
    const long = await get(listUrl({ cursor: 'a'.repeat(2001) }));
    expect(long.statusCode).toBe(422);
  });
});
