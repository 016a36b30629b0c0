import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, XHR } from './harness';
import { sendRaw } from './routeWalk';
import { changedTables, snapshot, tableNames } from './dbSnapshot';
import { NEEDS_HEADER, NOT_A_PATH, NOT_FOUND, NO_HTML, RESPELLED, RESPELLINGS, SIGNED_OUT, json, start, type Running } from './accessSpellingHelpers';

/**
 * The attacks that reached the API with no session: the same five requests (void a paid order, delete its
 * cash payment, rewrite a vendor's commission, delete a space of the floor plan, list every login name) sent over a
 * real socket under every respelling of the path an attacker tried, to two apps: the one the server runs,
 * which refuses each respelling with 400 before anything else, and one built without that refusal, where
 * the respelled path reaches the route and the access layer (which decides by the matched route) still
 * answers 401. Either way nothing in the database changes.
 * (Which targets count as plain, without an app: access-spellings-targets.test.ts.)
 */

describe.each(DIALECTS)('respelled API paths on %s', (dialect) => {
  const apps: Record<'served' | 'bare', Running> = {} as never;
  let attacks: Array<{ name: string; method: string; rest: string; payload?: unknown }>;

  beforeAll(async () => {
    apps.served = await start(dialect, true);
    apps.bare = await start(dialect, false);
    // The same demo store in both: a paid order with a cash payment, a vendor, a floor space.
    const db = apps.served.t.database.db;
    const paid = await db
      .selectFrom('orders as o')
      .innerJoin('order_payments as p', 'p.order_id', 'o.id')
      .select(['o.id as orderId', 'p.id as paymentId'])
      .where('o.payment_status', '=', 'paid')
      .where('p.identifier', '=', 'cash-payment')
      .orderBy('o.id')
      .executeTakeFirstOrThrow();
    const space = await db.selectFrom('floor_spaces').select('id').orderBy('id').executeTakeFirstOrThrow();
    attacks = [
      { name: 'void a paid order', method: 'POST', rest: `/orders/${paid.orderId}/void`, payload: { reason: 'Gone' } },
      { name: 'delete its cash payment', method: 'DELETE', rest: `/orders/${paid.orderId}/payment/${paid.paymentId}` },
      {
        name: 'rewrite a vendor commission',
        method: 'POST',
        rest: '/smp/vendors/commission',
        payload: { value: 90, name: 'commission', vendor_id: 101, start: '2020-01-01' },
      },
      { name: 'delete a space of the floor plan', method: 'DELETE', rest: `/floorlayout/delete/${space.id}` },
      { name: 'list every login name', method: 'GET', rest: '/users' },
    ];
  }, 120_000);
  afterAll(async () => {
    for (const running of Object.values(apps)) {
      await running.t.close();
      fs.rmSync(running.clientDir, { recursive: true, force: true });
    }
  });

  it('the served app refuses every respelling with 400 and the bare app still asks for a session; nothing changes', async () => {
    for (const which of ['served', 'bare'] as const) {
      const { t, port } = apps[which];
      const tables = await tableNames(t.database);
      const before = await snapshot(t.database, tables);
      let requests = 0;
      for (const attack of attacks) {
        for (const respelling of RESPELLINGS) {
          for (const headers of [XHR, {}]) {
            const answer = await sendRaw(port, { method: attack.method, target: respelling.target(attack.rest, port), headers, payload: attack.payload });
            requests += 1;
            const where = `${which}: ${attack.name} via ${respelling.name}${headers === XHR ? '' : ' without x-requested-with'}`;
            const expected =
              which === 'served'
                ? respelling.served
                : respelling.bare === 404
                  ? { status: 404, message: NOT_FOUND }
                  : attack.method !== 'GET' && headers !== XHR
                    ? { status: 403, message: NEEDS_HEADER }
                    : { status: 401, message: SIGNED_OUT };
            // toMatchObject: the floor routes add `success: false` to the envelope for the spec's client.
            expect({ status: answer.statusCode, body: json(answer) }, where).toMatchObject({
              status: expected.status,
              body: { status: 'failed', message: expected.message },
            });
          }
        }
      }
      expect(requests).toBe(5 * RESPELLINGS.length * 2);
      expect(changedTables(before, await snapshot(t.database, tables)), which).toEqual([]);
    }
  });

  it('the five requests are real: signed in as an administrator, spelled plainly, they do what they say', async () => {
    const { t, port } = apps.bare;
    const admin = await t.login('admin');
    for (const attack of [...attacks].reverse()) {
      const answer = await sendRaw(port, {
        method: attack.method,
        target: `${API}${attack.rest}`,
        headers: { ...XHR, cookie: admin },
        payload: attack.payload,
      });
      expect(answer.statusCode, `${attack.name}: ${answer.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('without the refusal, a respelled path still meets the x-requested-with guard and the plain-text guard', async () => {
    const { t, port } = apps.bare;
    const admin = await t.login('admin');
    const target = '/%61pi/nexopos/v4/options';
    const noHeader = await sendRaw(port, { method: 'POST', target, headers: { cookie: admin }, payload: { ns_store_name: 'Hijacked' } });
    expect(noHeader.statusCode).toBe(403);
    expect(json(noHeader)).toEqual({ status: 'failed', message: NEEDS_HEADER });
    const markup = await sendRaw(port, {
      method: 'POST',
      target,
      headers: { ...XHR, cookie: admin },
      payload: { ns_store_name: '<img src=x onerror=alert(1)>' },
    });
    expect(markup.statusCode).toBe(422);
    expect(JSON.parse(markup.body)).toEqual({
      status: 'failed',
      message: 'The form is not valid.',
      errors: { ns_store_name: [NO_HTML] },
      field_errors: [{ identifier: 'invalid', invalid: true, message: NO_HTML, name: 'ns_store_name' }],
    });
    const options = await t.call({ method: 'GET', url: `${API}/options`, cookie: admin });
    expect(options.json().ns_store_name).toBe('Demo Vendor Mall');
  });

  it('a handler that needs a capability never runs without a user, set by the access layer, who holds it', async () => {
    for (const { t } of Object.values(apps)) {
      const admin = await t.login('admin');
      const answer = await t.call({ method: 'GET', url: `${API}/test/dropped-user`, cookie: admin });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ status: 'failed', message: SIGNED_OUT });
      const demoted = await t.call({ method: 'POST', url: `${API}/test/demoted-user`, cookie: admin, payload: {} });
      expect(demoted.statusCode).toBe(403);
      expect(demoted.json()).toEqual({ status: 'failed', message: 'You are not allowed to do this.' });
    }
  });

  it('an unknown API path answers the envelope under any spelling, never the client page', async () => {
    const cases: Array<{ target: string; served: [number, string]; bare: [number, string] }> = [
      { target: '/api/nexopos/v4/nothing', served: [404, NOT_FOUND], bare: [404, NOT_FOUND] },
      { target: '/api', served: [404, NOT_FOUND], bare: [404, NOT_FOUND] },
      { target: '/API/nexopos/v4/nothing', served: [404, NOT_FOUND], bare: [404, NOT_FOUND] },
      { target: '/%61pi/nexopos/v4/nothing', served: [400, RESPELLED], bare: [404, NOT_FOUND] },
      { target: '/%61pi', served: [400, RESPELLED], bare: [404, NOT_FOUND] },
      { target: '//api/nexopos/v4/nothing', served: [400, RESPELLED], bare: [404, NOT_FOUND] },
      { target: '/x/../api/nothing', served: [400, RESPELLED], bare: [404, NOT_FOUND] },
      { target: '/%2e%2e/api/nothing', served: [400, RESPELLED], bare: [404, NOT_FOUND] },
      { target: '/\\api/nothing', served: [400, RESPELLED], bare: [404, NOT_FOUND] },
      { target: 'http://localhost/api/nothing', served: [400, NOT_A_PATH], bare: [404, NOT_FOUND] },
    ];
    for (const which of ['served', 'bare'] as const) {
      for (const { target, ...expected } of cases) {
        const answer = await sendRaw(apps[which].port, { method: 'GET', target });
        const [status, message] = expected[which];
        expect({ status: answer.statusCode, body: json(answer) }, `${which} ${target}`).toEqual({ status, body: { status: 'failed', message } });
      }
    }
    // A client route that only starts with the same letters is still the app.
    const page = await sendRaw(apps.served.port, { method: 'GET', target: '/apiary' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="root"');
  });
});
