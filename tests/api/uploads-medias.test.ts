import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { BINARY_JUNK, HTML, PDF, SVG_PLAIN, SVG_WITH_SCRIPT, TEXT, makeImage, multipart } from './uploadFixtures';
import { IMAGE_MAX_BYTES } from '../../schemas/uploads';

/** Rewrites a PNG's declared canvas (IHDR width and height, CRC fixed) without adding a single pixel. */
function withPngSize(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(zlib.crc32(copy.subarray(12, 29)), 29);
  return copy;
}

const STORED = /^\/api\/nexopos\/v4\/medias\/file\/([a-f0-9]{32})(-thumb)?\.(png|gif|jpg)$/;

describe.each(DIALECTS)('media uploads on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let cashier: string;
  let vendor: string;
  let png: Buffer;

  const upload = (cookie: string, filename: string, data: Buffer, field = 'file') => {
    const form = multipart([{ name: field, filename, data, contentType: 'image/png' }]);
    return t.call({ method: 'POST', url: `${API}/medias`, cookie, ...form });
  };
  const storedFiles = () => fs.readdirSync(path.join(t.config.dataDir, 'uploads', 'medias')).sort();
  const userId = async (cookie: string) => (await t.call({ method: 'GET', url: `${API}/auth/user`, cookie })).json().id as number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, cashier, vendor] = await Promise.all([t.login('admin'), t.login('cashier'), t.login('vendor')]);
    png = await makeImage('png', 900, 600);
  });
  afterAll(() => t.close());

  it('stores png, gif and jpeg under random names with a thumbnail of at most 300 px', async () => {
    for (const [format, filename] of [
      ['png', 'Booth Photo.png'],
      ['gif', 'sign.GIF'],
      ['jpeg', 'shelf.jpeg'],
      ['jpeg', 'rack.jpg'],
    ] as const) {
      const response = await upload(cashier, filename, await makeImage(format, 900, 600));
      expect(response.statusCode, response.body).toBe(200);
      const { status, message, data } = response.json();
      const name = filename.replace(/\.[^.]+$/, '');
      expect(status).toBe('success');
      expect(message).toBe(`Successfully Saved The File ${name}`);
      expect(data.media).toMatchObject({ name, user: { username: 'cashier' } });
      expect(data.media.sizes.original).toMatch(STORED);
      expect(data.media.sizes.thumb).toMatch(STORED);
      expect(data.media.sizes.thumb).toContain('-thumb.');
      const original = await t.call({ method: 'GET', url: data.media.sizes.original, cookie: vendor });
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe(format === 'jpeg' ? 'image/jpeg' : `image/${format}`);
      expect(original.headers['x-content-type-options']).toBe('nosniff');
      expect(original.headers['content-disposition']).toMatch(/^inline; filename="/);
      const thumb = await t.call({ method: 'GET', url: data.media.sizes.thumb, cookie: cashier });
      expect(thumb.statusCode).toBe(200);
      const meta = await sharp(thumb.rawPayload).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(300);
      expect(meta.format).toBe(format);
    }
    for (const file of storedFiles()) expect(file).toMatch(/^[a-f0-9]{32}(-thumb)?\.(png|gif|jpg)$/);
  });

  it('refuses what is not an image by content, whatever its name', async () => {
    const cases: Array<[string, Buffer, RegExp]> = [
      ['notes.png', TEXT, /not one of the accepted types/],
      ['page.png', HTML, /not one of the accepted types/],
      ['logo.png', SVG_WITH_SCRIPT, /not one of the accepted types/],
      ['logo2.png', SVG_PLAIN, /not one of the accepted types/],
      ['file.png', PDF, /not one of the accepted types/],
      ['junk.png', BINARY_JUNK, /not one of the accepted types/],
      ['image.svg', SVG_PLAIN, /Files of type \.svg are not accepted/],
      ['image.html', png, /Files of type \.html are not accepted/],
      ['photo.jpg', png, /does not match its extension \.jpg/],
      ['photo', png, /must end with one of/],
      ['truncated.png', png.subarray(0, 64), /could not be read/],
    ];
    const before = storedFiles();
    for (const [filename, data, message] of cases) {
      const response = await upload(cashier, filename, data);
      expect(response.statusCode, filename).toBe(422);
      expect(response.json().status).toBe('failed');
      expect(response.json().message, filename).toMatch(message);
    }
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an empty file, a missing file, a non-multipart body and an oversize file', async () => {
    const empty = await upload(cashier, 'empty.png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ status: 'failed', message: 'The file is empty.' });

    const missing = await t.call({ method: 'POST', url: `${API}/medias`, cookie: cashier, ...multipart([{ name: 'note', value: 'no file here' }]) });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      status: 'failed',
      message: 'No file was received: send it in the field "file".',
      errors: { file: ['This field is required.'] },
      field_errors: [{ identifier: 'invalid', invalid: true, message: 'This field is required.', name: 'file' }],
    });

    const wrongField = await upload(cashier, 'x.png', png, 'picture');
    expect(wrongField.statusCode).toBe(422);

    const json = await t.call({ method: 'POST', url: `${API}/medias`, cookie: cashier, payload: { file: 'x.png' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().status).toBe('failed');

    const huge = Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES)]);
    const oversize = await upload(cashier, 'huge.png', huge);
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json()).toEqual({ status: 'failed', message: 'The file is too large: files up to 5 MB are accepted.' });
  });

  it('refuses a decompression bomb: a small file claiming a huge canvas', async () => {
    const bomb = withPngSize(await makeImage('png', 1, 1), 30_000, 30_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(30_000);
    const response = await upload(cashier, 'bomb.png', bomb);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/The image is too large/);
  });

  it('keeps path traversal out of the file system: the name is only displayed, cleaned', async () => {
    const names: Array<[string, string]> = [
      ['../../x.png', 'x'],
      ['..\\..\\windows\\evil.png', 'evil'],
      ['/etc/passwd.png', 'passwd'],
      ['..png', 'png'],
      ['..\u0000..png', 'png'],
      ['<img src=x onerror=alert(1)>.png', 'img src=x onerror=alert(1)'],
      ['gnp\u202e.exe.png', 'gnp.exe'],
    ];
    for (const [filename, shown] of names) {
      const response = await upload(vendor, filename, png);
      expect(response.statusCode, filename).toBe(200);
      expect(response.json().data.media.name).toBe(shown);
      expect(response.json().data.media.sizes.original).toMatch(STORED);
    }
    const root = t.config.dataDir;
    expect(fs.existsSync(path.join(root, 'x.png'))).toBe(false);
    expect(fs.existsSync(path.resolve(root, '..', 'x.png'))).toBe(false);
    expect(fs.readdirSync(path.join(root, 'uploads')).sort()).toEqual(['medias']);
  });

  it('serves stored files only by a generated name, to signed-in users', async () => {
    const { data } = (await upload(cashier, 'served.png', png)).json();
    expect((await t.call({ method: 'GET', url: data.media.sizes.original })).statusCode).toBe(401);
    for (const bad of ['..%2F..%2Fstore.sqlite', '..%2Fdocuments%2Fx.pdf', 'abc.png', `${'a'.repeat(32)}.svg`, `${'a'.repeat(32)}.png`, '%2Fetc%2Fpasswd']) {
      const response = await t.call({ method: 'GET', url: `${API}/medias/file/${bad}`, cookie: cashier });
      expect([404, 422], bad).toContain(response.statusCode);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it("lists the signed-in user's media, paged, and refuses another user's list except to an admin", async () => {
    const list = await t.call({ method: 'GET', url: `${API}/medias?page=1`, cookie: cashier });
    expect(list.statusCode).toBe(200);
    const page = list.json();
    expect(Object.keys(page).sort()).toEqual([
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
    ]);
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.data.every((media: { user: { username: string } }) => media.user.username === 'cashier')).toBe(true);
    expect(page.data[0]).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      sizes: { thumb: expect.stringMatching(STORED), original: expect.stringMatching(STORED) },
      created_at: expect.any(String),
    });

    const small = (await t.call({ method: 'GET', url: `${API}/medias?page=2&per_page=2`, cookie: cashier })).json();
    expect(small).toMatchObject({ current_page: 2, per_page: 2, from: 3, to: 4, path: `${API}/medias` });
    expect(small.prev_page_url).toBe(`${API}/medias?per_page=2&page=1`);

    const cashierId = await userId(cashier);
    const ownId = await t.call({ method: 'GET', url: `${API}/medias?user_id=${cashierId}`, cookie: cashier });
    expect(ownId.statusCode).toBe(200);
    const snooping = await t.call({ method: 'GET', url: `${API}/medias?user_id=${cashierId}`, cookie: vendor });
    expect(snooping.statusCode).toBe(403);
    const byAdmin = await t.call({ method: 'GET', url: `${API}/medias?user_id=${cashierId}`, cookie: admin });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().total).toBe(page.total);
    expect((await t.call({ method: 'GET', url: `${API}/medias`, cookie: admin })).json().total).toBe(0);
  });

  it("bulk-deletes one's own media and their files, and refuses anyone else's, all or nothing", async () => {
    const mine = [(await upload(vendor, 'a.png', png)).json().data.media, (await upload(vendor, 'b.png', png)).json().data.media];
    const theirs = (await upload(cashier, 'c.png', png)).json().data.media;
    const fileOf = (url: string) => path.join(t.config.dataDir, 'uploads', 'medias', url.split('/').pop()!);

    // To the vendor another user's media is as good as missing (404, the id is not confirmed); the
    // administrator, who sees everyone's media, is told why.
    const hidden = await t.call({ method: 'POST', url: `${API}/medias/bulk-delete`, cookie: vendor, payload: { ids: [mine[0].id, theirs.id] } });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Some of the selected media no longer exist.');
    const refused = await t.call({ method: 'POST', url: `${API}/medias/bulk-delete`, cookie: admin, payload: { ids: [theirs.id] } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can only delete your own media.');
    expect(fs.existsSync(fileOf(mine[0].sizes.original))).toBe(true);
    expect(fs.existsSync(fileOf(theirs.sizes.original))).toBe(true);

    const unknown = await t.call({ method: 'POST', url: `${API}/medias/bulk-delete`, cookie: vendor, payload: { ids: [mine[0].id, 999_999] } });
    expect(unknown.statusCode).toBe(404);
    const empty = await t.call({ method: 'POST', url: `${API}/medias/bulk-delete`, cookie: vendor, payload: { ids: [] } });
    expect(empty.statusCode).toBe(422);

    const done = await t.call({ method: 'POST', url: `${API}/medias/bulk-delete`, cookie: vendor, payload: { ids: mine.map((m) => m.id) } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: 'success', message: 'Successfully Deleted' });
    for (const media of mine) {
      expect(fs.existsSync(fileOf(media.sizes.original))).toBe(false);
      expect(fs.existsSync(fileOf(media.sizes.thumb))).toBe(false);
      expect((await t.call({ method: 'GET', url: media.sizes.original, cookie: vendor })).statusCode).toBe(404);
    }
  });

  it('takes the announcement image as `image` and answers its url', async () => {
    const form = multipart([{ name: 'image', filename: 'banner.jpg', data: await makeImage('jpeg') }]);
    const response = await t.call({ method: 'POST', url: `${API}/users/annoucment/uploadimage`, cookie: admin, ...form });
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys(response.json())).toEqual(['url']);
    expect(response.json().url).toMatch(STORED);
    expect((await t.call({ method: 'GET', url: response.json().url, cookie: vendor })).statusCode).toBe(200);
    const text = multipart([{ name: 'image', filename: 'banner.jpg', data: HTML }]);
    expect((await t.call({ method: 'POST', url: `${API}/users/annoucment/uploadimage`, cookie: admin, ...text })).statusCode).toBe(422);
  });
});
