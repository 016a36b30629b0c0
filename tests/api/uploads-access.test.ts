import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { API, DIALECTS, XHR, createTestApp, type TestApp } from './harness';
import { PDF, makeImage, multipart } from './uploadFixtures';
import { DEMO_USERS } from '../../server/db/seed';
import { can, type Capability } from '../../schemas/permissions';
import type { Role } from '../../schemas/roles';

type Request = Omit<InjectOptions, 'cookie'>;

interface RouteCase {
  name: string;
  capability: Capability;
  /** Builds a request the role could make on its own data (uploads first when the route needs a record). */
  request: (cookie: string, role: Role) => Promise<Request>;
}

describe.each(DIALECTS)('upload, media, unit and receipt routes × roles on %s', (dialect) => {
  let t: TestApp;
  let png: Buffer;
  let productId: number;
  let orderId: number;
  let customerOrderId: number;
  let paymentId: number;
  let refundId: number;

  const uploadDocument = async (cookie: string) =>
    (
      await t.call({
        method: 'POST',
        url: `${API}/documents`,
        cookie,
        ...multipart([
          { name: 'type', value: 'vendor' },
          { name: 'file', filename: 'a.pdf', data: PDF },
        ]),
      })
    ).json().data.document;
  const uploadMedia = async (cookie: string) =>
    (await t.call({ method: 'POST', url: `${API}/medias`, cookie, ...multipart([{ name: 'file', filename: 'a.png', data: png }]) })).json().data.media;
  /** The customer may only read their own order's receipts; staff read the shared demo order's. */
  const orderFor = (role: Role) => (role === 'customer' ? customerOrderId : orderId);

  const ROUTES: RouteCase[] = [
    {
      name: 'POST /documents',
      capability: 'documents.use',
      request: async () => ({
        method: 'POST',
        url: `${API}/documents`,
        ...multipart([
          { name: 'type', value: 'vendor' },
          { name: 'file', filename: 'a.pdf', data: PDF },
        ]),
      }),
    },
    {
      name: 'POST /documents/temp',
      capability: 'documents.use',
      request: async () => ({ method: 'POST', url: `${API}/documents/temp`, payload: { type: 'vendor', ids: [], custom_id: 0 } }),
    },
    {
      name: 'DELETE /documents/{id}',
      capability: 'documents.use',
      request: async (cookie) => ({ method: 'DELETE', url: `${API}/documents/${(await uploadDocument(cookie))?.id ?? 1}` }),
    },
    {
      name: 'GET /documents/file/{name}',
      capability: 'documents.use',
      request: async (cookie) => ({ method: 'GET', url: (await uploadDocument(cookie))?.url ?? `${API}/documents/file/${'a'.repeat(32)}.pdf` }),
    },
    {
      name: 'POST /medias',
      capability: 'medias.use',
      request: async () => ({ method: 'POST', url: `${API}/medias`, ...multipart([{ name: 'file', filename: 'a.png', data: png }]) }),
    },
    { name: 'GET /medias', capability: 'medias.use', request: async () => ({ method: 'GET', url: `${API}/medias?page=1` }) },
    {
      name: 'POST /medias/bulk-delete',
      capability: 'medias.use',
      request: async (cookie) => ({ method: 'POST', url: `${API}/medias/bulk-delete`, payload: { ids: [(await uploadMedia(cookie))?.id ?? 1] } }),
    },
    {
      name: 'GET /medias/file/{name}',
      capability: 'medias.use',
      request: async (cookie) => ({ method: 'GET', url: (await uploadMedia(cookie))?.sizes.thumb ?? `${API}/medias/file/${'a'.repeat(32)}.png` }),
    },
    {
      name: 'POST /users/annoucment/uploadimage',
      capability: 'medias.use',
      request: async () => ({ method: 'POST', url: `${API}/users/annoucment/uploadimage`, ...multipart([{ name: 'image', filename: 'a.png', data: png }]) }),
    },
    {
      name: 'GET /products/{id}/units/quantities',
      capability: 'catalog.read',
      request: async () => ({ method: 'GET', url: `${API}/products/${productId}/units/quantities` }),
    },
    {
      name: 'GET /receipts/sale/{id}',
      capability: 'orders.read',
      request: async (_cookie, role) => ({ method: 'GET', url: `${API}/receipts/sale/${orderFor(role)}` }),
    },
    { name: 'GET /receipts/payment/{id}', capability: 'orders.read', request: async () => ({ method: 'GET', url: `${API}/receipts/payment/${paymentId}` }) },
    { name: 'GET /receipts/refund/{id}', capability: 'orders.read', request: async () => ({ method: 'GET', url: `${API}/receipts/refund/${refundId}` }) },
  ];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    png = await makeImage('png', 40, 40);
    const db = t.database.db;
    productId = (await db.selectFrom('products').select('id').where('name', '=', 'Brass Candle Holder').executeTakeFirstOrThrow()).id;
    const own = await db
      .selectFrom('orders')
      .innerJoin('customers', 'customers.id', 'orders.customer_id')
      .innerJoin('users', 'users.id', 'customers.user_id')
      .select(['orders.id'])
      .where('users.username', '=', 'customer')
      .where('orders.payment_status', '=', 'paid')
      .orderBy('orders.id')
      .executeTakeFirstOrThrow();
    customerOrderId = own.id;
    orderId = (await db.selectFrom('orders').select('id').where('payment_status', '=', 'unpaid').executeTakeFirstOrThrow()).id;
    // A payment of the customer's own order, so every role that may read receipts gets a 200.
    paymentId = (await db.selectFrom('order_payments').select('id').where('order_id', '=', customerOrderId).executeTakeFirstOrThrow()).id;
    refundId = (await db.selectFrom('order_refunds').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  it.each(ROUTES.map((route) => [route.name, route] as const))('%s answers by the permission matrix for every role', async (_name, route) => {
    for (const demo of DEMO_USERS) {
      const cookie = await t.login(demo.username);
      const request = await route.request(cookie, demo.role);
      const response = await t.call({ ...request, cookie } as InjectOptions & { cookie: string });
      const allowed = can(demo.role, route.capability);
      // A customer's refund receipt is a 404 unless the refunded order is theirs: the demo refunds are walk-in customers'.
      const expected = !allowed ? 403 : demo.role === 'customer' && route.name === 'GET /receipts/refund/{id}' ? 404 : 200;
      expect(response.statusCode, `${route.name} as ${demo.role}: ${response.body.slice(0, 200)}`).toBe(expected);
      if (expected === 403) expect(response.json()).toEqual({ status: 'failed', message: 'You are not allowed to do this.' });
    }
  });

  it.each(ROUTES.map((route) => [route.name, route] as const))('%s refuses a caller without a session', async (_name, route) => {
    const admin = await t.login('admin');
    const request = await route.request(admin, 'administrator');
    const response = await t.call(request as InjectOptions);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 'failed', message: 'You must be signed in to do this.' });
  });

  it('refuses writes without the x-requested-with header', async () => {
    const admin = await t.login('admin');
    for (const route of ROUTES.filter((r) => !r.name.startsWith('GET'))) {
      const request = await route.request(admin, 'administrator');
      const headers = { ...(request.headers as Record<string, string> | undefined), cookie: admin };
      const response = await t.app.inject({ ...request, headers } as InjectOptions);
      expect(response.statusCode, route.name).toBe(403);
      expect(headers).not.toHaveProperty(Object.keys(XHR)[0]!);
    }
  });

  it("answers a product's units with decimal sale prices, and 404 for an unknown product", async () => {
    const cashier = await t.login('cashier');
    const response = await t.call({ method: 'GET', url: `${API}/products/${productId}/units/quantities`, cookie: cashier });
    expect(response.json()).toEqual([
      { id: expect.any(Number), unit: { name: 'Piece' }, sale_price: 18.5, quantity: expect.any(Number) },
      { id: expect.any(Number), unit: { name: 'Pair' }, sale_price: 34, quantity: expect.any(Number) },
    ]);
    expect((await t.call({ method: 'GET', url: `${API}/products/999999/units/quantities`, cookie: cashier })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${API}/products/0/units/quantities`, cookie: cashier })).statusCode).toBe(422);
  });
});
