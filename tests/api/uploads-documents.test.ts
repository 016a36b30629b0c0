import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { BINARY_JUNK, DOC, DOCX, EXECUTABLE, HTML, PDF, PLAIN_ZIP, SVG_WITH_SCRIPT, TEXT, XLS, makeImage, multipart, type FormPart } from './uploadFixtures';
import { DOCUMENT_MAX_BYTES } from '../../schemas/uploads';
import { FIXTURE_CRUD, createNote } from './crud-fixtures';

const LINK = /^\/api\/nexopos\/v4\/documents\/file\/[a-f0-9]{32}\.(pdf|doc|docx|txt|png|gif|jpg)$/;

describe.each(DIALECTS)('document uploads on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let vendor: string;
  let customer: string;

  const upload = (cookie: string, file: { filename: string; data: Buffer } | null, fields: Record<string, string> = {}) => {
    const parts: FormPart[] = Object.entries({ type: 'vendor', ...fields }).map(([name, value]) => ({ name, value }));
    if (file) parts.splice(1, 0, { name: 'file', ...file });
    return t.call({ method: 'POST', url: `${API}/documents`, cookie, ...multipart(parts) });
  };
  const storedDocuments = () => {
    const dir = path.join(t.config.dataDir, 'uploads', 'documents');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { crud: FIXTURE_CRUD });
    [admin, manager, vendor, customer] = await Promise.all([t.login('admin'), t.login('manager'), t.login('vendor'), t.login('customer')]);
  });
  afterAll(() => t.close());

  it('accepts every spec type by content and answers the document with its download link', async () => {
    const files: Array<[string, Buffer, string, string]> = [
      ['lease.pdf', PDF, 'pdf', 'application/pdf'],
      ['contract.docx', DOCX, 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['old-contract.doc', DOC, 'doc', 'application/msword'],
      ['notes.txt', TEXT, 'txt', 'text/plain; charset=utf-8'],
      ['page.txt', HTML, 'txt', 'text/plain; charset=utf-8'],
      ['scan.png', await makeImage('png', 20, 20), 'png', 'image/png'],
      ['scan.gif', await makeImage('gif', 20, 20), 'gif', 'image/gif'],
      ['scan.jpeg', await makeImage('jpeg', 20, 20), 'jpg', 'image/jpeg'],
    ];
    for (const [filename, data, extension, mime] of files) {
      const response = await upload(vendor, { filename, data }, { filename: `My ${filename}`, description: 'Signed copy', custom_id: '0' });
      expect(response.statusCode, `${filename}: ${response.body}`).toBe(200);
      const {
        status,
        message,
        data: { document },
      } = response.json();
      expect(status).toBe('success');
      expect(message).toBe(`Successfully Saved The File My ${filename}`);
      expect(document).toMatchObject({ name: `My ${filename}`, description: 'Signed copy', extension, type: 'vendor', custom_id: 0, size: data.length });
      expect(document.url).toMatch(LINK);
      const download = await t.call({ method: 'GET', url: document.url, cookie: vendor });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe(mime);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-disposition']).toMatch(mime.startsWith('image/') ? /^inline;/ : /^attachment;/);
      expect(download.rawPayload.equals(data)).toBe(true);
    }
  });

  it('names the document after the file when no name is typed', async () => {
    const response = await upload(vendor, { filename: '../../../etc/Lease 2024.pdf', data: PDF });
    expect(response.json().data.document).toMatchObject({ name: 'Lease 2024', description: null, extension: 'pdf' });
  });

  it('refuses wrong types, disguised content, empty and oversize files, and a missing file', async () => {
    const before = storedDocuments();
    const cases: Array<[string, Buffer, number, RegExp]> = [
      ['x.png', TEXT, 422, /does not match its extension \.png/],
      ['x.png', HTML, 422, /does not match its extension \.png/],
      ['logo.png', SVG_WITH_SCRIPT, 422, /not one of the accepted types/],
      ['x.pdf', DOCX, 422, /does not match its extension \.pdf/],
      ['x.docx', PLAIN_ZIP, 422, /not one of the accepted types/],
      ['x.doc', XLS, 422, /not one of the accepted types/],
      ['x.txt', BINARY_JUNK, 422, /not one of the accepted types/],
      ['setup.exe', EXECUTABLE, 422, /Files of type \.exe are not accepted/],
      ['page.html', HTML, 422, /Files of type \.html are not accepted/],
      ['archive.zip', PLAIN_ZIP, 422, /Files of type \.zip are not accepted/],
      ['empty.pdf', Buffer.alloc(0), 422, /The file is empty/],
      ['big.pdf', Buffer.concat([PDF, Buffer.alloc(DOCUMENT_MAX_BYTES)]), 413, /files up to 10 MB/],
    ];
    for (const [filename, data, status, message] of cases) {
      const response = await upload(vendor, { filename, data });
      expect(response.statusCode, filename).toBe(status);
      expect(response.json().message, filename).toMatch(message);
    }
    const missing = await upload(vendor, null, { filename: 'Nothing' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ file: ['This field is required.'] });
    expect(storedDocuments()).toEqual(before);
  });

  it('validates the fields beside the file', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ type: '' }, 'type'],
      [{ type: '../vendor' }, 'type'],
      [{ custom_id: '-1' }, 'custom_id'],
      [{ custom_id: 'abc' }, 'custom_id'],
      [{ description: 'x'.repeat(2001) }, 'description'],
      [{ owner_id: '1' }, 'owner_id'],
    ];
    for (const [fields, field] of cases) {
      const response = await upload(vendor, { filename: 'a.pdf', data: PDF }, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(Object.keys(response.json().errors ?? {}), JSON.stringify(fields)).toContain(field);
    }
    const noType = await t.call({ method: 'POST', url: `${API}/documents`, cookie: vendor, ...multipart([{ name: 'file', filename: 'a.pdf', data: PDF }]) });
    expect(noType.statusCode).toBe(422);
    expect(noType.json().errors).toHaveProperty('type');
  });

  it("lists temporary uploads, then attaches them to the saved record (only the uploader's own)", async () => {
    // 'note' is the document_type of the attachments field of the fixture notes form: custom_id is a note's id.
    const a = (await upload(manager, { filename: 'a.pdf', data: PDF }, { type: 'note' })).json().data.document;
    const b = (await upload(manager, { filename: 'b.txt', data: TEXT }, { type: 'note' })).json().data.document;
    const foreign = (await upload(vendor, { filename: 'c.pdf', data: PDF }, { type: 'note' })).json().data.document;
    const note = await createNote(t, manager, 'Lease Folder');

    const temp = await t.call({
      method: 'POST',
      url: `${API}/documents/temp`,
      cookie: manager,
      payload: { type: 'note', ids: [a.id, b.id, foreign.id], custom_id: 0 },
    });
    expect(temp.statusCode).toBe(200);
    expect(temp.json()).toMatchObject({ current_page: 1, total: 2, path: `${API}/documents/temp` });
    expect(
      temp
        .json()
        .data.map((d: { id: number }) => d.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());

    const attached = await t.call({
      method: 'POST',
      url: `${API}/documents/temp`,
      cookie: manager,
      payload: { type: 'note', ids: [a.id, b.id, foreign.id], custom_id: note.id },
    });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().total).toBe(2);
    expect(attached.json().data.every((d: { custom_id: number }) => d.custom_id === note.id)).toBe(true);
    const foreignAfter = await t.call({
      method: 'POST',
      url: `${API}/documents/temp`,
      cookie: vendor,
      payload: { type: 'note', ids: [foreign.id], custom_id: 0 },
    });
    expect(foreignAfter.json().data.map((d: { id: number }) => d.id)).toEqual([foreign.id]);

    // A record's documents follow the record: whoever may read the note sees them all; a vendor may not read notes.
    expect(
      (await t.call({ method: 'POST', url: `${API}/documents/temp`, cookie: admin, payload: { type: 'note', ids: [], custom_id: note.id } })).json().total,
    ).toBe(2);
    expect(
      (await t.call({ method: 'POST', url: `${API}/documents/temp`, cookie: vendor, payload: { type: 'note', ids: [], custom_id: note.id } })).statusCode,
    ).toBe(403);
    expect((await t.call({ method: 'POST', url: `${API}/documents/temp`, cookie: manager, payload: { type: 'note', custom_id: note.id } })).json().total).toBe(
      2,
    );
    expect((await t.call({ method: 'GET', url: a.url, cookie: vendor })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: a.url, cookie: customer })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: a.url, cookie: admin })).statusCode).toBe(200);

    const bad = await t.call({
      method: 'POST',
      url: `${API}/documents/temp`,
      cookie: manager,
      payload: { type: 'note', ids: ['1; drop table documents'], custom_id: 0 },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('lets only the uploader or an admin delete a document, and removes its file', async () => {
    const own = (await upload(vendor, { filename: 'mine.pdf', data: PDF })).json().data.document;
    const other = (await upload(manager, { filename: 'theirs.pdf', data: PDF })).json().data.document;
    const fileOf = (url: string) => path.join(t.config.dataDir, 'uploads', 'documents', url.split('/').pop()!);

    // The manager's temporary upload is not the vendor's to see: the same 404 as a missing document.
    const refused = await t.call({ method: 'DELETE', url: `${API}/documents/${other.id}`, cookie: vendor });
    expect(refused.statusCode).toBe(404);
    expect(fs.existsSync(fileOf(other.url))).toBe(true);

    for (const [cookie, document] of [
      [vendor, own],
      [admin, other],
    ] as const) {
      const response = await t.call({ method: 'DELETE', url: `${API}/documents/${document.id}`, cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'success', message: 'Successfully Deleted The File' });
      expect(fs.existsSync(fileOf(document.url))).toBe(false);
      expect((await t.call({ method: 'GET', url: document.url, cookie: admin })).statusCode).toBe(404);
    }
    expect((await t.call({ method: 'DELETE', url: `${API}/documents/${own.id}`, cookie: vendor })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `${API}/documents/abc`, cookie: vendor })).statusCode).toBe(422);
  });
});

describe.each(DIALECTS)('orphan upload sweep on %s', (dialect) => {
  it('removes old files no row points at, and keeps recorded and recent ones', async () => {
    const { sweepOrphanUploads, SWEEP_GRACE_MS } = await import('../../server/uploads/sweep');
    const t = await createTestApp(dialect);
    try {
      const cookie = await t.login('cashier');
      const kept = (
        await t.call({
          method: 'POST',
          url: `${API}/documents`,
          cookie,
          ...multipart([
            { name: 'type', value: 'vendor' },
            { name: 'file', filename: 'a.pdf', data: PDF },
          ]),
        })
      ).json().data.document;
      const media = (
        await t.call({
          method: 'POST',
          url: `${API}/medias`,
          cookie,
          ...multipart([{ name: 'file', filename: 'a.png', data: await makeImage('png', 20, 20) }]),
        })
      ).json().data.media;
      // Rows deleted behind the routes' back, as a CRUD delete does: the files stay until swept.
      await t.database.db.deleteFrom('medias').where('id', '=', media.id).execute();
      const mediaDir = path.join(t.config.dataDir, 'uploads', 'medias');
      expect(fs.readdirSync(mediaDir)).toHaveLength(2);
      fs.writeFileSync(path.join(mediaDir, 'not-generated.png'), 'x');
      expect(await sweepOrphanUploads(t.database, t.config.dataDir)).toBe(0);
      expect(await sweepOrphanUploads(t.database, t.config.dataDir, Date.now() + SWEEP_GRACE_MS + 1000)).toBe(2);
      expect(fs.readdirSync(mediaDir)).toEqual(['not-generated.png']);
      expect((await t.call({ method: 'GET', url: kept.url, cookie })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
