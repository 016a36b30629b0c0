import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { sendRaw } from './routeWalk';

/**
 * The address `npm start` prints (http://127.0.0.1:3000/) opens the app: index.html, whose router shows
 * the sign-in page or, with a session, the dashboard. Over a real socket, as a browser opens it.
 */
describe.each(DIALECTS)('the root address on %s', (dialect) => {
  let t: TestApp;
  let port: number;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Vendor Mall</title><div id="root"></div>');
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');

  beforeAll(async () => {
    t = await createTestApp(dialect, { clientDir });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves index.html for /, signed out and signed in, never cached', async () => {
    const admin = await t.login('admin');
    for (const headers of [{}, { cookie: admin }]) {
      const page = await t.app.inject({ method: 'GET', url: '/', headers });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.body).toBe('<!doctype html><title>Vendor Mall</title><div id="root"></div>');
    }
    const raw = await sendRaw(port, { method: 'GET', target: '/' });
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toContain('<div id="root"></div>');
    const withQuery = await sendRaw(port, { method: 'GET', target: '/?next=%2Fdashboard' });
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.body).toContain('<div id="root"></div>');
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers folders and dot segments like any path that names no file', async () => {
    // A folder of the client is not listed (the static plugin's 403): it is a client route like any other.
    const folder = await sendRaw(port, { method: 'GET', target: '/assets' });
    expect(folder.statusCode).toBe(200);
    expect(folder.body).toContain('<div id="root"></div>');
    // Respelled paths are refused before any file is looked up.
    for (const target of ['/./', '/assets/../index.html', '/%61ssets/app.js', '//assets/app.js']) {
      const answer = await sendRaw(port, { method: 'GET', target });
      expect(answer.statusCode, target).toBe(400);
      expect(JSON.parse(answer.body).status, target).toBe('failed');
    }
    expect((await sendRaw(port, { method: 'GET', target: '/assets/app.js' })).statusCode).toBe(200);
  });

  it('writes to / are not the app', async () => {
    const posted = await t.call({ method: 'POST', url: '/' });
    expect(posted.statusCode).toBe(404);
    expect(posted.json()).toEqual({ status: 'failed', message: 'The requested resource was not found.' });
    // The API is untouched by the new route.
    expect((await t.call({ method: 'GET', url: `${API}/auth/user` })).statusCode).toBe(401);
  });
});
