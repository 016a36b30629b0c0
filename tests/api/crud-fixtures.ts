import { expect } from 'vitest';
import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  SelectQueryNode,
  UnknownRow,
} from 'kysely';
import path from 'node:path';
import { DEFAULT_HOOK_DIRS } from '../../server/crud/hooks';
import { API, type TestApp } from './harness';

/** tests/fixtures/crud: declarations only the tests serve, with their hooks modules. */
export const FIXTURE_DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'crud');
export const FIXTURE_CRUD = { crudDirs: [FIXTURE_DIR], crudHookDirs: [...DEFAULT_HOOK_DIRS, path.join(FIXTURE_DIR, 'hooks')] };

export const NOTES = `${API}/crud/test.notes`;
export const GUARDED = `${API}/crud/test.guarded`;

/** A valid notes body, with overrides per tab. */
export function noteBody(title: string, general: Record<string, unknown> = {}, extra?: Record<string, unknown>) {
  return { title, general: { author_email: 'staff@mall.shop', ...general }, ...(extra ? { extra } : {}) };
}

/** Creates a note as the given user and answers the saved entry. */
export async function createNote(t: TestApp, cookie: string, title: string, general: Record<string, unknown> = {}, extra?: Record<string, unknown>) {
  const response = await t.call({ method: 'POST', url: NOTES, cookie, payload: noteBody(title, general, extra) });
  if (response.statusCode !== 200) throw new Error(`create ${title}: ${response.statusCode} ${response.body}`);
  return response.json().data.entry as Record<string, unknown> & { id: number };
}

export const LIST_KEYS = [
  'current_page',
  'data',
  'first_page_url',
  'from',
  'last_page',
  'last_page_url',
  'next_page_url',
  'path',
  'per_page',
  'prev_page_url',
  'to',
  'total',
];

export const listUrl = (params: Record<string, string | number>) =>
  `${NOTES}?${new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString()}`;

/** A list page as the API answers it, its rows typed by what a test reads. */
export interface ListPage<Row> {
  data: Row[];
  total: number;
  last_page: number;
  current_page: number;
  next_page_url: string | null;
  prev_page_url: string | null;
  broad_search?: number;
  broad_order?: string;
}

/** Reads a list page by its full URL (a page link included) as a signed-in user, answered 200. */
export function pageReader<Row>(t: TestApp, session: () => string) {
  return async (url: string): Promise<ListPage<Row>> => {
    const response = await t.call({ method: 'GET', url, cookie: session() });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
}

/** The notes list as a signed-in user reads it, answered 200; the session is read when the list is asked for. */
export function notesList(t: TestApp, session: () => string) {
  return async (params: Record<string, string | number> = {}, cookie = session()) => {
    const response = await t.call({ method: 'GET', url: listUrl(params), cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
}

/**
 * The notes the list test of crud-notes.test.ts creates ('Bulk 01'–'Bulk 12', 'Discount 50%', 'snake_case
 * title'), for a suite whose tests start where that one ends.
 */
export async function createListNotes(t: TestApp, cookie: string) {
  for (let index = 1; index <= 12; index += 1) {
    await createNote(
      t,
      cookie,
      `Bulk ${String(index).padStart(2, '0')}`,
      { amount: index, priority: (index % 5) + 1, status: index % 2 ? 'published' : 'draft', category_id: index % 2 ? 1 : 3 },
      index % 2 ? { reminder: 'soon' } : undefined,
    );
  }
  await createNote(t, cookie, 'Discount 50%', { body: 'has a percent' });
  await createNote(t, cookie, 'snake_case title', { body: 'has an underscore' });
}

/** Inserts many rows in statements of `size` rows, under both databases' limits on one statement's parameters. */
export async function insertInChunks(t: TestApp, table: string, rows: ReadonlyArray<Record<string, unknown>>, size: number): Promise<void> {
  const db = t.database.db as unknown as Kysely<any>;
  for (let start = 0; start < rows.length; start += size)
    await db
      .insertInto(table)
      .values(rows.slice(start, start + size))
      .execute();
}

/**
 * Runs `read` with the app's statements watched, and answers what `record` makes of each page read of the notes
 * list (a SELECT of test_notes with a LIMIT): its node, its SQL and how many rows it answered, in answer order.
 */
export async function notesPageReads<T, R>(
  t: TestApp,
  read: () => Promise<T>,
  record: (node: SelectQueryNode, sql: string, rows: number) => R,
): Promise<{ answer: T; reads: R[] }> {
  const reads: R[] = [];
  const original = t.database.db;
  const pending = new Map<object, SelectQueryNode>();
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      if (node.kind === 'SelectQueryNode' && node.limit && JSON.stringify(node.from).includes('"test_notes"')) pending.set(queryId, node);
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const node = pending.get(queryId);
      if (node) reads.push(record(node, original.getExecutor().compileQuery(node, queryId).sql, result.rows.length));
      return result;
    },
  };
  t.database.db = original.withPlugin(plugin);
  try {
    return { answer: await read(), reads };
  } finally {
    t.database.db = original;
  }
}
