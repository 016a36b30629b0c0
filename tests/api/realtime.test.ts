import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { LISTENER_APPLICATION_NAME } from '../../server/realtime/postgresBridge';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { endListeners } from './pgListeners';

/** Collects the JSON messages (and any errors) a socket receives and waits for the nth message. */
function inbox(socket: WebSocket) {
  const messages: Array<{ type: string; data: unknown }> = [];
  const errors: Error[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()));
    waiters.splice(0).forEach((wake) => wake());
  });
  socket.on('error', (error) => errors.push(error));
  return {
    messages,
    errors,
    async waitFor(count: number, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return messages;
    },
  };
}

/** Waits until the hub has this many subscribers: the server registers a socket after the client sees it open. */
async function subscribers(t: TestApp, count: number) {
  while (t.app.realtime.size !== count) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Drops the sockets and waits until the server has let them go, so nothing of them outlives the test. */
async function hangUp(t: TestApp, ...sockets: WebSocket[]) {
  for (const socket of sockets) socket.terminate();
  await subscribers(t, 0);
}

describe.each(DIALECTS)('realtime connection on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { ENABLE_WEBSOCKET: '1' } });
  });
  afterAll(() => t.close());

  it('tells the client through the options that realtime is on', async () => {
    const options = await t.call({ method: 'GET', url: `${API}/options`, cookie: await t.login('cashier') });
    expect(options.json().ns_realtime_enabled).toBe(true);
  });

  it('refuses a connection without a session', async () => {
    await expect(t.app.injectWS(`${API}/realtime`)).rejects.toThrow();
  });

  it('delivers an event to its audience only', async () => {
    const adminSocket = await t.app.injectWS(`${API}/realtime`, { headers: { cookie: await t.login('admin') } });
    const vendorSocket = await t.app.injectWS(`${API}/realtime`, { headers: { cookie: await t.login('vendor') } });
    const admin = inbox(adminSocket);
    const vendor = inbox(vendorSocket);
    await subscribers(t, 2);
    await t.app.realtime.publish({ type: 'sales-alert.requested', data: { id: 7 } }, { roles: ['administrator', 'store_administrator'] });
    const received = await admin.waitFor(1);
    expect(received[0]).toEqual({ type: 'sales-alert.requested', data: { id: 7 } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(vendor.messages).toEqual([]);
    await hangUp(t, adminSocket, vendorSocket);
    expect([...admin.errors, ...vendor.errors]).toEqual([]);
  });

  it.runIf(dialect === 'postgres')('listens again when the database ends its listening connection', async () => {
    // What a restart or an administrator's pg_terminate_backend does; an unhandled 'error' would end the process.
    await endListeners(t.database.db, LISTENER_APPLICATION_NAME);
    const socket = await t.app.injectWS(`${API}/realtime`, { headers: { cookie: await t.login('admin') } });
    const admin = inbox(socket);
    await subscribers(t, 1);
    await t.app.realtime.publish({ type: 'sales-alert.requested', data: { id: 8 } }, { roles: ['administrator'] });
    expect((await admin.waitFor(1))[0]).toEqual({ type: 'sales-alert.requested', data: { id: 8 } });
    await hangUp(t, socket);
  });
});

describe('realtime when disabled', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('has no realtime route and publishing is a no-op', async () => {
    const response = await t.call({ method: 'GET', url: `${API}/realtime`, cookie: await t.login('admin') });
    expect(response.statusCode).toBe(404);
    await expect(t.app.realtime.publish({ type: 'x', data: null }, { roles: ['administrator'] })).resolves.toBeUndefined();
  });
});
