import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { MP4, WEBM, clearRequests, getAlert, postAlert, userIdOf } from './salesAlertsHelpers';
import { HTML, TEXT, makeImage } from './uploadFixtures';
import { sweepOrphanUploads, SWEEP_GRACE_MS } from '../../server/uploads/sweep';

const MEGABYTE = 1024 * 1024;

describe.each(DIALECTS)('sales alert uploads on %s', (dialect) => {
  let t: TestApp;
  let vendor: string;
  let admin: string;
  let other: string;
  let vendorId: number;
  let png: Buffer;
  let jpeg: Buffer;

  const storedFiles = () => {
    const dir = path.join(t.config.dataDir, 'uploads', 'sales-alerts');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };
  const request = (files: Array<{ filename: string; data: Buffer }>, cookie = vendor) =>
    postAlert(t, cookie, { action_type: 'vendor_request', alert_type: 'default_alert', request_content: 'With media' }, files);
  const latest = async () => (await getAlert(t, admin, vendorId)).json().salesAlert.sale_alert_requests[0];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    vendor = await t.login('vendor');
    admin = await t.login('admin');
    other = await t.login('oldbarn');
    vendorId = await userIdOf(t, 'vendor');
    png = await makeImage('png', 20, 20);
    jpeg = await makeImage('jpeg', 20, 20);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await clearRequests(t);
    fs.rmSync(path.join(t.config.dataDir, 'uploads', 'sales-alerts'), { recursive: true, force: true });
  });

  it('keeps every image, in order, served to the vendor and the administrators only', async () => {
    const response = await request([
      { filename: 'a.png', data: png },
      { filename: 'b.jpeg', data: jpeg },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { requested_images: urls } = await latest();
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/^\/api\/nexopos\/v4\/dashboard\/sales-alerts\/media\/[0-9a-f]{32}\.png$/);
    expect(urls[1]).toMatch(/\.jpg$/);
    expect(storedFiles()).toHaveLength(2);
    const served = await t.call({ method: 'GET', url: urls[0], cookie: vendor });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await t.call({ method: 'GET', url: urls[0], cookie: admin })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: urls[0], cookie: other })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: urls[0] })).statusCode).toBe(401);
  });

  it('keeps only the first video when a video is among the files', async () => {
    const response = await request([
      { filename: 'a.png', data: png },
      { filename: 'clip.mp4', data: MP4 },
      { filename: 'b.webm', data: WEBM },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { requested_images: urls } = await latest();
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/\.mp4$/);
    expect(storedFiles()).toEqual([urls[0].split('/').pop()]);
    const served = await t.call({ method: 'GET', url: urls[0], cookie: vendor });
    expect(served.headers['content-type']).toBe('video/mp4');
  });

  it.each([
    ['a text file renamed .png', 'notes.png', TEXT, 'The content of the file is not one of the accepted types (png, gif, jpg, jpeg, mp4, webm).'],
    ['HTML renamed .mp4', 'page.mp4', HTML, 'The content of the file is not one of the accepted types (png, gif, jpg, jpeg, mp4, webm).'],
    ['a PNG named .gif', 'photo.gif', undefined, 'The content of the file does not match its extension .gif.'],
    ['a video named .png', 'clip.png', MP4, 'The content of the file does not match its extension .png.'],
    ['a text file', 'notes.txt', TEXT, 'Files of type .txt are not accepted: only png, gif, jpg, jpeg, mp4, webm.'],
    ['an empty file', 'empty.png', Buffer.alloc(0), 'The file is empty.'],
  ])('refuses %s, storing nothing', async (_label, filename, data, message) => {
    const response = await request([
      { filename: 'good.png', data: png },
      { filename, data: data ?? png },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 'failed', message });
    expect(storedFiles()).toEqual([]);
    expect((await getAlert(t, admin, vendorId)).json().salesAlert.sale_alert_requests).toEqual([]);
  });

  it('refuses an image over 5 MB and a video over 50 MB (413)', async () => {
    const bigImage = Buffer.concat([png, Buffer.alloc(5 * MEGABYTE)]);
    const image = await request([{ filename: 'big.png', data: bigImage }]);
    expect(image.statusCode).toBe(413);
    expect(image.json().message).toBe('The image is too large: images up to 5 MB are accepted.');
    const video = await request([{ filename: 'big.mp4', data: Buffer.concat([MP4, Buffer.alloc(50 * MEGABYTE)]) }]);
    expect(video.statusCode).toBe(413);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses more than 10 files', async () => {
    const response = await request(Array.from({ length: 11 }, (_, i) => ({ filename: `p${i}.png`, data: png })));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Send at most 10 files at a time.');
  });

  it('replaces the files on an edit with new ones, keeps them without, and removes them on cancel', async () => {
    const id = (await request([{ filename: 'a.png', data: png }])).json().data.request_id;
    const first = storedFiles();
    await postAlert(t, vendor, { action_type: 'vendor_request', request_id: id, request_content: 'Edited' });
    expect((await latest()).requested_images).toHaveLength(1);
    await postAlert(t, vendor, { action_type: 'vendor_request', request_id: id, request_content: 'Edited' }, [{ filename: 'c.mp4', data: MP4 }]);
    expect(storedFiles()).toHaveLength(1);
    expect(storedFiles()).not.toEqual(first);
    await postAlert(t, vendor, { action_type: 'vendor_cancel', request_id: id });
    expect(storedFiles()).toEqual([]);
  });

  it('removes the files of a refused action and sweeps orphans', async () => {
    await postAlert(t, admin, { action_type: 'admin_set', request_user: vendorId, request_content: 'Set', alert_type: 'range_alert' }, [
      { filename: 'a.png', data: png },
    ]);
    expect(storedFiles()).toEqual([]);
    fs.mkdirSync(path.join(t.config.dataDir, 'uploads', 'sales-alerts'), { recursive: true });
    const orphan = `${'a'.repeat(32)}.mp4`;
    fs.writeFileSync(path.join(t.config.dataDir, 'uploads', 'sales-alerts', orphan), MP4);
    await request([{ filename: 'kept.png', data: png }]);
    expect(await sweepOrphanUploads(t.database, t.config.dataDir, Date.now() + SWEEP_GRACE_MS + 1000)).toBe(1);
    expect(storedFiles()).toHaveLength(1);
    expect(storedFiles()).not.toContain(orphan);
  });
});
