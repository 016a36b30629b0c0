import { describe, expect, it } from 'vitest';
import { API, DIALECTS } from './harness';
import { FORBIDDEN, INTAKE, NOT_FOUND, intakeList, intakeUrl, names, useSeededIntake } from './crud-access-fixtures';

/**
 * tests/fixtures/crud/intake.json's access block on reads: the rows and fields each role sees in the list,
 * its config, export and forms, crafted queries on hidden columns, and the menu. Writes: crud-access-write.test.ts.
 */
describe.each(DIALECTS)('per-role access on reads, on %s', (dialect) => {
  const s = useSeededIntake(dialect);
  const t = s.t;

  it('shows a cashier only their rows and only the allowed columns in the list and its config', async () => {
    const page = await intakeList(t, s.cashier);
    expect(page.total).toBe(2);
    expect(names(page)).toEqual(['Cashier Two', 'Cashier One']);
    expect(Object.keys(page.data[0]!).sort()).toEqual(['$actions', '$checked', '$id', '$toggled', 'created_at', 'name', 'status']);
    expect(page.data[0]!.status).toBe('held');
    const config = (await t.call({ method: 'GET', url: `${INTAKE}/config`, cookie: s.cashier })).json();
    expect(Object.keys(config.columns)).toEqual(['name', 'status']);
    expect(config.queryFilters.map((filter: { name: string }) => filter.name)).toEqual(['status']);
    // No delete entry: no delete action, no bulk delete; the edit link is there (update allowed).
    expect(config.bulkActions).toEqual([]);
    expect(page.data[0]!.$actions).toEqual([{ identifier: 'edit', label: 'Edit', type: 'GOTO', url: `/dashboard/intake/edit/${s.ids.cashierTwo}` }]);
  });

  it("exports only the cashier's rows and allowed columns", async () => {
    const exported = await t.call({ method: 'POST', url: `${INTAKE}/export`, cookie: s.cashier, payload: {} });
    expect(exported.statusCode, exported.body).toBe(200);
    const csv = (await t.call({ method: 'GET', url: exported.json().url, cookie: s.cashier })).body;
    expect(csv.trimEnd().split('\r\n')).toEqual(['Name,Status', 'Cashier Two,held', 'Cashier One,open']);
    // Asking for another's rows by id exports nothing of them.
    const picked = await t.call({ method: 'POST', url: `${INTAKE}/export`, cookie: s.cashier, payload: { entries: [s.ids.adminOpen, s.ids.cashierOne] } });
    const pickedCsv = (await t.call({ method: 'GET', url: picked.json().url, cookie: s.cashier })).body;
    expect(pickedCsv.trimEnd().split('\r\n')).toEqual(['Name,Status', 'Cashier One,open']);
  });

  it('gives a cashier forms of the allowed fields only, and no form of a row outside the filter', async () => {
    const create = (await t.call({ method: 'GET', url: `${INTAKE}/form-config`, cookie: s.cashier })).json();
    expect(create.form.main.name).toBe('name');
    expect(Object.keys(create.form.tabs)).toEqual(['general']);
    expect(create.form.tabs.general.fields.map((field: { name: string }) => field.name)).toEqual(['status']);
    // The edit form holds what the cashier may both read and update: the name alone.
    const edit = await t.call({ method: 'GET', url: `${INTAKE}/form-config/${s.ids.cashierOne}`, cookie: s.cashier });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().form).toMatchObject({ main: { name: 'name', value: 'Cashier One' }, tabs: {} });
    const other = await t.call({ method: 'GET', url: `${INTAKE}/form-config/${s.ids.adminOpen}`, cookie: s.cashier });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(NOT_FOUND);
  });

  it('refuses sorting and filtering by a hidden column (422) and searches the allowed columns only', async () => {
    const sorted = await t.call({ method: 'GET', url: intakeUrl({ active: 'phone', direction: 'asc' }), cookie: s.cashier });
    expect(sorted.statusCode).toBe(422);
    expect(sorted.json()).toMatchObject({
      status: 'failed',
      message: 'The form is not valid.',
      errors: { active: ['The list cannot be sorted by this column.'] },
    });
    const filtered = await t.call({ method: 'GET', url: intakeUrl({ queryFilters: JSON.stringify({ phone: '555-0101' }) }), cookie: s.cashier });
    expect(filtered.statusCode).toBe(422);
    expect(filtered.json().errors).toEqual({ 'queryFilters.phone': ['This field is not allowed.'] });
    // Phones match the administrator's rows; the cashier's search does not look at phones, nor at others' rows.
    expect((await intakeList(t, s.cashier, { search: '555-01' })).total).toBe(0);
    expect(names(await intakeList(t, s.cashier, { search: 'one' }))).toEqual(['Cashier One']);
    expect(names(await intakeList(t, s.cashier, { queryFilters: JSON.stringify({ status: 'held' }) }))).toEqual(['Cashier Two']);
    expect((await intakeList(t, s.admin, { search: '555-01' })).total).toBe(3);
  });

  it('shows a vendor the rows of their vendor number (and price at least 1.00), with name and price', async () => {
    const page = await intakeList(t, await t.login('vendor'));
    expect(page.data.map((row) => [row.name, row.price])).toEqual([['Admin Open', 12.5]]);
    expect(Object.keys(page.data[0]!).sort()).toEqual(['$actions', '$checked', '$id', '$toggled', 'created_at', 'name', 'price']);
    const other = await intakeList(t, await t.login('oldbarn'));
    expect(other.data.map((row) => [row.name, row.price])).toEqual([['Admin Closed', 3]]);
    const create = await t.call({ method: 'POST', url: INTAKE, cookie: await t.login('vendor'), payload: { name: 'Mine' } });
    expect(create.statusCode).toBe(403);
  });

  it('answers 403 to a role without an entry, and leaves the resource out of its menu', async () => {
    const customer = await t.login('customer');
    for (const [method, url] of [
      ['GET', INTAKE],
      ['GET', `${INTAKE}/config`],
      ['GET', `${INTAKE}/form-config`],
      ['POST', INTAKE],
    ] as const) {
      const response = await t.call({ method, url, cookie: customer, ...(method === 'POST' ? { payload: { name: 'Mine' } } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN);
    }
    const paths = async (cookie: string) =>
      (await t.call({ method: 'GET', url: `${API}/menu`, cookie }))
        .json()
        .flatMap((group: { items: Array<{ path: string }> }) => group.items.map((item) => item.path));
    expect(await paths(customer)).not.toContain('/dashboard/intake');
    expect(await paths(s.cashier)).toContain('/dashboard/intake');
    expect(await paths(s.admin)).toContain('/dashboard/intake');
  });

  it('leaves administrators unrestricted', async () => {
    for (const user of ['admin', 'storeadmin']) {
      const page = await intakeList(t, await t.login(user), { active: 'phone', direction: 'desc', search: '555-01' });
      expect(names(page)).toEqual(['Admin Cheap', 'Admin Closed', 'Admin Open']);
      expect((await intakeList(t, await t.login(user))).total).toBe(5);
      expect(Object.keys(page.data[2]!).sort()).toEqual([
        '$actions',
        '$checked',
        '$id',
        '$toggled',
        'created_at',
        'name',
        'phone',
        'price',
        'status',
        'vendor_id',
      ]);
    }
  });
});
