import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { readDeclaration } from '../../server/crud/load';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';
import { PDF, multipart } from './uploadFixtures';
import { FIXTURE_CRUD, FIXTURE_DIR, LIST_KEYS, NOTES, createNote, noteBody, notesList } from './crud-fixtures';

const declaration = readDeclaration(`${FIXTURE_DIR}/notes.json`);

/**
 * tests/fixtures/crud/notes.json has no migration and no code: the engine creates its table and
 * serves its config, list, form and writes from the file alone. Export, bulk actions, delete and the
 * menu: crud-notes-export-delete.test.ts.
 */
describe.each(DIALECTS)('a resource from a declaration file alone, on %s', (dialect) => {
  const t = useTestApp(dialect, { crud: FIXTURE_CRUD });
  let admin: string;
  beforeAll(async () => {
    admin = await t.login('admin');
  });

  const list = notesList(t, () => admin);

  it('creates the table, marks it engine-owned and answers the config', async () => {
    const owned = await sql<{ table_name: string }>`select table_name from crud_tables`.execute(t.database.db);
    expect(owned.rows.map((row) => row.table_name)).toContain('test_notes');
    const response = await t.call({ method: 'GET', url: `${NOTES}/config`, cookie: admin });
    expect(response.statusCode).toBe(200);
    const config = response.json();
    expect(Object.keys(config).sort()).toEqual(['bulkActions', 'columns', 'labels', 'links', 'namespace', 'prependOptions', 'queryFilters', 'showOptions']);
    expect(config.namespace).toBe('test.notes');
    expect(config.columns.title).toEqual({ label: 'Title', $ignoreSort: false });
    expect(config.columns.author_email.$ignoreSort).toBe(true);
    expect(config.links).toEqual({
      list: '/dashboard/notes',
      create: '/dashboard/notes/create',
      edit: '/dashboard/notes/edit/{id}',
      post: `${API}/crud/test.notes`,
      put: `${API}/crud/test.notes/{id}`,
    });
    expect(config.bulkActions.map((action: { identifier: string }) => action.identifier)).toEqual(['delete_selected']);
    const category = config.queryFilters.find((filter: { name: string }) => filter.name === 'category_id');
    expect(category.options.map((option: { label: string }) => option.label)).toEqual(['Antiques', 'Crafts', 'Home Decor', 'Vintage Clothing']);
  });

  it('answers the empty list with exactly the paged keys', async () => {
    const page = await list();
    expect(Object.keys(page).sort()).toEqual([...LIST_KEYS].sort());
    expect(page).toMatchObject({
      current_page: 1,
      data: [],
      from: null,
      to: null,
      total: 0,
      last_page: 1,
      per_page: 50,
      next_page_url: null,
      prev_page_url: null,
      path: NOTES,
    });
  });

  it('creates an entry, coercing types, and answers the saved row', async () => {
    const response = await t.call({
      method: 'POST',
      url: NOTES,
      cookie: admin,
      payload: noteBody('Alpha Note', {
        amount: '12.5',
        priority: '3',
        pinned: true,
        status: 'draft',
        tags: ['red', 'blue'],
        category_id: '2',
        body: 'first body',
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ status: 'success', message: 'Successfully Saved', data: { listUrl: '/dashboard/notes' } });
    expect(answer.data.entry).toMatchObject({
      title: 'Alpha Note',
      amount: 12.5,
      priority: 3,
      pinned: 1,
      status: 'draft',
      tags: ['red', 'blue'],
      category_id: 2,
      author_email: 'staff@mall.shop',
    });
    const stored = await sql<{ amount: number; tags: string }>`select amount, tags from test_notes where id = ${answer.data.entry.id}`.execute(t.database.db);
    expect(Number(stored.rows[0]!.amount)).toBe(125_000);
    expect(JSON.parse(stored.rows[0]!.tags)).toEqual(['red', 'blue']);
  });

  it('stores rich text sanitised: no scripts, event handlers or javascript: links', async () => {
    const response = await t.call({
      method: 'POST',
      url: NOTES,
      cookie: admin,
      payload: {
        ...noteBody('Rich Note'),
        extra: { details: '<p onclick="steal()">Hi <b>there</b><script>alert(1)</script> <a href="javascript:alert(2)">x</a></p>' },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().data.entry.id as number;
    const stored = await sql<{ details: string }>`select details from test_notes where id = ${id}`.execute(t.database.db);
    expect(stored.rows[0]!.details).toBe('<p>Hi <b>there</b> <a>x</a></p>');
    expect((await t.call({ method: 'DELETE', url: `${NOTES}/${id}`, cookie: admin })).statusCode).toBe(200);
  });

  it('attaches the temporary documents a document field submits to the record it saves', async () => {
    const upload = async (cookie: string, name: string) =>
      (
        await t.call({
          method: 'POST',
          url: `${API}/documents`,
          cookie,
          ...multipart([
            { name: 'type', value: 'note' },
            { name: 'custom_id', value: '0' },
            { name: 'file', filename: `${name}.pdf`, data: PDF },
          ]),
        })
      ).json().data.document.id as number;
    const mine = await upload(admin, 'mine');
    const someoneElses = await upload(await t.login('storeadmin'), 'theirs');
    const blank = await t.call({ method: 'GET', url: `${NOTES}/form-config`, cookie: admin });
    expect(blank.json().form.tabs.extra.fields.find((field: { name: string }) => field.name === 'attachments').custom_id).toBe(0);

    const response = await t.call({
      method: 'POST',
      url: NOTES,
      cookie: admin,
      payload: { ...noteBody('With Lease'), extra: { attachments: [mine, someoneElses] } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().data.entry.id as number;
    const documents = await t.database.db.selectFrom('documents').select(['id', 'custom_id']).where('id', 'in', [mine, someoneElses]).orderBy('id').execute();
    expect(documents).toEqual([
      { id: mine, custom_id: id },
      { id: someoneElses, custom_id: 0 },
    ]);
    const edit = await t.call({ method: 'GET', url: `${NOTES}/form-config/${id}`, cookie: admin });
    expect(edit.json().form.tabs.extra.fields.find((field: { name: string }) => field.name === 'attachments').custom_id).toBe(id);
    const bad = await t.call({ method: 'POST', url: NOTES, cookie: admin, payload: { ...noteBody('Bad Ids'), extra: { attachments: ['x'] } } });
    expect(bad.json().errors).toEqual({ 'extra.attachments': ['This field must be of type array.'] });
    expect((await t.call({ method: 'DELETE', url: `${NOTES}/${id}`, cookie: admin })).statusCode).toBe(200);
  });

  it('lists rows with their columns, joins, decimals, actions and created_at', async () => {
    const page = await list();
    expect(page.total).toBe(1);
    const [row] = page.data;
    expect(row).toMatchObject({
      title: 'Alpha Note',
      amount: 12.5,
      priority: 3,
      status: 'draft',
      category_name: 'Crafts',
      author_email: 'staff@mall.shop',
      $checked: false,
      $toggled: false,
    });
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.$actions).toEqual([
      { identifier: 'edit', label: 'Edit', type: 'GOTO', url: `/dashboard/notes/edit/${row.$id}` },
      { identifier: 'delete', label: 'Delete', type: 'DELETE', url: `${NOTES}/${row.$id}`, confirm: { message: 'Would you like to delete this ?' } },
    ]);
  });

  it('searches, sorts, filters and pages', async () => {
    for (let index = 1; index <= 12; index += 1) {
      await createNote(
        t,
        admin,
        `Bulk ${String(index).padStart(2, '0')}`,
        { amount: index, priority: (index % 5) + 1, status: index % 2 ? 'published' : 'draft', category_id: index % 2 ? 1 : 3 },
        index % 2 ? { reminder: 'soon' } : undefined,
      );
    }
    await createNote(t, admin, 'Discount 50%', { body: 'has a percent' });
    await createNote(t, admin, 'snake_case title', { body: 'has an underscore' });
    expect((await list()).total).toBe(15);

    // Search: declared columns only, case-insensitive, wildcards taken literally.
    expect((await list({ search: 'ALPHA' })).data.map((row: { title: string }) => row.title)).toEqual(['Alpha Note']);
    expect((await list({ search: 'first BODY' })).total).toBe(1);
    expect((await list({ search: '%' })).data.map((row: { title: string }) => row.title)).toEqual(['Discount 50%']);
    expect((await list({ search: '_' })).data.map((row: { title: string }) => row.title)).toEqual(['snake_case title']);
    expect((await list({ search: 'staff@mall' })).total).toBe(0);
    expect((await list({ search: '   ' })).total).toBe(15);

    // Sort on declared sortable columns, including a joined one.
    // (Where empty values sort is each database's own: rows without an amount are left out here.)
    const byAmount = await list({ active: 'amount', direction: 'desc', per_page: 3, search: 'bulk' });
    expect(byAmount.data.map((row: { amount: number }) => row.amount)).toEqual([12, 11, 10]);
    const byAmountUp = await list({ active: 'amount', direction: 'asc', per_page: 2, search: 'bulk' });
    expect(byAmountUp.data.map((row: { amount: number }) => row.amount)).toEqual([1, 2]);
    const ascending = await list({ active: 'title', direction: 'asc', per_page: 2 });
    expect(ascending.data.map((row: { title: string }) => row.title)).toEqual(['Alpha Note', 'Bulk 01']);
    const byCategory = await list({ active: 'category_name', direction: 'desc', search: 'bulk' });
    expect(byCategory.data[0].category_name).toBe('Vintage Clothing');

    // Filters: = on select and number, >= / <= on a date range, a table-backed select.
    const filters = (value: unknown) => list({ queryFilters: JSON.stringify(value) });
    expect((await filters({ status: 'published' })).total).toBe(6);
    expect((await filters({ status: 'published', category_id: 1 })).total).toBe(6);
    expect((await filters({ priority: '3' })).total).toBe(4);
    expect((await filters({ status: '', priority: null })).total).toBe(15);
    expect((await filters({ created_at: { startDate: '2000-01-01', endDate: '2999-12-31' } })).total).toBe(15);
    expect((await filters({ created_at: { startDate: '2999-01-01 00:00', endDate: null } })).total).toBe(0);
    expect((await filters({ created_at: { startDate: null, endDate: '01-01-2000' } })).total).toBe(0);

    // Paging, with the query kept in the page links.
    const second = await list({ per_page: 5, page: 2, search: 'bulk' });
    expect(second).toMatchObject({ current_page: 2, from: 6, to: 10, total: 12, last_page: 3, per_page: 5 });
    // Page links carry the cursor of the page they lead to (README "Deep pages").
    expect(second.next_page_url).toMatch(/&cursor=[\w-]+$/);
    expect(second.next_page_url.replace(/&cursor=.*$/, '')).toBe(`${NOTES}?search=bulk&per_page=5&page=3`);
    expect(second.prev_page_url.replace(/&cursor=.*$/, '')).toBe(`${NOTES}?search=bulk&per_page=5&page=1`);
    expect(second.last_page_url).toBe(`${NOTES}?search=bulk&per_page=5&page=3`);
    const beyond = await list({ per_page: 5, page: 9 });
    expect(beyond).toMatchObject({ data: [], from: null, to: null, total: 15, last_page: 3 });
    // ALL sends the total as the page size, up to 1000 rows.
    expect((await list({ per_page: 15 })).data).toHaveLength(15);
    expect((await list({ per_page: 1000 })).data).toHaveLength(15);
    // Extras the client adds are ignored.
    expect((await list({ extras: 'x', _: 123 })).total).toBe(15);
  });

  it('answers the create form and an entry form with its values', async () => {
    const blank = await t.call({ method: 'GET', url: `${NOTES}/form-config`, cookie: admin });
    expect(blank.statusCode).toBe(200);
    const form = blank.json();
    expect(Object.keys(form).sort()).toEqual(['disabledTabsWhenCreate', 'fieldRules', 'form', 'labels', 'links', 'namespace']);
    expect(form.disabledTabsWhenCreate).toEqual(['extra']);
    expect(form.fieldRules).toEqual(declaration.fieldRules);
    expect(form.form.main.value).toBeUndefined();
    expect(form.form.tabs.general.fields.find((field: { name: string }) => field.name === 'category_id').options).toHaveLength(4);

    const alpha = (await list({ search: 'alpha' })).data[0];
    const filled = (await t.call({ method: 'GET', url: `${NOTES}/form-config/${alpha.$id}`, cookie: admin })).json();
    const values = Object.fromEntries(filled.form.tabs.general.fields.map((field: { name: string; value: unknown }) => [field.name, field.value]));
    expect(filled.form.main.value).toBe('Alpha Note');
    expect(values).toMatchObject({ amount: 12.5, priority: 3, pinned: 1, status: 'draft', tags: ['red', 'blue'], category_id: 2, body: 'first body' });
    expect(filled.links.put).toBe(`${NOTES}/${alpha.$id}`);
    expect(filled.links.edit).toBe(`/dashboard/notes/edit/${alpha.$id}`);
    expect((await t.call({ method: 'GET', url: `${NOTES}/form-config/999999`, cookie: admin })).statusCode).toBe(404);
  });

  it('updates an entry from a partial body and validates the result', async () => {
    const alpha = (await list({ search: 'alpha' })).data[0];
    const response = await t.call({ method: 'PUT', url: `${NOTES}/${alpha.$id}`, cookie: admin, payload: { general: { amount: 20.25, pinned: false } } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.entry).toMatchObject({ id: alpha.$id, title: 'Alpha Note', amount: 20.25, pinned: 0, tags: ['red', 'blue'] });
    const bad = await t.call({ method: 'PUT', url: `${NOTES}/${alpha.$id}`, cookie: admin, payload: { title: '', general: { status: 'published' } } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ title: ['This field is required.'], 'extra.reminder': ['This field is required.'] });
    expect((await t.call({ method: 'PUT', url: `${NOTES}/999999`, cookie: admin, payload: noteBody('Ghost') })).statusCode).toBe(404);
    expect((await list({ search: 'alpha' })).data[0].amount).toBe(20.25);
  });
});
