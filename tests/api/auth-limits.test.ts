import { afterEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { passwordHashesInFlight } from '../../server/services/passwords';

/**
 * Sign-in under attack, from the outside: requests as a browser or a script would send them, the
 * client's address set with inject's remoteAddress (and X-Forwarded-For where a proxy is trusted).
 */

const TOO_MANY = /^Too many sign-in attempts\. Try again in (\d+) seconds\.$/;
const BUSY = 'The server is busy checking other sign-ins. Try again in a few seconds.';
const WRONG = { status: 'failed', message: 'Wrong username or password.' };

describe.each(DIALECTS)('sign-in limits on %s', (dialect) => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  async function start(env: Record<string, string>): Promise<TestApp> {
    t = await createTestApp(dialect, { env });
    return t;
  }

  const signIn = (app: TestApp, username: string, password: string, from = '127.0.0.1', headers: Record<string, string> = {}) =>
    app.call({ method: 'POST', url: `${API}/auth/login`, payload: { username, password }, remoteAddress: from, headers });

  /** The refused sign-ins the audit log holds (written beside the 429, so polled for), as [username, address, user id], by name and address. */
  async function auditedRefusals(app: TestApp, count: number): Promise<Array<[string | null, string | null, number | null]>> {
    const rows = () =>
      app.database.db.selectFrom('audit_log').select(['username', 'address', 'user_id']).where('action', '=', 'auth.sign_in_refused').orderBy('id').execute();
    for (let attempt = 0; attempt < 100 && (await rows()).length < count; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
    // Give a stray duplicate the time to appear before counting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Each row is written beside its own 429, so rows of refusals close together may land in either order.
    return (await rows())
      .map((row): [string | null, string | null, number | null] => [row.username, row.address, row.user_id])
      .sort((a, b) => `${a[0]}|${a[1]}`.localeCompare(`${b[0]}|${b[1]}`));
  }

  const userIdOf = async (app: TestApp, username: string) =>
    (await app.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  function expectLimited(response: LightMyRequestResponse): void {
    expect(response.statusCode).toBe(429);
    const seconds = TOO_MANY.exec(response.json().message)?.[1];
    expect(seconds).toBeDefined();
    expect(Number(seconds)).toBeGreaterThanOrEqual(1);
    expect(Number(seconds)).toBeLessThanOrEqual(60);
    expect(response.headers['retry-after']).toBe(seconds);
  }

  it('counts padded, upper-case and full-width spellings of a username as one', async () => {
    const app = await start({ LOGIN_RATE_LIMIT: '3', LOGIN_ADDRESS_RATE_LIMIT: '1000' });
    // Each from its own address, so only the per-username count can add them up.
    expect((await signIn(app, 'cashier', 'wrong-password', '198.51.100.1')).json()).toEqual(WRONG);
    expect((await signIn(app, '  Cashier ', 'wrong-password', '198.51.100.2')).json()).toEqual(WRONG);
    expect((await signIn(app, 'ＣＡＳＨＩＥＲ\u3000', 'wrong-password', '198.51.100.3')).json()).toEqual(WRONG);
    expectLimited(await signIn(app, '\u3000cashier', 'wrong-password', '198.51.100.4'));
    expectLimited(await signIn(app, 'cashier', 'demo1234', '198.51.100.5'));
    // The same spellings find the account: a full-width, padded name signs in as the plain one.
    const manager = await signIn(app, '\u3000ＭＡＮＡＧＥＲ ', 'demo1234', '198.51.100.6');
    expect(manager.statusCode).toBe(200);
    expect(manager.json().data.user).toMatchObject({ username: 'manager', role: 'manager' });
  });

  it('limits one address trying made-up usernames, and audits each refused name from it once', async () => {
    const app = await start({ LOGIN_RATE_LIMIT: '3', LOGIN_ADDRESS_RATE_LIMIT: '5' });
    for (const name of ['ghost-1', 'ghost-2', 'ghost-3', 'ghost-4', 'ghost-5']) {
      const response = await signIn(app, name, 'wrong-password', '203.0.113.7');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(WRONG);
    }
    expectLimited(await signIn(app, 'ghost-6', 'wrong-password', '203.0.113.7'));
    expectLimited(await signIn(app, 'ghost-7', 'wrong-password', '203.0.113.7'));
    expectLimited(await signIn(app, 'ghost-7', 'wrong-password', '203.0.113.7'));
    // The right password from that address waits too; the same account from another address does not.
    expectLimited(await signIn(app, 'admin', 'demo1234', '203.0.113.7'));
    expect((await signIn(app, 'admin', 'demo1234', '203.0.113.8')).statusCode).toBe(200);
    expect(await auditedRefusals(app, 3)).toEqual([
      ['admin', '203.0.113.7', await userIdOf(app, 'admin')],
      ['ghost-6', '203.0.113.7', null],
      ['ghost-7', '203.0.113.7', null],
    ]);
  });

  it('limits one username tried from many addresses, and audits it once per refused address', async () => {
    const app = await start({ LOGIN_RATE_LIMIT: '3', LOGIN_ADDRESS_RATE_LIMIT: '1000' });
    for (const address of ['192.0.2.1', '192.0.2.2', '2001:db8::3']) {
      expect((await signIn(app, 'vendor', 'wrong-password', address)).statusCode).toBe(401);
    }
    expectLimited(await signIn(app, 'vendor', 'wrong-password', '192.0.2.4'));
    expectLimited(await signIn(app, 'vendor', 'wrong-password', '192.0.2.4'));
    expectLimited(await signIn(app, 'VENDOR', 'demo1234', '192.0.2.5'));
    // Another account from an address that took part is unaffected.
    expect((await signIn(app, 'storeadmin', 'demo1234', '192.0.2.4')).statusCode).toBe(200);
    const vendorId = await userIdOf(app, 'vendor');
    expect(await auditedRefusals(app, 2)).toEqual([
      ['vendor', '192.0.2.4', vendorId],
      ['vendor', '192.0.2.5', vendorId],
    ]);
  });

  it('an attempt refused for its address does not use up the username', async () => {
    const app = await start({ LOGIN_RATE_LIMIT: '3', LOGIN_ADDRESS_RATE_LIMIT: '2' });
    expect((await signIn(app, 'customer', 'wrong-password', '203.0.113.20')).statusCode).toBe(401);
    expect((await signIn(app, 'customer', 'wrong-password', '203.0.113.20')).statusCode).toBe(401);
    for (let i = 0; i < 5; i += 1) expectLimited(await signIn(app, 'customer', 'wrong-password', '203.0.113.20'));
    // customer has used 2 of its 3 attempts, not 7.
    expect((await signIn(app, 'customer', 'demo1234', '203.0.113.21')).statusCode).toBe(200);
  });

  it('refuses at once with 429 when every password hash slot is taken, known user or not', async () => {
    // The real cost: a sign-in must still hold its slot while the next requests arrive.
    const app = await start({ PASSWORD_HASH_COST: 'production', PASSWORD_HASH_CONCURRENCY: '1', LOGIN_ADDRESS_RATE_LIMIT: '1000' });
    const order: string[] = [];
    const slow = signIn(app, 'manager', 'demo1234', '198.51.100.30').then((response) => {
      order.push('manager');
      return response;
    });
    while (passwordHashesInFlight() === 0) await new Promise((resolve) => setImmediate(resolve));
    const known = await signIn(app, 'cashier', 'wrong-password', '198.51.100.31');
    order.push('cashier');
    const unknown = await signIn(app, 'nobody-here', 'wrong-password', '198.51.100.32');
    order.push('nobody-here');
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({ status: 'failed', message: BUSY });
    }
    // Both were answered while the first sign-in still held the only slot.
    expect((await slow).statusCode).toBe(200);
    expect(order).toEqual(['cashier', 'nobody-here', 'manager']);
    expect(passwordHashesInFlight()).toBe(0);
    // With the slot free again the same attempts get their ordinary answers.
    expect((await signIn(app, 'cashier', 'wrong-password', '198.51.100.31')).json()).toEqual(WRONG);
    expect((await signIn(app, 'nobody-here', 'wrong-password', '198.51.100.32')).json()).toEqual(WRONG);
  });

  it('keeps the last hash slot for a first attempt on a username', async () => {
    // The real cost: a sign-in must still hold its slot while the next requests arrive.
    const app = await start({ PASSWORD_HASH_COST: 'production', PASSWORD_HASH_CONCURRENCY: '2', LOGIN_ADDRESS_RATE_LIMIT: '1000' });
    // cashier and ghost-x have had an attempt in this window; vendor and nobody-else have not.
    expect((await signIn(app, 'cashier', 'wrong-password', '198.51.100.40')).json()).toEqual(WRONG);
    expect((await signIn(app, 'ghost-x', 'wrong-password', '198.51.100.40')).json()).toEqual(WRONG);
    const slow = signIn(app, 'manager', 'demo1234', '198.51.100.41');
    while (passwordHashesInFlight() === 0) await new Promise((resolve) => setImmediate(resolve));
    // One of two slots is taken: a repeated attempt is refused, known name or not…
    for (const name of ['cashier', 'ghost-x']) {
      const again = await signIn(app, name, 'wrong-password', '198.51.100.42');
      expect(again.statusCode).toBe(429);
      expect(again.json()).toEqual({ status: 'failed', message: BUSY });
    }
    expect(passwordHashesInFlight()).toBe(1);
    // …while a first attempt gets the slot kept for it (an unknown name only waits, holding none).
    expect((await signIn(app, 'nobody-else', 'wrong-password', '198.51.100.44')).json()).toEqual(WRONG);
    expect((await signIn(app, 'vendor', 'demo1234', '198.51.100.43')).statusCode).toBe(200);
    expect((await slow).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For when TRUST_PROXY is not set', async () => {
    const app = await start({ LOGIN_ADDRESS_RATE_LIMIT: '2' });
    expect((await signIn(app, 'ghost-a', 'wrong-password', '127.0.0.1', { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(401);
    expect((await signIn(app, 'ghost-b', 'wrong-password', '127.0.0.1', { 'x-forwarded-for': '203.0.113.2' })).statusCode).toBe(401);
    // A new forwarded address does not make a new client: all three came from 127.0.0.1.
    expectLimited(await signIn(app, 'ghost-c', 'wrong-password', '127.0.0.1', { 'x-forwarded-for': '203.0.113.3' }));
  });

  it('takes the client address from X-Forwarded-For only through a trusted proxy', async () => {
    const app = await start({ LOGIN_ADDRESS_RATE_LIMIT: '2', TRUST_PROXY: '127.0.0.1' });
    const viaBalancer = (username: string, client: string) => signIn(app, username, 'wrong-password', '127.0.0.1', { 'x-forwarded-for': client });
    expect((await viaBalancer('ghost-a', '203.0.113.1')).statusCode).toBe(401);
    expect((await viaBalancer('ghost-b', '203.0.113.2')).statusCode).toBe(401);
    expect((await viaBalancer('ghost-c', '203.0.113.3')).statusCode).toBe(401);
    expect((await viaBalancer('ghost-d', '203.0.113.1')).statusCode).toBe(401);
    expectLimited(await viaBalancer('ghost-e', '203.0.113.1'));
    // A client that connects directly cannot name another address: it is counted as itself.
    const direct = (username: string, spoofed: string) => signIn(app, username, 'wrong-password', '198.51.100.50', { 'x-forwarded-for': spoofed });
    expect((await direct('ghost-f', '10.9.9.1')).statusCode).toBe(401);
    expect((await direct('ghost-g', '10.9.9.2')).statusCode).toBe(401);
    expectLimited(await direct('ghost-h', '10.9.9.3'));
  });

  it('with a hop count, believes only the address the balancer added', async () => {
    const app = await start({ LOGIN_ADDRESS_RATE_LIMIT: '2', TRUST_PROXY: '1' });
    // The client writes its own X-Forwarded-For; the balancer (10.0.0.5) appends the address it saw.
    const attempt = (username: string, spoofed: string) =>
      signIn(app, username, 'wrong-password', '10.0.0.5', { 'x-forwarded-for': `${spoofed}, 203.0.113.99` });
    expect((await attempt('ghost-a', '1.1.1.1')).statusCode).toBe(401);
    expect((await attempt('ghost-b', '2.2.2.2')).statusCode).toBe(401);
    expectLimited(await attempt('ghost-c', '3.3.3.3'));
  });
});
