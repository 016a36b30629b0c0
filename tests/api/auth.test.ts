import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { SESSION_COOKIE } from '../../schemas/auth';
import { DEMO_USERS } from '../../server/db/seed';

describe.each(DIALECTS)('auth on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('signs every demo user in with an httpOnly SameSite=Lax cookie and answers who they are', async () => {
    for (const demo of DEMO_USERS) {
      const response = await t.call({ method: 'POST', url: `${API}/auth/login`, payload: { username: demo.username, password: 'demo1234' } });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      const me = await t.call({ method: 'GET', url: `${API}/auth/user`, cookie: `${SESSION_COOKIE}=${cookie.value}` });
      expect(me.json()).toEqual({ id: expect.any(Number), username: demo.username, role: demo.role, vendor_id: demo.vendor_id ?? null });
    }
  });

  it('accepts the username in any case', async () => {
    await expect(t.login('ADMIN')).resolves.toContain(SESSION_COOKIE);
  });

  it('refuses a wrong password and an unknown user with the same 401 message', async () => {
    for (const payload of [
      { username: 'manager', password: 'nope-nope' },
      { username: 'ghost', password: 'demo1234' },
    ]) {
      const response = await t.call({ method: 'POST', url: `${API}/auth/login`, payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 'failed', message: 'Wrong username or password.' });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('ends the session on logout', async () => {
    const cookie = await t.login('vendor');
    // No body at all, as a browser sends it.
    const out = await t.call({ method: 'POST', url: `${API}/auth/logout`, cookie });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 'success', message: 'You are signed out.' });
    const me = await t.call({ method: 'GET', url: `${API}/auth/user`, cookie });
    expect(me.statusCode).toBe(401);
  });

  it('answers 401 without a session and for a forged cookie', async () => {
    for (const cookie of [undefined, `${SESSION_COOKIE}=forged`, `${SESSION_COOKIE}=${'x'.repeat(500)}`]) {
      const response = await t.call({ method: 'GET', url: `${API}/auth/user`, ...(cookie ? { cookie } : {}) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 'failed', message: 'You must be signed in to do this.' });
    }
  });

  it('changes the password: wrong current one is a field error, success ends the other sessions', async () => {
    const first = await t.login('manager');
    const second = await t.login('manager');
    const wrong = await t.call({
      method: 'POST',
      url: `${API}/auth/password`,
      cookie: first,
      payload: { current_password: 'nope', new_password: 'another-pass' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is wrong.'] });
    const short = await t.call({
      method: 'POST',
      url: `${API}/auth/password`,
      cookie: first,
      payload: { current_password: 'demo1234', new_password: 'short' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.new_password).toEqual(['This field must be at least 8 characters.']);
    const done = await t.call({
      method: 'POST',
      url: `${API}/auth/password`,
      cookie: first,
      payload: { current_password: 'demo1234', new_password: 'another-pass' },
    });
    expect(done.json()).toEqual({ status: 'success', message: 'The password has been changed.' });
    expect((await t.call({ method: 'GET', url: `${API}/auth/user`, cookie: first })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `${API}/auth/user`, cookie: second })).statusCode).toBe(401);
    await expect(t.login('manager', 'another-pass')).resolves.toContain(SESSION_COOKIE);
  });

  it('refuses a deactivated user and ends their live session', async () => {
    const cookie = await t.login('customer');
    await t.database.db.updateTable('users').set({ active: 0 }).where('username', '=', 'customer').execute();
    expect((await t.call({ method: 'GET', url: `${API}/auth/user`, cookie })).statusCode).toBe(401);
    const response = await t.call({ method: 'POST', url: `${API}/auth/login`, payload: { username: 'customer', password: 'demo1234' } });
    expect(response.statusCode).toBe(401);
  });

  it('stores only a digest of the session token', async () => {
    const cookie = await t.login('storeadmin');
    const token = cookie.split('=')[1]!;
    const rows = await t.database.db.selectFrom('sessions').select('id').execute();
    expect(rows.some((row) => row.id === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.id))).toBe(true);
  });
});

describe.each(DIALECTS)('sign-in rate limit on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_RATE_LIMIT: '3' } });
  });
  afterAll(() => t.close());

  it('rate limits sign-in attempts per address and username', async () => {
    const attempt = (username: string) => t.call({ method: 'POST', url: `${API}/auth/login`, payload: { username, password: 'wrong-password' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt('cashier')).statusCode).toBe(401);
    const limited = await attempt('cashier');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 'failed', message: expect.stringContaining('Too many sign-in attempts') });
    // Even the right password waits out the window for that username…
    expect((await t.call({ method: 'POST', url: `${API}/auth/login`, payload: { username: 'cashier', password: 'demo1234' } })).statusCode).toBe(429);
    // …while other accounts are unaffected.
    expect((await attempt('vendor')).statusCode).toBe(401);
  });
});
