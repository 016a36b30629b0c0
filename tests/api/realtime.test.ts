import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';

/** Collects the JSON messages a socket receives and waits for the nth. */
function inbox(socket: WebSocket) {
  const messages: Array<{ type: string; data: unknown }> = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()));
    waiters.splice(0).forEach((wake) => wake());
  });
  return {
    messages,
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
    while (t.app.realtime.size < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    await t.app.realtime.publish({ type: 'sales-alert.requested', data: { id: 7 } }, { roles: ['administrator', 'store_administrator'] });
    const received = await admin.waitFor(1);
    expect(received[0]).toEqual({ type: 'sales-alert.requested', data: { id: 7 } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(vendor.messages).toEqual([]);
    adminSocket.terminate();
    vendorSocket.terminate();
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
