import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { FIXTURE_CRUD, GUARDED } from './crud-fixtures';

const count = async (t: TestApp) => Number((await sql<{ count: number }>`select count(*) as count from test_guarded`.execute(t.database.db)).rows[0]!.count);

/** tests/fixtures/crud/guarded.json: a scoped resource with every hook (tests/fixtures/crud/hooks/guarded_notes.ts). */
describe.each(DIALECTS)('CRUD hooks, scope and transactions on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let outsider: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, { crud: FIXTURE_CRUD });
    admin = await t.login('admin');
    // A row of the same table outside the declared scope (kind = 'guarded').
    const inserted = await sql<{
      id: number;
    }>`insert into test_guarded (title, kind, created_at, updated_at) values ('Outsider', 'other', '2024-01-01 00:00:00', '2024-01-01 00:00:00') returning id`.execute(
      t.database.db,
    );
    outsider = Number(inserted.rows[0]!.id);
  });
  afterAll(() => t.close());

  const create = (title: string, general: Record<string, unknown> = {}) => t.call({ method: 'POST', url: GUARDED, cookie: admin, payload: { title, general } });

  it('forces the scope, runs beforeSave and afterSave in the write, and answers the row', async () => {
    const response = await create('First', { summary: 'short' });
    expect(response.statusCode, response.body).toBe(200);
    const { entry } = response.json().data;
    expect(entry).toMatchObject({ title: 'First', kind: 'guarded', body: `summary:short#${entry.id}` });
    // The scope column is the engine's, not the form's.
    const sneaky = await t.call({ method: 'POST', url: GUARDED, cookie: admin, payload: { title: 'Sneaky', kind: 'other', general: {} } });
    expect(sneaky.statusCode).toBe(422);
    expect(sneaky.json().errors).toEqual({ kind: ['This field is not allowed.'] });
  });

  it('answers hooks.validate errors as 422 and writes nothing', async () => {
    const before = await count(t);
    const response = await create('Forbidden');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'failed',
      message: 'The form is not valid.',
      errors: { title: ['This title is not allowed.'] },
      field_errors: [{ identifier: 'invalid', invalid: true, message: 'This title is not allowed.', name: 'title' }],
    });
    expect(await count(t)).toBe(before);
  });

  it('rolls the record back when afterSave fails', async () => {
    const before = await count(t);
    const response = await create('Explode');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 'failed', message: 'An unexpected error occurred on the server.' });
    expect(await count(t)).toBe(before);
  });

  it('fills virtual fields from loadValues in the entry form', async () => {
    const [row] = (await t.call({ method: 'GET', url: `${GUARDED}?search=fir`, cookie: admin })).json().data;
    const form = (await t.call({ method: 'GET', url: `${GUARDED}/form-config/${row.$id}`, cookie: admin })).json().form;
    const summary = form.tabs.general.fields.find((field: { name: string }) => field.name === 'summary');
    expect(summary.value).toBe(`Summary of ${row.$id}`);
  });

  it('keeps rows outside the scope out of every operation', async () => {
    const page = (await t.call({ method: 'GET', url: GUARDED, cookie: admin })).json();
    expect(page.data.map((row: { title: string }) => row.title)).not.toContain('Outsider');
    expect((await t.call({ method: 'GET', url: `${GUARDED}?search=outs`, cookie: admin })).json().total).toBe(0);
    expect((await t.call({ method: 'GET', url: `${GUARDED}/form-config/${outsider}`, cookie: admin })).statusCode).toBe(404);
    expect((await t.call({ method: 'PUT', url: `${GUARDED}/${outsider}`, cookie: admin, payload: { title: 'Taken' } })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `${GUARDED}/${outsider}`, cookie: admin })).statusCode).toBe(404);
    const bulk = await t.call({ method: 'POST', url: `${GUARDED}/bulk-actions`, cookie: admin, payload: { action: 'delete_selected', entries: [outsider] } });
    expect(bulk.json().message).toBe('The operation was successful: 0 deleted, 1 failed.');
    const still = await sql<{ title: string }>`select title from test_guarded where id = ${outsider}`.execute(t.database.db);
    expect(still.rows[0]!.title).toBe('Outsider');
  });

  it('serves declared row actions: a popup with its component, a delete with its confirmation', async () => {
    const [row] = (await t.call({ method: 'GET', url: `${GUARDED}?search=fir`, cookie: admin })).json().data;
    expect(row.$actions).toEqual([
      { identifier: 'preview', label: 'Preview', type: 'POPUP', component: 'ns-guarded-preview' },
      { identifier: 'delete', label: 'Delete', type: 'DELETE', url: `${GUARDED}/${row.$id}`, confirm: { message: 'Really delete?' } },
    ]);
  });

  it('counts the rows beforeDelete refuses as failed, and runs declared bulk actions through the hook', async () => {
    const ids: number[] = [];
    for (const title of ['Keep me', 'Drop me', 'Drop me too']) ids.push((await create(title)).json().data.entry.id);
    const archived = await t.call({ method: 'POST', url: `${GUARDED}/bulk-actions`, cookie: admin, payload: { action: 'archive', entries: ids } });
    expect(archived.json()).toEqual({ status: 'success', message: 'The operation was successful: 3 archived, 0 failed.' });
    const deleted = await t.call({ method: 'POST', url: `${GUARDED}/bulk-actions`, cookie: admin, payload: { action: 'delete_selected', entries: ids } });
    expect(deleted.json()).toEqual({ status: 'success', message: 'The operation was successful: 2 deleted, 1 failed.' });
    const refused = await t.call({ method: 'DELETE', url: `${GUARDED}/${ids[0]}`, cookie: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 'failed', message: 'This note is kept.' });
  });

  it('uses a prefix search on this resource', async () => {
    expect((await t.call({ method: 'GET', url: `${GUARDED}?search=KEEP`, cookie: admin })).json().total).toBe(1);
    expect((await t.call({ method: 'GET', url: `${GUARDED}?search=me`, cookie: admin })).json().total).toBe(0);
  });
});
