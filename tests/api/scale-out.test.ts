import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { API, createTestApp, type TestApp } from './harness';
import { postAlert } from './salesAlertsHelpers';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { SESSION_COOKIE } from '../../schemas/auth';

/**
 * Two app servers on one PostgreSQL database, each listening on its own port, as behind a load
 * balancer without sticky sessions: a session made on one is valid on the other, realtime events
 * published on one reach the websocket clients of the other (LISTEN/NOTIFY), and the sign-in rate
 * limit is one count for both (login_attempts). PostgreSQL only: SQLite runs a single server.
 */

const LIMIT = 3;
// Every request here comes from 127.0.0.1, and concurrent attempts must all reach their password check:
// the per-address limit and the bound on hashes in flight (tests/api/auth-limits.test.ts) are kept out of the way.
const ENV = { ENABLE_WEBSOCKET: '1', LOGIN_RATE_LIMIT: String(LIMIT), LOGIN_ADDRESS_RATE_LIMIT: '1000', PASSWORD_HASH_CONCURRENCY: '16' };

interface Server {
  app: FastifyInstance;
  url: string;
}

async function listen(app: FastifyInstance): Promise<Server> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: address };
}

/** A real HTTP request (not inject): the servers are reached as a browser behind a balancer would. */
async function request(server: Server, method: string, route: string, options: { cookie?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.url}${API}${route}`, {
    method,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, setCookie: response.headers.getSetCookie() };
}

async function signIn(server: Server, username: string, password = DEMO_PASSWORD) {
  return request(server, 'POST', '/auth/login', { body: { username, password } });
}

function cookieOf(setCookie: string[]): string {
  const session = setCookie.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!session) throw new Error('no session cookie was set');
  return session.split(';')[0]!;
}

/** Opens a websocket to a server's realtime route and collects what it receives. */
async function connect(server: Server, cookie: string) {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}${API}/realtime`, { headers: { cookie } });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const messages: Array<{ type: string; data: Record<string, unknown> }> = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
  return {
    socket,
    messages,
    async waitFor(predicate: (message: { type: string; data: Record<string, unknown> }) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!messages.some(predicate)) {
        if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(messages)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages.find(predicate)!;
    },
  };
}

async function untilSubscribed(app: FastifyInstance, count: number) {
  const deadline = Date.now() + 5000;
  while (app.realtime.size < count) {
    if (Date.now() > deadline) throw new Error('the socket never subscribed');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app servers on one PostgreSQL database', () => {
  let t: TestApp;
  let a: Server;
  let b: Server;
  let databaseB: Database;
  let dataDirB: string;

  beforeAll(async () => {
    // Server A creates, migrates and seeds the database; server B opens the same one, as a second machine would.
    t = await createTestApp('postgres', { env: ENV });
    a = await listen(t.app);
    dataDirB = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-scale-b-'));
    const config = loadConfig({ ...ENV, DATA_DIR: dataDirB, DATABASE_URL: t.config.databaseUrl! });
    databaseB = await openDatabase(config);
    b = await listen(await buildApp({ config, database: databaseB, clientDir: null }));
  });
  afterAll(async () => {
    await b?.app.close();
    await databaseB?.close();
    await t?.close();
    if (dataDirB) fs.rmSync(dataDirB, { recursive: true, force: true });
  });

  it('accepts a session made on one server on the other, and a sign-out on one ends it on both', async () => {
    const login = await signIn(a, 'admin');
    expect(login.status).toBe(200);
    const cookie = cookieOf(login.setCookie);
    for (const server of [a, b]) {
      const user = await request(server, 'GET', '/auth/user', { cookie });
      expect(user.status).toBe(200);
      expect(user.body).toMatchObject({ username: 'admin', role: 'administrator' });
    }
    expect((await request(b, 'POST', '/auth/logout', { cookie })).status).toBe(200);
    for (const server of [a, b]) expect((await request(server, 'GET', '/auth/user', { cookie })).status).toBe(401);
  });

  it('delivers an event published on server A to a client of server B, once', async () => {
    const admin = cookieOf((await signIn(a, 'storeadmin')).setCookie);
    const client = await connect(b, admin);
    await untilSubscribed(b.app, 1);
    await a.app.realtime.publish({ type: 'scale-out.ping', data: { from: 'A' } }, { roles: ['store_administrator'] });
    expect(await client.waitFor((m) => m.type === 'scale-out.ping')).toEqual({ type: 'scale-out.ping', data: { from: 'A' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(client.messages.filter((m) => m.type === 'scale-out.ping')).toHaveLength(1);
    client.socket.close();
  });

  it('tells an administrator on server B of a sales alert a vendor requests on server A', async () => {
    // Sales-alert events go to the administrators (and the vendor): the manager on B hears nothing.
    const adminClient = await connect(b, cookieOf((await signIn(b, 'admin')).setCookie));
    const managerClient = await connect(b, cookieOf((await signIn(b, 'manager')).setCookie));
    await untilSubscribed(b.app, 2);
    const vendor = await t.login('vendor');
    const posted = await postAlert(t, vendor, { action_type: 'vendor_request', alert_type: 'default_alert', request_content: 'Spring sale' });
    expect(posted.statusCode, posted.body).toBe(200);
    const event = await adminClient.waitFor((m) => m.type === 'sales-alert.changed');
    expect(event.data).toMatchObject({ action: 'vendor_request', request_id: posted.json().data.request_id });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(managerClient.messages).toEqual([]);
    adminClient.socket.close();
    managerClient.socket.close();
  });

  it('counts sign-in attempts for both servers together', async () => {
    // Alternating servers: with a count per server, neither would reach the limit of 3 before the 6th attempt.
    const answers: number[] = [];
    for (let attempt = 0; attempt < LIMIT; attempt += 1) answers.push((await signIn(attempt % 2 ? b : a, 'cashier', 'wrong-password')).status);
    expect(answers).toEqual([401, 401, 401]);
    for (const server of [b, a]) {
      const refused = await signIn(server, 'cashier');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    }
    // Another username is counted on its own.
    expect((await signIn(b, 'oldbarn')).status).toBe(200);
  });

  it('counts concurrent attempts on both servers without losing any', async () => {
    const attempts = Array.from({ length: 10 }, (_, i) => signIn(i % 2 ? b : a, 'retroroom', 'wrong-password'));
    const statuses = (await Promise.all(attempts)).map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10 - LIMIT);
    // One shared row went past the limit. Once a server has seen it go over, that server refuses the
    // name from memory until the window ends without counting, so how far past depends on arrival order.
    const { rows } = await sql<{ hits: number }>`select hits from login_attempts where key like ${'%|retroroom'}`.execute(t.database.db);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.hits)).toBeGreaterThanOrEqual(LIMIT + 1);
    expect(Number(rows[0]!.hits)).toBeLessThanOrEqual(10);
  });
});
