import { beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';
import { pageReader, type ListPage, insertInChunks } from './crud-fixtures';

const PRODUCTS = `${API}/crud/ns.products`;
const NOW = '2031-01-01 00:00:00';
const BAD_CURSOR = 'This page link is no longer valid. Go back to the first page.';
const UNAVAILABLE = encodeURIComponent(JSON.stringify({ status: 'unavailable' }));

type Answer = ListPage<{ name: string }>;

/**
 * A searched list sorts at most 2,000 matches. 2,100 'Qx Lamp n' products (n = 1…2100, inserted in that
 * order, so a larger n is newer), the last five of them unavailable: 'Qx Lamp' matches 2,100, more than
 * the bound; 'Qx Lamp 1' matches 1, 10–19, 100–199 and 1000–1999, 1,111 of them, under it.
 */
describe.each(DIALECTS)('a search matching more rows than a page can sort, on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin: string;

  const get = pageReader<{ name: string }>(t, () => admin);
  const names = (answer: Answer) => answer.data.map((row) => row.name);

  beforeAll(async () => {
    admin = await t.login('admin');
    const rows = Array.from({ length: 2100 }, (_, index) => ({
      name: `Qx Lamp ${index + 1}`,
      sku: `QX-${index + 1}`,
      status: index >= 2095 ? 'unavailable' : 'available',
      created_at: NOW,
      updated_at: NOW,
    }));
    await insertInChunks(t, 'products', rows, 500);
  }, 60_000);

  it('sorts a search under the bound as asked, with its exact total', async () => {
    const answer = await get(`${PRODUCTS}?per_page=12&search=qx%20lamp%201&active=name&direction=desc`);
    expect(names(answer)).toEqual([
      'Qx Lamp 1999',
      'Qx Lamp 1998',
      'Qx Lamp 1997',
      'Qx Lamp 1996',
      'Qx Lamp 1995',
      'Qx Lamp 1994',
      'Qx Lamp 1993',
      'Qx Lamp 1992',
      'Qx Lamp 1991',
      'Qx Lamp 1990',
      'Qx Lamp 199',
      'Qx Lamp 1989',
    ]);
    expect(answer.total).toBe(1111);
    expect(answer.last_page).toBe(93);
    expect(answer.broad_search).toBeUndefined();
  });

  it('shows a search past the bound newest first, says so, and estimates its total', async () => {
    const answer = await get(`${PRODUCTS}?per_page=3&search=qx%20lamp&active=name&direction=asc`);
    expect(names(answer)).toEqual(['Qx Lamp 2100', 'Qx Lamp 2099', 'Qx Lamp 2098']);
    expect(answer.broad_search).toBe(2000);
    // 2,001 matches found among the new rows, spread over the demo catalogue's ids too: an estimate, not the 2,100.
    expect(answer.total).toBeGreaterThan(2000);
    expect(answer.total).toBeLessThan(2300);
    expect(answer.last_page).toBe(Math.ceil(answer.total / 3));
  });

  it('pages a broad search by its cursors, forward and back, in the same order', async () => {
    const first = await get(`${PRODUCTS}?per_page=3&search=qx%20lamp&active=name&direction=asc`);
    const second = await get(first.next_page_url!);
    expect(second.current_page).toBe(2);
    expect(names(second)).toEqual(['Qx Lamp 2097', 'Qx Lamp 2096', 'Qx Lamp 2095']);
    expect(second.broad_search).toBe(2000);
    const third = await get(second.next_page_url!);
    expect(names(third)).toEqual(['Qx Lamp 2094', 'Qx Lamp 2093', 'Qx Lamp 2092']);
    expect(names(await get(third.prev_page_url!))).toEqual(['Qx Lamp 2097', 'Qx Lamp 2096', 'Qx Lamp 2095']);
    // A numbered page reads the same rows.
    expect(names(await get(`${PRODUCTS}?per_page=3&search=qx%20lamp&active=name&direction=asc&page=3`))).toEqual([
      'Qx Lamp 2094',
      'Qx Lamp 2093',
      'Qx Lamp 2092',
    ]);
  });

  it('settles the estimate once its pages reach the end', async () => {
    const first = await get(`${PRODUCTS}?per_page=1000&search=qx%20lamp&active=name&direction=asc`);
    const second = await get(first.next_page_url!);
    expect(names(second).slice(0, 2)).toEqual(['Qx Lamp 1100', 'Qx Lamp 1099']);
    const third = await get(second.next_page_url!);
    expect(names(third).slice(-2)).toEqual(['Qx Lamp 2', 'Qx Lamp 1']);
    expect({ rows: third.data.length, total: third.total, last: third.last_page, next: third.next_page_url }).toEqual({
      rows: 100,
      total: 2100,
      last: 3,
      next: null,
    });
  });

  it('sorts again once a filter narrows the matches under the bound', async () => {
    const answer = await get(`${PRODUCTS}?per_page=10&search=qx%20lamp&queryFilters=${UNAVAILABLE}&active=name&direction=asc`);
    expect(names(answer)).toEqual(['Qx Lamp 2096', 'Qx Lamp 2097', 'Qx Lamp 2098', 'Qx Lamp 2099', 'Qx Lamp 2100']);
    expect(answer.total).toBe(5);
    expect(answer.broad_search).toBeUndefined();
  });

  it('refuses a sorted page link once its search is broad, as any link of another order', async () => {
    const sorted = await get(`${PRODUCTS}?per_page=12&search=qx%20lamp%201&active=name&direction=desc`);
    const link = sorted.next_page_url!.replace('search=qx+lamp+1', 'search=qx+lamp').replace('search=qx%20lamp%201', 'search=qx%20lamp');
    expect(link).not.toBe(sorted.next_page_url);
    const response = await t.call({ method: 'GET', url: link, cookie: admin });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ cursor: [BAD_CURSOR] });
  });

  it('bounds a term too short for the search indexes the same way', async () => {
    const answer = await get(`${PRODUCTS}?per_page=2&search=qx&active=sku&direction=asc`);
    expect(names(answer)).toEqual(['Qx Lamp 2100', 'Qx Lamp 2099']);
    expect(answer.broad_search).toBe(2000);
  });
});
