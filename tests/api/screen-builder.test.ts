import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { INTAKE, SCREENS, addIntake, intakeDeclaration, withFields } from './screenBuilderFixtures';

describe.each(DIALECTS)('the screen builder on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const screen = async () => (await t.call({ method: 'GET', url: `${SCREENS}/test.intake`, cookie: admin })).json();
  const stored = async (column: string) =>
    (await sql<Record<string, unknown>>`select ${sql.ref(column)} as value from test_intake order by id`.execute(t.database.db)).rows.map((row) => row.value);

  it('creates a screen that is served at once, with its menu entry', async () => {
    const created = await t.call({ method: 'POST', url: SCREENS, cookie: admin, payload: { declaration: intakeDeclaration() } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ namespace: 'test.intake', version: 1 });
    expect((await t.call({ method: 'GET', url: `${INTAKE}/config`, cookie: admin })).statusCode).toBe(200);
    const menu = (await t.call({ method: 'GET', url: '/api/nexopos/v4/menu', cookie: admin })).json();
    expect(menu.flatMap((group: { items: Array<{ path: string }> }) => group.items.map((item) => item.path))).toContain('/dashboard/consignment-intake');
    for (const [name, general] of [
      ['Ann', { intake_number: 'A-1', notes: '12', condition: 'new' }],
      ['Bob', { intake_number: 'A-2', notes: 'abc', condition: 'used' }],
      ['Cy', { intake_number: 'A-3', notes: '30', condition: 'new' }],
    ] as const) {
      const saved = await addIntake(t, admin, name, general);
      expect(saved.statusCode, saved.body).toBe(200);
    }
  });

  it('refuses a second record with the same unique value, on the field', async () => {
    const again = await addIntake(t, admin, 'Dee', { intake_number: 'A-1' });
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['general.intake_number']);
  });

  it('renames a field and keeps its values', async () => {
    const renamed = withFields(intakeDeclaration(), (fields) => fields.map((entry) => (entry.name === 'phone' ? entry : entry)));
    renamed.form.main = { ...renamed.form.main, name: 'full_name' };
    (renamed as { columns: Record<string, unknown> }).columns = { full_name: { label: 'Name', sortable: true }, intake_number: { label: 'Intake number' } };
    renamed.search = ['full_name'];
    const check = await t.call({ method: 'POST', url: `${SCREENS}/check`, cookie: admin, payload: { declaration: renamed, renames: { name: 'full_name' } } });
    expect(check.json()).toEqual({ created: false, added: [], renamed: [{ from: 'name', to: 'full_name' }], removed: [], typeChanges: [], problems: [] });
    const saved = await t.call({
      method: 'PUT',
      url: `${SCREENS}/test.intake`,
      cookie: admin,
      payload: { declaration: renamed, base_version: 1, renames: { name: 'full_name' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ version: 2 });
    expect((await sql<{ full_name: string }>`select full_name from test_intake order by id`.execute(t.database.db)).rows.map((row) => row.full_name)).toEqual([
      'Ann',
      'Bob',
      'Cy',
    ]);
    const stale = await t.call({ method: 'PUT', url: `${SCREENS}/test.intake`, cookie: admin, payload: { declaration: renamed, base_version: 1 } });
    expect(stale.statusCode).toBe(409);
  });

  it('counts the values a type change would not convert, refuses it without a choice, and keeps a copy when asked', async () => {
    const current = (await screen()).declaration;
    const numbers = withFields(current, (fields) => fields.map((entry) => (entry.name === 'notes' ? { ...entry, type: 'number' } : entry)));
    const check = await t.call({ method: 'POST', url: `${SCREENS}/check`, cookie: admin, payload: { declaration: numbers } });
    expect(check.json().typeChanges).toEqual([{ field: 'notes', from: 'text', to: 'number', unconvertible: 1, samples: ['abc'] }]);
    const refused = await t.call({ method: 'PUT', url: `${SCREENS}/test.intake`, cookie: admin, payload: { declaration: numbers, base_version: 2 } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ notes: ['1 stored values would not convert.'] });
    expect(await stored('notes')).toEqual(['12', 'abc', '30']);
    const kept = await t.call({
      method: 'PUT',
      url: `${SCREENS}/test.intake`,
      cookie: admin,
      payload: { declaration: numbers, base_version: 2, conversions: { notes: 'copy' } },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await stored('notes')).map((value) => (value === null ? null : Number(value)))).toEqual([12, null, 30]);
    expect(await stored('notes__v2')).toEqual(['12', 'abc', '30']);
    expect((await screen()).removedFields.map((entry: { name: string }) => entry.name)).toEqual(['notes__v2']);
  });

  it('hides a removed field, keeps its values, restores them, and purges only when the name is typed', async () => {
    const current = (await screen()).declaration;
    const without = withFields(current, (fields) => fields.filter((entry) => entry.name !== 'condition'));
    const saved = await t.call({ method: 'PUT', url: `${SCREENS}/test.intake`, cookie: admin, payload: { declaration: without, base_version: 3 } });
    expect(saved.json()).toEqual({ version: 4 });
    const form = (await t.call({ method: 'GET', url: `${INTAKE}/form-config`, cookie: admin })).json();
    expect(form.form.tabs.general.fields.map((entry: { name: string }) => entry.name)).toEqual(['intake_number', 'phone', 'notes']);
    expect(await stored('condition')).toEqual(['new', 'used', 'new']);
    const restored = await t.call({ method: 'POST', url: `${SCREENS}/test.intake/fields/condition/restore`, cookie: admin });
    expect(restored.json()).toEqual({ version: 5 });
    const back = (await t.call({ method: 'GET', url: `${INTAKE}/form-config/1`, cookie: admin })).json();
    expect(back.form.tabs.general.fields.find((entry: { name: string }) => entry.name === 'condition').value).toBe('new');
    const wrong = await t.call({ method: 'POST', url: `${SCREENS}/test.intake/fields/notes__v2/purge`, cookie: admin, payload: { confirm: 'notes' } });
    expect(wrong.statusCode).toBe(422);
    expect(await stored('notes__v2')).toEqual(['12', 'abc', '30']);
    const purged = await t.call({ method: 'POST', url: `${SCREENS}/test.intake/fields/notes__v2/purge`, cookie: admin, payload: { confirm: 'notes__v2' } });
    expect(purged.json()).toEqual({ version: 6 });
    await expect(stored('notes__v2')).rejects.toThrow();
    expect((await screen()).removedFields).toEqual([]);
    const audit = await sql<{ action: string }>`select action from audit_log where action = 'screen.field_purge'`.execute(t.database.db);
    expect(audit.rows).toHaveLength(1);
  });

  it('keeps every version, diffs two, and reverts through a rename without losing values', async () => {
    const versions = (await t.call({ method: 'GET', url: `${SCREENS}/test.intake/versions`, cookie: admin })).json();
    expect(versions.map((entry: { version: number; summary: string }) => [entry.version, entry.summary])).toEqual([
      [6, 'Purged notes__v2'],
      [5, 'Restored condition'],
      [4, 'Removed condition'],
      [3, 'Changed the type of notes'],
      [2, 'Renamed name → full_name'],
      [1, 'Created'],
    ]);
    const diff = (await t.call({ method: 'GET', url: `${SCREENS}/test.intake/diff?from=1&to=2`, cookie: admin })).json();
    expect(diff.changes).toContainEqual({ path: 'form.main.name', kind: 'changed', before: 'name', after: 'full_name' });
    const reverted = await t.call({ method: 'POST', url: `${SCREENS}/test.intake/revert`, cookie: admin, payload: { version: 1 } });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect((await sql<{ name: string }>`select name from test_intake order by id`.execute(t.database.db)).rows.map((row) => row.name)).toEqual([
      'Ann',
      'Bob',
      'Cy',
    ]);
    expect((await screen()).declaration).toEqual(intakeDeclaration());
  });

  it('refuses other roles and bad bodies, changing nothing', async () => {
    const cashier = await t.login('cashier');
    for (const [method, url] of [
      ['GET', SCREENS],
      ['GET', `${SCREENS}/test.intake`],
      ['POST', `${SCREENS}/preview`],
      ['GET', `${SCREENS}/test.intake/export`],
    ] as const) {
      expect((await t.call({ method, url, cookie: cashier, payload: method === 'POST' ? { declaration: intakeDeclaration() } : undefined })).statusCode).toBe(
        403,
      );
    }
    const bad = await t.call({ method: 'POST', url: SCREENS, cookie: admin, payload: { declaration: { namespace: 'x' } } });
    expect(bad.statusCode).toBe(422);
    const hooks = await t.call({
      method: 'POST',
      url: SCREENS,
      cookie: admin,
      payload: { declaration: { ...intakeDeclaration(), namespace: 'test.other', slug: 'other', table: 'other_t', hooks: 'x' } },
    });
    expect(hooks.statusCode).toBe(422);
    const appTable = await t.call({
      method: 'POST',
      url: SCREENS,
      cookie: admin,
      payload: { declaration: { ...intakeDeclaration(), namespace: 'test.other', slug: 'other', table: 'orders' } },
    });
    expect(appTable.statusCode).toBe(409);
    const migrationTable = await t.call({
      method: 'POST',
      url: SCREENS,
      cookie: admin,
      payload: { declaration: { ...intakeDeclaration(), namespace: 'test.other', slug: 'other', table: 'login_attempts' } },
    });
    expect(migrationTable.statusCode).toBe(422);
    const taken = await t.call({
      method: 'POST',
      url: SCREENS,
      cookie: admin,
      payload: { declaration: { ...intakeDeclaration(), namespace: 'ns.products', slug: 'other', table: 'other_t' } },
    });
    expect(taken.statusCode).toBe(409);
    expect((await t.call({ method: 'GET', url: SCREENS, cookie: admin })).json().total).toBe(1);
  });
});
