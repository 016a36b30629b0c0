import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { FIXTURE_CRUD } from './crud-fixtures';

const MEMOS = `${API}/crud/test.memos`;

function memoDeclaration(fields: Array<Record<string, unknown>> = []) {
  return {
    namespace: 'test.memos',
    slug: 'memos',
    table: 'test_memos',
    labels: { list_title: 'Memos' },
    menu: { group: 'memos', groupLabel: 'Memos', label: 'Memos' },
    permissions: { read: 'catalog.read', create: 'catalog.manage', update: 'catalog.manage', delete: 'catalog.manage' },
    columns: { subject: { label: 'Subject', sortable: true } },
    search: ['subject'],
    form: {
      main: { name: 'subject', label: 'Subject', type: 'text', validation: 'required' },
      tabs: { general: { label: 'General', fields } },
    },
  };
}

async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(DIALECTS)('CRUD declarations reloaded without restart on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crud-watch-'));
    t = await createTestApp(dialect, { crud: { crudDirs: [dir], crudWatch: true } });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const config = () => t.call({ method: 'GET', url: `${MEMOS}/config`, cookie: admin });

  it('serves a declaration file written after start, table and menu entry included', async () => {
    expect((await config()).statusCode).toBe(404);
    fs.writeFileSync(path.join(dir, 'memos.json'), JSON.stringify(memoDeclaration()));
    expect((await eventually(config, (response) => response.statusCode === 200)).statusCode).toBe(200);
    const created = await t.call({ method: 'POST', url: MEMOS, cookie: admin, payload: { subject: 'Hello', general: {} } });
    expect(created.statusCode, created.body).toBe(200);
    expect((await t.call({ method: 'GET', url: MEMOS, cookie: admin })).json().total).toBe(1);
    const menu = (await t.call({ method: 'GET', url: `${API}/menu`, cookie: admin })).json();
    expect(menu.flatMap((group: { items: Array<{ path: string }> }) => group.items.map((item) => item.path))).toContain('/dashboard/memos');
  });

  it('adds the column of a new field to the engine-created table', async () => {
    fs.writeFileSync(path.join(dir, 'memos.json'), JSON.stringify(memoDeclaration([{ name: 'due', label: 'Due', type: 'date' }])));
    const form = await eventually(
      () => t.call({ method: 'GET', url: `${MEMOS}/form-config`, cookie: admin }),
      (response) => response.json().form?.tabs?.general?.fields?.length === 1,
    );
    expect(form.json().form.tabs.general.fields[0].name).toBe('due');
    const saved = await t.call({ method: 'POST', url: MEMOS, cookie: admin, payload: { subject: 'Later', general: { due: '2030-01-01' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.entry.due).toBe('2030-01-01');
  });

  it('keeps the served set when an edited file is broken, and drops a removed one', async () => {
    fs.writeFileSync(path.join(dir, 'memos.json'), '{ "namespace": ');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await config()).statusCode).toBe(200);
    fs.rmSync(path.join(dir, 'memos.json'));
    expect((await eventually(config, (response) => response.statusCode === 404)).statusCode).toBe(404);
  });
});

describe.each(DIALECTS)('a bad declaration stops the start on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crud-bad-'));
    t = await createTestApp(dialect, { crud: { crudDirs: [] } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const startWith = async (files: Record<string, unknown>) => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir);
    for (const [name, content] of Object.entries(files)) {
      fs.writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
    }
    return buildApp({ config: t.config, database: t.database, clientDir: null, crudDirs: [dir] }).then(
      async (app) => {
        await app.close();
        return 'started';
      },
      (error: Error) => error.message,
    );
  };

  it('names the file and the problem in one line', async () => {
    const good = memoDeclaration();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ 'memos.json': '{ nope' }, /^memos\.json: is not valid JSON \(/],
      [{ 'memos.json': { ...good, columns: { subject: { label: 5 } } } }, /^memos\.json: \/columns\/subject\/label must be string\.$/],
      [
        { 'memos.json': { ...good, form: { tabs: { general: { label: 'G', fields: [{ name: 'x', label: 'X', type: 'txt' }] } } } } },
        /^memos\.json: form field "general\.x" has type "txt", which is not a registered field type \(add extensions\/fields\/txt\/definition\.ts, see README "Adding a field type"\)\.$/,
      ],
      [
        { 'memos.json': { ...good, permissions: { read: 'memos.read' } } },
        /^memos\.json: permissions\.read "memos\.read" is not a capability of schemas\/permissions\.ts\.$/,
      ],
      [{ 'a.json': good, 'b.json': { ...good, slug: 'other' } }, /^b\.json: namespace "test\.memos" is already declared by a\.json\.$/],
      [{ 'memos.json': { ...good, hooks: 'no_such_hooks' } }, /^memos\.json: hooks module "no_such_hooks" not found/],
      [
        {
          'memos.json': {
            ...good,
            table: 'units',
            columns: { name: { label: 'Name' } },
            search: ['name'],
            form: {
              main: { name: 'name', label: 'Name', type: 'text' },
              tabs: { general: { label: 'G', fields: [{ name: 'colour', label: 'Colour', type: 'text' }] } },
            },
          },
        },
        /^memos\.json: table "units" has no column "colour" for form field "general\.colour"\. Add it in a migration, or change the declaration\.$/,
      ],
      [
        { 'memos.json': { ...good, fieldRules: [{ when: { field: 'general.nope', in: [1] }, require: ['subject'] }] } },
        /^memos\.json: fieldRules name "general\.nope"/,
      ],
      [
        { 'memos.json': { ...good, columns: { category: { label: 'C', source: 'cat.name' } } } },
        /^memos\.json: column "category" reads "cat\.name" but no relation is declared as "cat"\.$/,
      ],
    ];
    for (const [files, message] of cases) expect(await startWith(files), JSON.stringify(files).slice(0, 120)).toMatch(message);
    expect(await startWith({ 'memos.json': good })).toBe('started');
  });

  it('starts again over tables it created before', async () => {
    for (let start = 0; start < 2; start += 1) {
      const app = await buildApp({ config: t.config, database: t.database, clientDir: null, ...FIXTURE_CRUD });
      await app.close();
    }
  });
});
