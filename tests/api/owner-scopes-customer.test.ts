import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { allRows, crudAs, type Crud } from './resourcesHelpers';

/**
 * The demo customer as an attacker: their login is linked to the customer record of three demo
 * orders; every other order belongs to walk-in customers. Someone else's order, its lines,
 * payments, refunds, instalments and receipts answer 404 like a missing id; writes 403 (no orders.manage).
 */
describe.each(DIALECTS)('owner scopes: a customer on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let customer: Crud;
  let own: Array<{ id: number; code: string }>;
  let others: Array<{ id: number; code: string }>;
  const ORDERS = 'ns.orders';

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookie = await t.login('customer');
    customer = crudAs(t, cookie);
    const userId = (await t.database.db.selectFrom('users').select('id').where('username', '=', 'customer').executeTakeFirstOrThrow()).id;
    const rows = await t.database.db
      .selectFrom('orders')
      .leftJoin('customers', 'customers.id', 'orders.customer_id')
      .select(['orders.id', 'orders.code', 'customers.user_id'])
      .orderBy('orders.id')
      .execute();
    own = rows.filter((row) => row.user_id === userId).map(({ id, code }) => ({ id, code }));
    others = rows.filter((row) => row.user_id !== userId).map(({ id, code }) => ({ id, code }));
  });
  afterAll(() => t.close());

  const get = (url: string) => t.call({ method: 'GET', url, cookie });

  it('starts from the demo store: three orders of their own, five of others', () => {
    expect(own).toHaveLength(3);
    expect(others).toHaveLength(5);
  });

  it('lists, searches, filters and exports only their own orders', async () => {
    const codes = (rows: Array<Record<string, unknown>>) => rows.map((row) => row.code).sort();
    expect(codes(await allRows(customer, ORDERS))).toEqual(own.map((order) => order.code).sort());
    for (const other of others) expect(await allRows(customer, ORDERS, { search: other.code }), other.code).toEqual([]);
    // Walk-in orders with these statuses exist (unpaid, hold, void, refunded): none is the customer's.
    for (const status of ['unpaid', 'hold', 'order_void', 'refunded', 'partially_refunded']) {
      expect(await allRows(customer, ORDERS, { queryFilters: JSON.stringify({ payment_status: status }) }), status).toEqual([]);
    }
    const exported = await t.call({ method: 'POST', url: `${API}/crud/${ORDERS}/export`, cookie, payload: { entries: others.map((order) => order.id) } });
    expect(exported.statusCode).toBe(200);
    const csv = (await get(exported.json().url)).body.split('\r\n').filter((line) => line !== '');
    expect(csv).toEqual(['Code,Customer,Cashier,Total,Payment Status,Created At']);
    expect(
      (
        await customer.bulk(
          ORDERS,
          'delete_selected',
          others.map((order) => order.id),
        )
      ).statusCode,
    ).toBe(403);
    expect((await customer.form(ORDERS, others[0]!.id)).statusCode).toBe(403);
  });

  it("reads another customer's order, lines, payments, refunds, instalments and receipts as not found", async () => {
    const notFound = { status: 'failed', message: 'Unable to find the requested order.' };
    for (const { id, code } of others) {
      for (const path of ['', '/products', '/payments', '/refunds', '/instalments']) {
        const response = await get(`${API}/orders/${id}${path}`);
        expect(response.statusCode, `${code}${path}`).toBe(404);
      }
      expect((await get(`${API}/receipts/sale/${id}`)).statusCode, code).toBe(404);
    }
    expect((await get(`${API}/orders/${others[0]!.id}`)).json()).toEqual(notFound);
    const payments = await t.database.db.selectFrom('order_payments').select(['id', 'order_id']).execute();
    const refunds = await t.database.db.selectFrom('order_refunds').select(['id', 'order_id']).execute();
    const otherIds = new Set(others.map((order) => order.id));
    const foreignPayments = payments.filter((payment) => otherIds.has(payment.order_id));
    const foreignRefunds = refunds.filter((refund) => otherIds.has(refund.order_id));
    expect(foreignPayments.length).toBeGreaterThan(0);
    expect(foreignRefunds.length).toBeGreaterThan(0);
    for (const payment of foreignPayments) expect((await get(`${API}/receipts/payment/${payment.id}`)).statusCode).toBe(404);
    for (const refund of foreignRefunds) expect((await get(`${API}/receipts/refund/${refund.id}`)).statusCode).toBe(404);
    // Their own order reads in full.
    for (const path of ['', '/products', '/payments', '/refunds', '/instalments']) {
      expect((await get(`${API}/orders/${own[0]!.id}${path}`)).statusCode, path).toBe(200);
    }
    expect((await get(`${API}/receipts/sale/${own[0]!.id}`)).statusCode).toBe(200);
  });

  it("changes no order, their own or another's", async () => {
    const before = await t.database.db
      .selectFrom('orders')
      .select(['id', 'payment_status', 'total', 'process_status', 'delivery_status'])
      .orderBy('id')
      .execute();
    for (const { id } of [own[0]!, others[0]!]) {
      const writes = [
        { method: 'POST' as const, url: `${API}/orders/${id}/payments`, payload: { identifier: 'cash-payment', value: 1 } },
        { method: 'POST' as const, url: `${API}/orders/${id}/void`, payload: { reason: 'mine now' } },
        { method: 'DELETE' as const, url: `${API}/orders/${id}` },
        { method: 'POST' as const, url: `${API}/orders/${id}/processing`, payload: { process_status: 'done' } },
        { method: 'POST' as const, url: `${API}/orders/${id}/delivery`, payload: { delivery_status: 'delivered' } },
        { method: 'POST' as const, url: `${API}/orders/${id}/refund`, payload: {} },
      ];
      for (const request of writes) {
        const response = await t.call({ ...request, cookie });
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      }
    }
    expect(
      await t.database.db.selectFrom('orders').select(['id', 'payment_status', 'total', 'process_status', 'delivery_status']).orderBy('id').execute(),
    ).toEqual(before);
  });

  it('reaches no vendor, customer or user record, pick list or space history', async () => {
    for (const url of [
      `${API}/crud/ns.vendors`,
      `${API}/crud/ns.customers`,
      `${API}/crud/ns.users`,
      `${API}/smp/vendors`,
      `${API}/users`,
      `${API}/smp/vendors/101/statement`,
      `${API}/dashboard/sales-alerts/1`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(403);
    }
    expect((await get(`${API}/floorlayout/history/101`)).statusCode).toBe(404);
  });
});
