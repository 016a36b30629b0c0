import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { FIXTURE_CRUD, NOTES, createNote, listUrl, noteBody } from './crud-fixtures';

/** Hostile or careless requests: every one answers the envelope, none reaches SQL as text. */
describe.each(DIALECTS)('CRUD bad input and permissions on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { crud: FIXTURE_CRUD });
    admin = await t.login('admin');
    await createNote(t, admin, 'Only Note', { status: 'draft', priority: 2 });
    await createNote(t, admin, 'Second Note', { status: 'draft', priority: 4 });
  });
  afterAll(() => t.close());

  const get = (params: Record<string, string | number>, cookie = admin) => t.call({ method: 'GET', url: listUrl(params), cookie });

  it('takes SQL fragments in search as plain text', async () => {
    for (const search of ["' OR 1=1 --", "'; drop table test_notes; --", '" OR ""="', "%' OR '%'='", '\\', '%%', '__']) {
      const response = await get({ search });
      expect(response.statusCode, search).toBe(200);
      expect(response.json().total, search).toBe(0);
    }
    const still = await sql<{ count: number }>`select count(*) as count from test_notes`.execute(t.database.db);
    expect(Number(still.rows[0]!.count)).toBe(2);
  });

  it('takes SQL fragments in filter values as values, and refuses them where a number is due', async () => {
    const filter = (value: unknown) => get({ queryFilters: JSON.stringify(value) });
    const text = await filter({ status: "draft' OR 1=1 --" });
    expect(text.statusCode).toBe(200);
    expect(text.json().total).toBe(0);
    const number = await filter({ priority: '1 OR 1=1' });
    expect(number.statusCode).toBe(422);
    expect(number.json()).toEqual({
      status: 'failed',
      message: 'The form is not valid.',
      errors: { 'queryFilters.priority': ['This field has a value that is not allowed.'] },
      field_errors: [{ identifier: 'invalid', invalid: true, message: 'This field has a value that is not allowed.', name: 'queryFilters.priority' }],
    });
    const column = await filter({ 'status = status OR 1': 'x' });
    expect(column.statusCode).toBe(422);
    expect(Object.keys(column.json().errors)).toEqual(['queryFilters.status = status OR 1']);
  });

  it('refuses malformed, non-object and unknown filters', async () => {
    const cases: Array<[string, string]> = [
      ['{not json', 'queryFilters'],
      ['[1,2]', 'queryFilters'],
      ['"status"', 'queryFilters'],
      [JSON.stringify({ body: 'x' }), 'queryFilters.body'],
      [JSON.stringify({ status: { $ne: 1 } }), 'queryFilters.status'],
      [JSON.stringify({ created_at: { startDate: '2024-13-45', endDate: null } }), 'queryFilters.created_at'],
      [JSON.stringify({ created_at: { startDate: "2024-01-01' OR '1'='1" } }), 'queryFilters.created_at'],
      [JSON.stringify({ created_at: '2024-01-01' }), 'queryFilters.created_at'],
    ];
    for (const [queryFilters, key] of cases) {
      const response = await get({ queryFilters });
      expect(response.statusCode, queryFilters).toBe(422);
      expect(Object.keys(response.json().errors), queryFilters).toEqual([key]);
    }
    expect((await get({ queryFilters: 'null' })).statusCode).toBe(200);
    expect((await get({ queryFilters: '' })).statusCode).toBe(200);
  });

  it('sorts only on declared sortable columns', async () => {
    for (const active of ['body', 'author_email', 'id', 'nope']) {
      const response = await get({ active, direction: 'asc' });
      expect(response.statusCode, active).toBe(422);
      expect(response.json().errors, active).toEqual({ active: ['The list cannot be sorted by this column.'] });
    }
    for (const active of ['title; drop table test_notes', 'title desc', '"title"', 'category.name']) {
      expect((await get({ active })).statusCode, active).toBe(422);
    }
    expect((await get({ active: 'title', direction: 'sideways' })).statusCode).toBe(422);
    expect((await get({ active: '', direction: '' })).statusCode).toBe(200);
  });

  it('refuses page 0, negative pages, bad and huge page sizes', async () => {
    const cases: Array<Record<string, string | number>> = [
      { page: 0 },
      { page: -1 },
      { page: 'two' },
      { page: 1.5 },
      { per_page: 0 },
      { per_page: -5 },
      { per_page: 100_001 },
      { per_page: 1e12 },
      { per_page: 'ALL' },
    ];
    for (const params of cases) {
      const response = await get(params);
      expect(response.statusCode, JSON.stringify(params)).toBe(422);
      expect(response.json().status).toBe('failed');
    }
    expect((await get({ search: 'x'.repeat(201) })).statusCode).toBe(422);
  });

  it('answers 404 for an unknown resource and refuses odd namespaces', async () => {
    for (const url of [`${API}/crud/test.nothing`, `${API}/crud/test.nothing/config`, `${API}/crud/test.nothing/form-config`]) {
      const response = await t.call({ method: 'GET', url, cookie: admin });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ status: 'failed', message: 'The requested resource was not found.' });
    }
    expect((await t.call({ method: 'POST', url: `${API}/crud/test.nothing`, cookie: admin, payload: noteBody('x') })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `${API}/crud/test.nothing/1`, cookie: admin })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${API}/crud/Test..%2Fx`, cookie: admin })).statusCode).toBe(422);
    expect((await t.call({ method: 'DELETE', url: `${NOTES}/abc`, cookie: admin })).statusCode).toBe(422);
    expect((await t.call({ method: 'DELETE', url: `${NOTES}/0`, cookie: admin })).statusCode).toBe(422);
  });

  it('answers 401 without a session and 403 for a role without the capability', async () => {
    const routes: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }> = [
      { method: 'GET', url: `${NOTES}/config` },
      { method: 'GET', url: NOTES },
      { method: 'GET', url: `${NOTES}/form-config` },
      { method: 'GET', url: `${NOTES}/form-config/1` },
      { method: 'POST', url: NOTES, payload: noteBody('Sneaky') },
      { method: 'PUT', url: `${NOTES}/1`, payload: noteBody('Sneaky') },
      { method: 'DELETE', url: `${NOTES}/1` },
      { method: 'POST', url: `${NOTES}/export`, payload: {} },
      { method: 'POST', url: `${NOTES}/bulk-actions`, payload: { action: 'delete_selected', entries: [1] } },
    ];
    const vendor = await t.login('vendor');
    for (const route of routes) {
      expect((await t.call(route)).statusCode, `${route.method} ${route.url}`).toBe(401);
      const refused = await t.call({ ...route, cookie: vendor });
      expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(refused.json()).toEqual({ status: 'failed', message: 'You are not allowed to do this.' });
    }
    // The cashier reads (catalog.read) but does not manage: no create link, no row actions, no bulk delete.
    const cashier = await t.login('cashier');
    const config = (await t.call({ method: 'GET', url: `${NOTES}/config`, cookie: cashier })).json();
    expect(config.links).toEqual({ list: '/dashboard/notes', create: '#', edit: '#' });
    expect(config.bulkActions).toEqual([]);
    const page = (await get({}, cashier)).json();
    expect(page.data[0].$actions).toEqual([]);
    for (const route of routes.slice(2)) {
      if (route.url.endsWith('/export')) continue;
      expect((await t.call({ ...route, cookie: cashier })).statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    expect((await t.call({ method: 'POST', url: `${NOTES}/export`, cookie: cashier, payload: {} })).statusCode).toBe(200);
    // The manager manages.
    const manager = await t.login('manager');
    expect((await t.call({ method: 'POST', url: NOTES, cookie: manager, payload: noteBody('By Manager') })).statusCode).toBe(200);
  });

  it('leaves the tabs disabled on create to the first update', async () => {
    // extra.reminder becomes required for published notes, but the extra tab is disabledTabsWhenCreate.
    const created = await t.call({ method: 'POST', url: NOTES, cookie: admin, payload: noteBody('Launch', { status: 'published' }) });
    expect(created.statusCode, created.body).toBe(200);
    const updated = await t.call({ method: 'PUT', url: `${NOTES}/${created.json().data.entry.id}`, cookie: admin, payload: { title: 'Launch 2' } });
    expect(updated.statusCode).toBe(422);
    expect(updated.json().errors).toEqual({ 'extra.reminder': ['This field is required.'] });
  });

  it('refuses writes without the x-requested-with header', async () => {
    const response = await t.app.inject({ method: 'POST', url: NOTES, headers: { cookie: admin }, payload: noteBody('No header') });
    expect(response.statusCode).toBe(403);
  });

  it('answers a unique-column clash as a field error, not a server error', async () => {
    // test_notes has no unique column: add one the way a later migration of an engine table might.
    await sql`create unique index test_notes_reminder_uq on test_notes (reminder)`.execute(t.database.db);
    await createNote(t, admin, 'Unique One', {}, { reminder: 'same' });
    const clash = await t.call({ method: 'POST', url: NOTES, cookie: admin, payload: noteBody('Unique Two', {}, { reminder: 'same' }) });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ 'extra.reminder': ['This value is already in use.'] });
  });
});
