import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

/**
 * The built client as the server sends it: the compressed copy the build wrote beside each file, chosen by
 * the browser's Accept-Encoding; hashed assets cached for a year, index.html revalidated (a 304 when unchanged).
 */
describe('the client files', () => {
  let t: TestApp;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-client-files-'));
  const script = 'export const answer = 42;\n'.repeat(200);
  const page = '<!doctype html><title>Vendor Mall</title><div id="root"></div><script type="module" src="/assets/index-Bx3kQ9aZ.js"></script>';
  fs.writeFileSync(path.join(clientDir, 'index.html'), page);
  fs.mkdirSync(path.join(clientDir, 'assets'));
  const asset = path.join(clientDir, 'assets', 'index-Bx3kQ9aZ.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, gzipSync(script));
  fs.writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *\n');

  beforeAll(async () => {
    t = await createTestApp('sqlite', { clientDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, the file itself otherwise', async () => {
    const br = await get('/assets/index-Bx3kQ9aZ.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(br.headers['vary']).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(200);

    const gz = await get('/assets/index-Bx3kQ9aZ.js', { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Bx3kQ9aZ.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('accept-encoding');
    expect(plain.body).toBe(script);
    expect((await get('/assets/index-Bx3kQ9aZ.js')).body).toBe(script);
  });

  it('lets a browser keep a hashed asset a year without asking again', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const answer = await get('/assets/index-Bx3kQ9aZ.js', { 'accept-encoding': encoding });
      expect(answer.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has index.html revalidated on every load, answered 304 when it has not changed', async () => {
    for (const url of ['/', '/login', '/dashboard/pos']) {
      const answer = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(answer.body, url).toBe(page);
    }
    const first = await get('/login');
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^W\/"/);
    const again = await get('/login', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const since = await get('/', { 'if-modified-since': String(first.headers['last-modified']) });
    expect(since.statusCode).toBe(304);
  });

  it('answers 304 to a revalidated asset too, for each encoding its own tag', async () => {
    const br = await get('/assets/index-Bx3kQ9aZ.js', { 'accept-encoding': 'br' });
    const gz = await get('/assets/index-Bx3kQ9aZ.js', { 'accept-encoding': 'gzip' });
    expect(br.headers['etag']).not.toBe(gz.headers['etag']);
    const again = await get('/assets/index-Bx3kQ9aZ.js', { 'accept-encoding': 'br', 'if-none-match': String(br.headers['etag']) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates files outside assets/, whose names carry no hash', async () => {
    const robots = await get('/robots.txt', { 'accept-encoding': 'br' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.body).toBe('User-agent: *\n');
  });

  it('answers a missing asset 404 in the envelope, whatever the encoding', async () => {
    const missing = await get('/assets/index-Nothere1.js', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 'failed', message: 'The requested resource was not found.' });
  });
});
