import { beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';
import { FIXTURE_CRUD, NOTES, createListNotes, createNote, notesList } from './crud-fixtures';

/**
 * tests/fixtures/crud/notes.json, continued from crud-notes.test.ts: export, bulk actions, delete and the
 * menu, served from the file alone, on the notes that suite's list test leaves.
 */
describe.each(DIALECTS)('a resource from a declaration file alone, on %s', (dialect) => {
  const t = useTestApp(dialect, { crud: FIXTURE_CRUD });
  let admin: string;
  beforeAll(async () => {
    admin = await t.login('admin');
    await createListNotes(t, admin);
  });

  const list = notesList(t, () => admin);

  it('exports the matching rows as a safe CSV download', async () => {
    await createNote(t, admin, '=HYPERLINK("http://x")', { body: 'formula' });
    const exported = await t.call({ method: 'POST', url: `${NOTES}/export?search=bulk&active=amount&direction=desc`, cookie: admin, payload: {} });
    expect(exported.statusCode, exported.body).toBe(200);
    const { url } = exported.json();
    expect(url).toMatch(/^\/api\/nexopos\/v4\/crud-exports\/test\.notes--[a-f0-9]{32}\.csv$/);
    const file = await t.call({ method: 'GET', url, cookie: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="notes-export.csv"');
    const lines = file.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Title,Email,Amount,Priority,Status,Category');
    expect(lines).toHaveLength(13);
    expect(lines[1]).toBe('Bulk 12,staff@mall.shop,12,3,draft,Vintage Clothing');

    const formula = await t.call({ method: 'POST', url: `${NOTES}/export?search=formula`, cookie: admin });
    const formulaCsv = (await t.call({ method: 'GET', url: formula.json().url, cookie: admin })).body;
    expect(formulaCsv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://x"")",staff@mall.shop,,,,`);

    const ids = (await list({ search: 'bulk', per_page: 2, active: 'title', direction: 'asc' })).data.map((row: { $id: number }) => row.$id);
    const some = await t.call({ method: 'POST', url: `${NOTES}/export`, cookie: admin, payload: { entries: ids } });
    const someCsv = (await t.call({ method: 'GET', url: some.json().url, cookie: admin })).body.trimEnd().split('\r\n');
    expect(someCsv.slice(1).map((line) => line.split(',')[0])).toEqual(['Bulk 02', 'Bulk 01']);

    // Read permission on the resource is needed to download, and only its maker opens an export
    // (another reader gets 404: their scope may be narrower); names that are not exports are refused.
    expect((await t.call({ method: 'GET', url, cookie: await t.login('vendor') })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url, cookie: await t.login('cashier') })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${API}/crud-exports/test.notes--${'0'.repeat(32)}.csv`, cookie: admin })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${API}/crud-exports/..%2F..%2Fstore.sqlite`, cookie: admin })).statusCode).toBe(422);
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('bulk-deletes with counts, and refuses unknown actions', async () => {
    const ids = (await list({ search: 'bulk', per_page: 3 })).data.map((row: { $id: number }) => row.$id);
    const response = await t.call({
      method: 'POST',
      url: `${NOTES}/bulk-actions`,
      cookie: admin,
      payload: { action: 'delete_selected', entries: [...ids, 999_999] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: 'The operation was successful: 3 deleted, 1 failed.' });
    expect((await list({ search: 'bulk' })).total).toBe(9);

    const unknown = await t.call({ method: 'POST', url: `${NOTES}/bulk-actions`, cookie: admin, payload: { action: 'explode', entries: [1] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ action: ['This action is not supported.'] });
    for (const payload of [
      { action: 'delete_selected', entries: [] },
      { action: 'delete_selected' },
      { entries: [1] },
      { action: 'delete_selected', entries: ['1 OR 1=1'] },
    ]) {
      expect((await t.call({ method: 'POST', url: `${NOTES}/bulk-actions`, cookie: admin, payload })).statusCode, JSON.stringify(payload)).toBe(422);
    }
    const cashier = await t.login('cashier');
    expect(
      (await t.call({ method: 'POST', url: `${NOTES}/bulk-actions`, cookie: cashier, payload: { action: 'delete_selected', entries: [ids[0]!] } })).statusCode,
    ).toBe(403);
  });

  it('deletes one entry, then answers 404 for it', async () => {
    const [row] = (await list({ search: 'snake' })).data;
    const response = await t.call({ method: 'DELETE', url: `${NOTES}/${row.$id}`, cookie: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: 'Successfully Deleted' });
    const again = await t.call({ method: 'DELETE', url: `${NOTES}/${row.$id}`, cookie: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ status: 'failed', message: 'The requested resource was not found.' });
  });

  it('adds the resource to the menu of the roles that may read it', async () => {
    const adminMenu = (await t.call({ method: 'GET', url: `${API}/menu`, cookie: admin })).json();
    const ids = adminMenu.map((group: { id: string }) => group.id);
    // A new group, placed before Settings.
    expect(ids.indexOf('test_notes')).toBe(ids.indexOf('settings') - 1);
    expect(adminMenu[ids.indexOf('test_notes')].items).toEqual([
      { id: 'test.notes', label: 'All Notes', path: '/dashboard/notes', capability: 'catalog.read' },
    ]);
    const vendorMenu = (await t.call({ method: 'GET', url: `${API}/menu`, cookie: await t.login('vendor') })).json();
    expect(vendorMenu.map((group: { id: string }) => group.id)).not.toContain('test_notes');
    expect(vendorMenu.map((group: { id: string }) => group.id)).toContain('main');
    expect((await t.call({ method: 'GET', url: `${API}/menu` })).statusCode).toBe(401);
  });

  it('names every screen address to any role, so the client can tell "not allowed" from "not found"', async () => {
    const paths = (await t.call({ method: 'GET', url: `${API}/menu/paths`, cookie: await t.login('vendor') })).json().paths;
    expect(paths).toContain('/dashboard/notes');
    expect(paths).toContain('/dashboard/settings');
    expect(paths).toContain('/dashboard/pos');
    expect(paths[0]).toBe('/dashboard');
    expect((await t.call({ method: 'GET', url: `${API}/menu/paths` })).statusCode).toBe(401);
  });
});
