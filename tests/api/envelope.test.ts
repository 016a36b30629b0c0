import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { API, DIALECTS, XHR, createTestApp, type TestApp } from './harness';
import { NoQuerySchema } from '../../schemas/http';

describe.each(DIALECTS)('request handling and the error envelope on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clientDir,
      extend: (app) =>
        app.register(
          async (api) => {
            api.get('/test/boom', { schema: { querystring: NoQuerySchema }, config: { permission: 'public' } }, async () => {
              throw new Error('secret internals at /srv/app.ts:12');
            });
            api.get(
              '/test/numbers',
              {
                schema: { querystring: Type.Object({ page: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }) },
                config: { permission: 'public' },
              },
              async (request) => request.query,
            );
          },
          { prefix: API },
        ),
    });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('refuses a mutating request without x-requested-with and changes nothing', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${API}/options`, headers: { cookie: admin }, payload: { ns_store_name: 'Hijacked' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 'failed', message: 'This request must carry the x-requested-with header.' });
    const options = await t.call({ method: 'GET', url: `${API}/options`, cookie: admin });
    expect(options.json().ns_store_name).toBe('Demo Vendor Mall');
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await t.call({
      method: 'POST',
      url: `${API}/options`,
      cookie: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"ns_store_name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'failed', message: 'The request body is not valid JSON.' });
  });

  it('refuses prototype pollution keys in JSON', async () => {
    const response = await t.call({
      method: 'POST',
      url: `${API}/options`,
      cookie: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe('failed');
  });

  it('answers 422 with errors keyed by field for a schema violation', async () => {
    const response = await t.call({ method: 'POST', url: `${API}/auth/login`, payload: { username: 42, extra: true } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'failed',
      message: 'The form is not valid.',
      errors: { username: ['This field must be of type string.'], password: ['This field is required.'], extra: ['This field is not allowed.'] },
      // The same refusals as the spec's form error items (spec 01 §3), named by field and flagged invalid.
      field_errors: [
        { identifier: 'invalid', invalid: true, message: 'This field is required.', name: 'password' },
        { identifier: 'invalid', invalid: true, message: 'This field is not allowed.', name: 'extra' },
        { identifier: 'invalid', invalid: true, message: 'This field must be of type string.', name: 'username' },
      ],
    });
  });

  it('validates and coerces query strings', async () => {
    expect((await t.call({ method: 'GET', url: `${API}/test/numbers?page=3` })).json()).toEqual({ page: 3 });
    const bad = await t.call({ method: 'GET', url: `${API}/test/numbers?page=0` });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ page: ['This field must be at least 1.'] });
    expect((await t.call({ method: 'GET', url: `${API}/test/numbers?page=abc` })).statusCode).toBe(422);
  });

  it('answers 404 in the envelope for an unknown API route, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.call({ method, url: `${API}/no/such/route`, cookie: admin });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'failed', message: 'The requested resource was not found.' });
    }
  });

  it('answers 500 without leaking the error', async () => {
    const response = await t.call({ method: 'GET', url: `${API}/test/boom` });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 'failed', message: 'An unexpected error occurred on the server.' });
    expect(response.body).not.toContain('secret');
  });

  it('tolerates trailing slashes', async () => {
    const response = await t.call({ method: 'GET', url: `${API}/auth/user/`, cookie: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe('admin');
  });

  it('serves the client, and index.html for client routes, with safe headers', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dashboard/pos' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('id="root"');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    const posted = await t.app.inject({ method: 'POST', url: '/dashboard', headers: XHR });
    expect(posted.statusCode).toBe(404);
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/missing-chunk.js' });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.headers['content-type']).toContain('application/json');
    // A file added after start (a rebuilt client) is served without a restart.
    fs.writeFileSync(path.join(clientDir, 'assets', 'later.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/later.js' })).statusCode).toBe(200);
  });

  it('refuses at start a route that declares no permission or no schema', async () => {
    const { buildApp } = await import('../../server/app');
    const app = await buildApp({ config: t.config, database: t.database, clientDir: null });
    expect(() => app.get(`${API}/unguarded`, { schema: { querystring: NoQuerySchema } }, async () => 'x')).toThrow(/declares no permission/);
    expect(() => app.post(`${API}/unchecked`, { config: { permission: 'options.update' } }, async () => 'x')).toThrow(/no body schema/);
    expect(() => app.get(`${API}/things/:id`, { schema: { querystring: NoQuerySchema }, config: { permission: 'options.read' } }, async () => 'x')).toThrow(
      /no params schema/,
    );
    await app.close();
  });
});
