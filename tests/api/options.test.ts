import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { DEFAULT_OPTIONS } from '../../schemas/options';
import { DEMO_USERS } from '../../server/db/seed';

describe.each(DIALECTS)('system options on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers every option with the caller role as ns_user_role', async () => {
    for (const demo of DEMO_USERS) {
      const cookie = await t.login(demo.username);
      const response = await t.call({ method: 'GET', url: `${API}/options`, cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...DEFAULT_OPTIONS, ns_user_role: demo.role, ns_realtime_enabled: false });
    }
  });

  it('lets administrators and store administrators change options, and keeps them', async () => {
    const admin = await t.login('admin');
    const saved = await t.call({
      method: 'POST',
      url: `${API}/options`,
      cookie: admin,
      payload: { ns_store_name: 'Main Street Mall', ns_currency_precision: 3 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      status: 'success',
      message: 'Successfully Saved',
      data: { options: { ns_store_name: 'Main Street Mall', ns_currency_precision: 3 } },
    });
    const storeadmin = await t.login('storeadmin');
    expect((await t.call({ method: 'POST', url: `${API}/options`, cookie: storeadmin, payload: { ns_pos_numpad: 'advanced' } })).statusCode).toBe(200);
    const read = await t.call({ method: 'GET', url: `${API}/options`, cookie: await t.login('cashier') });
    expect(read.json()).toMatchObject({ ns_store_name: 'Main Street Mall', ns_currency_precision: 3, ns_pos_numpad: 'advanced' });
  });

  it('forbids other roles from changing options and changes nothing', async () => {
    for (const username of ['manager', 'cashier', 'vendor', 'customer']) {
      const cookie = await t.login(username);
      const response = await t.call({ method: 'POST', url: `${API}/options`, cookie, payload: { ns_store_name: 'Taken Over' } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ status: 'failed', message: 'You are not allowed to do this.' });
    }
    const read = await t.call({ method: 'GET', url: `${API}/options`, cookie: await t.login('admin') });
    expect(read.json().ns_store_name).not.toBe('Taken Over');
  });

  it('refuses bad values, unknown keys and an empty change, storing nothing', async () => {
    const admin = await t.login('admin');
    const before = (await t.call({ method: 'GET', url: `${API}/options`, cookie: admin })).json();
    const cases: Array<[unknown, string]> = [
      [{ ns_currency_precision: 9 }, 'ns_currency_precision'],
      [{ ns_pos_numpad: 'fancy' }, 'ns_pos_numpad'],
      [{ ns_store_name: '' }, 'ns_store_name'],
      [{ ns_pos_creditcard_percentage_fee: -1 }, 'ns_pos_creditcard_percentage_fee'],
      [{ ns_pos_printing_sale_url: 'javascript:alert(1)' }, 'ns_pos_printing_sale_url'],
      [{ ns_store_name: 'Fine', drop_tables: true }, 'drop_tables'],
      [{}, '_'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.call({ method: 'POST', url: `${API}/options`, cookie: admin, payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    expect((await t.call({ method: 'GET', url: `${API}/options`, cookie: admin })).json()).toEqual(before);
  });
});
