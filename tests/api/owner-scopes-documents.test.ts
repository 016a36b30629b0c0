import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { allRows, crudAs } from './resourcesHelpers';
import { PDF, multipart } from './uploadFixtures';
import { DEFAULT_CRUD_DIRS } from '../../server/crud';
import { DEFAULT_HOOK_DIRS } from '../../server/crud/hooks';

/**
 * A document's type is the document_type of a document field of a CRUD form and its custom_id the
 * id of the record that form edits. The fixture test.vendor-files is the vendors' own records with a
 * 'vendor_lease' document field, readable and writable with vendors.read and scoped by the shipped
 * vendors hooks (a vendor reaches only their own row). The demo vendor tries to attach to, list,
 * download and delete documents of another vendor's record.
 */
const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'crud-owner');
const RECORD_NOT_FOUND = { status: 'failed', message: 'The record these documents belong to was not found.' };

describe.each(DIALECTS)('owner scopes: documents on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let cashier: string;
  let vendor: string;
  let customer: string;
  let ids: Map<string, number>;

  const upload = (cookie: string, fields: Record<string, string>, filename = 'lease.pdf') =>
    t.call({
      method: 'POST',
      url: `${API}/documents`,
      cookie,
      ...multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', filename, data: PDF }]),
    });
  const temp = (cookie: string, payload: object) => t.call({ method: 'POST', url: `${API}/documents/temp`, cookie, payload });
  const documentsState = () => t.database.db.selectFrom('documents').select(['id', 'custom_id', 'user_id']).orderBy('id').execute();
  const storedFiles = () => {
    const dir = path.join(t.config.dataDir, 'uploads', 'documents');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { crud: { crudDirs: [...DEFAULT_CRUD_DIRS, FIXTURES], crudHookDirs: [...DEFAULT_HOOK_DIRS] } });
    [admin, cashier, vendor, customer] = await Promise.all([t.login('admin'), t.login('cashier'), t.login('vendor'), t.login('customer')]);
    ids = new Map((await t.database.db.selectFrom('users').select(['id', 'username']).execute()).map((row) => [row.username, row.id]));
  });
  afterAll(() => t.close());

  it('attaches an upload only to a record the caller may update', async () => {
    const own = ids.get('vendor')!;
    const mine = await upload(vendor, { type: 'vendor_lease', custom_id: String(own) });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.document).toMatchObject({ type: 'vendor_lease', custom_id: own });

    const before = await documentsState();
    const files = storedFiles();
    // Another vendor's record, a user who is no vendor (outside the declared scope), an id nobody has,
    // and a type no form declares: all the same 404, and nothing is stored.
    for (const [type, customId] of [
      ['vendor_lease', ids.get('oldbarn')!],
      ['vendor_lease', ids.get('closedstall')!],
      ['vendor_lease', ids.get('admin')!],
      ['vendor_lease', 999_999],
      ['vendor', 101],
      ['note', 1],
    ] as const) {
      const response = await upload(vendor, { type, custom_id: String(customId) });
      expect(response.statusCode, `${type} ${customId}`).toBe(404);
      expect(response.json()).toEqual(RECORD_NOT_FOUND);
    }
    // A customer holds no capability on vendor records at all: 403, which says nothing about the id.
    const refused = await upload(customer, { type: 'vendor_lease', custom_id: String(own) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 'failed', message: 'You are not allowed to do this.' });
    expect(await documentsState()).toEqual(before);
    expect(storedFiles()).toEqual(files);

    // Temporary uploads (custom_id 0) stay open to everyone with documents.use.
    expect((await upload(customer, { type: 'vendor_lease', custom_id: '0' })).statusCode).toBe(200);
    expect((await upload(vendor, { type: 'anything' })).statusCode).toBe(200);
  });

  it('attaches temporary uploads and lists documents only of a record the caller may reach', async () => {
    const pending = (await upload(vendor, { type: 'vendor_lease' })).json().data.document;
    const other = ids.get('oldbarn')!;
    const attach = await temp(vendor, { type: 'vendor_lease', ids: [pending.id], custom_id: other });
    expect(attach.statusCode).toBe(404);
    expect(attach.json()).toEqual(RECORD_NOT_FOUND);
    expect((await temp(vendor, { type: 'vendor_lease', ids: [], custom_id: other })).json()).toEqual(RECORD_NOT_FOUND);
    expect((await temp(vendor, { type: 'vendor', ids: [pending.id], custom_id: 101 })).statusCode).toBe(404);
    expect((await temp(customer, { type: 'vendor_lease', ids: [], custom_id: ids.get('vendor')! })).statusCode).toBe(403);
    const still = await t.database.db.selectFrom('documents').select('custom_id').where('id', '=', pending.id).executeTakeFirstOrThrow();
    expect(still.custom_id).toBe(0);

    const own = await temp(vendor, { type: 'vendor_lease', ids: [pending.id], custom_id: ids.get('vendor')! });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((document: { id: number }) => document.id)).toContain(pending.id);
    expect(own.json().data.every((document: { custom_id: number }) => document.custom_id === ids.get('vendor'))).toBe(true);
  });

  it("hides another vendor's documents from the vendor; staff who read the record see and download them", async () => {
    const other = ids.get('oldbarn')!;
    const lease = (await upload(admin, { type: 'vendor_lease', custom_id: String(other) }, 'barn-lease.pdf')).json().data.document;
    const notFound = { status: 'failed', message: 'The requested resource was not found.' };

    const download = await t.call({ method: 'GET', url: lease.url, cookie: vendor });
    expect(download.statusCode).toBe(404);
    expect(download.json()).toEqual(notFound);
    const remove = await t.call({ method: 'DELETE', url: `${API}/documents/${lease.id}`, cookie: vendor });
    expect(remove.statusCode).toBe(404);
    expect(remove.json()).toEqual(notFound);
    expect((await crudAs(t, vendor).remove('ns.documents', lease.id)).statusCode).toBe(404);
    expect((await allRows(crudAs(t, vendor), 'ns.documents')).map((row) => row.name)).not.toContain('barn-lease');

    const listed = await temp(cashier, { type: 'vendor_lease', ids: [], custom_id: other });
    expect(listed.json().data.map((document: { id: number }) => document.id)).toEqual([lease.id]);
    expect((await t.call({ method: 'GET', url: lease.url, cookie: cashier })).statusCode).toBe(200);
    // The cashier sees the document, so is told why it stays: only the uploader or an administrator deletes.
    const kept = await t.call({ method: 'DELETE', url: `${API}/documents/${lease.id}`, cookie: cashier });
    expect(kept.statusCode).toBe(403);
    expect(kept.json()).toEqual({ status: 'failed', message: 'Only the uploader or an administrator may delete this file.' });
    expect(await t.database.db.selectFrom('documents').select('id').where('id', '=', lease.id).executeTakeFirst()).toEqual({ id: lease.id });
  });

  it("shows a vendor what the staff attached to their own record, and keeps others' temporary uploads private", async () => {
    const own = ids.get('vendor')!;
    const fromAdmin = (await upload(admin, { type: 'vendor_lease', custom_id: String(own) }, 'signed-lease.pdf')).json().data.document;
    const listed = await temp(vendor, { type: 'vendor_lease', ids: [], custom_id: own });
    expect(listed.json().data.map((document: { id: number }) => document.id)).toContain(fromAdmin.id);
    expect((await t.call({ method: 'GET', url: fromAdmin.url, cookie: vendor })).statusCode).toBe(200);
    expect((await t.call({ method: 'DELETE', url: `${API}/documents/${fromAdmin.id}`, cookie: vendor })).statusCode).toBe(403);

    const managerTemp = (await upload(await t.login('manager'), { type: 'vendor_lease' }, 'draft.pdf')).json().data.document;
    expect((await t.call({ method: 'GET', url: managerTemp.url, cookie: vendor })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: managerTemp.url, cookie: cashier })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: managerTemp.url, cookie: admin })).statusCode).toBe(200);
    expect((await temp(vendor, { type: 'vendor_lease', ids: [managerTemp.id], custom_id: 0 })).json().total).toBe(0);
  });
});
