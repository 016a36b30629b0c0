import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { ROLE_LOGINS, loginAll, type Login } from './vendorsHelpers';
import { cart, orderTablesSnapshot, placeOrder, registerBalance, registerIdOf, setOptions, setStock, stockOf, unitOf, url } from './ordersTillHelpers';
import { DEFAULT_OPTIONS } from '../../schemas/options';
import { fromDecimal } from '../../schemas/money';

const STAFF: Login[] = ['admin', 'storeadmin', 'manager', 'cashier'];

describe.each(DIALECTS)('void, delete, processing and delivery on %s', (dialect) => {
  let t: TestApp;
  let as: Record<Login, string>;
  let runner: Awaited<ReturnType<typeof unitOf>>;
  let mug: Awaited<ReturnType<typeof unitOf>>;
  let front: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    as = await loginAll(t);
    runner = await unitOf(t, 'Quilted Table Runner');
    mug = await unitOf(t, 'Hand-Thrown Mug');
    front = await registerIdOf(t);
    await setOptions(t, DEFAULT_OPTIONS);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await setStock(t, runner.product_id, runner.unit_id, 100);
    await setStock(t, mug.product_id, mug.unit_id, 100);
  });
  const lines = () => [
    { product_id: runner.product_id, unit_id: runner.unit_id, quantity: 2 },
    { product_id: mug.product_id, unit_id: mug.unit_id, quantity: 3 },
  ];
  // 2 × 45.00 + 3 × 22.00 = 156.00
  const paidOrder = () => placeOrder(t, as.cashier, cart(lines(), [{ identifier: 'cash-payment', value: 200 }], { register_id: front }));
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object, cookie: string | null = as.manager) =>
    t.call({ method, url: url(path), ...(cookie ? { cookie } : {}), ...(payload ? { payload } : {}) });
  const statusOf = async (id: number) =>
    (await t.database.db.selectFrom('orders').select('payment_status').where('id', '=', id).executeTakeFirst())?.payment_status;
  const demoOrder = async (status: 'hold' | 'order_void' | 'refunded' | 'partially_refunded') =>
    (await t.database.db.selectFrom('orders').select('id').where('payment_status', '=', status).orderBy('id').executeTakeFirstOrThrow()).id;
  const movementsOf = (orderId: number) =>
    t.database.db.selectFrom('stock_movements').select(['product_id', 'quantity', 'reason']).where('order_id', '=', orderId).orderBy('id').execute();

  describe('void', () => {
    it('is for staff: vendors and customers get 403, anonymous callers 401', async () => {
      const order = await paidOrder();
      for (const login of ['vendor', 'customer'] as const)
        expect((await call('POST', `/orders/${order.id}/void`, { reason: 'x' }, as[login])).statusCode).toBe(403);
      expect((await call('POST', `/orders/${order.id}/void`, { reason: 'x' }, null)).statusCode).toBe(401);
      for (const login of STAFF) {
        const own = await paidOrder();
        expect((await call('POST', `/orders/${own.id}/void`, { reason: 'Test' }, as[login])).statusCode, login).toBe(200);
      }
    });

    it('returns the stock once, records the reason and makes the order final', async () => {
      const order = await paidOrder();
      const runnerStock = await stockOf(t, runner.product_id, runner.unit_id);
      const response = await call('POST', `/orders/${order.id}/void`, { reason: '  Customer changed their mind.  ' });
      expect(response.json()).toEqual({ status: 'success', message: 'The order has been voided.' });
      expect(await stockOf(t, runner.product_id, runner.unit_id)).toBe(runnerStock + 2);
      expect(await stockOf(t, mug.product_id, mug.unit_id)).toBe(100);
      const row = await t.database.db
        .selectFrom('orders')
        .select(['payment_status', 'void_reason', 'voided_at'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ payment_status: 'order_void', void_reason: 'Customer changed their mind.' });
      expect(row.voided_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect((await movementsOf(order.id)).filter((movement) => movement.reason === 'void')).toEqual(
        [
          { product_id: runner.product_id, quantity: 2, reason: 'void' },
          { product_id: mug.product_id, quantity: 3, reason: 'void' },
        ].sort((a, b) => a.product_id - b.product_id),
      );

      const again = await call('POST', `/orders/${order.id}/void`, { reason: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        status: 'failed',
        message: 'Only paid, partially paid and unpaid orders, and partly refunded orders still owing, can be voided.',
      });
      expect(await stockOf(t, runner.product_id, runner.unit_id)).toBe(runnerStock + 2);
      // Final: no payment, and the GET answer keeps the reason.
      expect(
        (await t.call({ method: 'POST', url: url(`/orders/${order.id}/payments`), cookie: as.manager, payload: { identifier: 'cash-payment', value: 1 } }))
          .statusCode,
      ).toBe(409);
      expect((await t.call({ method: 'GET', url: url(`/orders/${order.id}`), cookie: as.manager })).json()).toMatchObject({
        payment_status: 'order_void',
        void_reason: 'Customer changed their mind.',
      });
    });

    it('voids partially paid and unpaid orders too', async () => {
      const partial = await placeOrder(t, as.cashier, cart(lines(), [{ identifier: 'bank-payment', value: 10 }], { save_unpaid: true }));
      const unpaid = await placeOrder(t, as.cashier, cart(lines(), [], { save_unpaid: true }));
      for (const order of [partial, unpaid]) {
        expect((await call('POST', `/orders/${order.id}/void`, { reason: 'Test' })).statusCode).toBe(200);
        expect(await statusOf(order.id)).toBe('order_void');
      }
    });

    it('refuses held, voided and refunded orders, empty reasons and unknown orders, changing nothing', async () => {
      const before = await orderTablesSnapshot(t);
      for (const status of ['hold', 'order_void', 'refunded', 'partially_refunded'] as const) {
        const response = await call('POST', `/orders/${await demoOrder(status)}/void`, { reason: 'No' });
        expect(response.statusCode, status).toBe(409);
        expect(response.json().message).toBe('Only paid, partially paid and unpaid orders, and partly refunded orders still owing, can be voided.');
      }
      const order = (await t.database.db.selectFrom('orders').select('id').where('payment_status', '=', 'paid').executeTakeFirstOrThrow()).id;
      for (const payload of [{ reason: '' }, {}, { reason: 'x', extra: 1 }]) {
        expect((await call('POST', `/orders/${order}/void`, payload)).statusCode).toBe(422);
      }
      expect((await call('POST', '/orders/999999/void', { reason: 'x' })).statusCode).toBe(404);
      expect(await orderTablesSnapshot(t)).toEqual(before);
    });

    it('returns the stock once when voids race', async () => {
      const order = await paidOrder();
      const runnerStock = await stockOf(t, runner.product_id, runner.unit_id);
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) => call('POST', `/orders/${order.id}/void`, { reason: `Race ${i}` }, as[STAFF[i % STAFF.length]!])),
      );
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
      expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(7);
      expect(await stockOf(t, runner.product_id, runner.unit_id)).toBe(runnerStock + 2);
    });
  });

  describe('delete', () => {
    it('is for staff: vendors and customers get 403, anonymous callers 401', async () => {
      const order = await paidOrder();
      for (const login of ['vendor', 'customer'] as const) expect((await call('DELETE', `/orders/${order.id}`, undefined, as[login])).statusCode).toBe(403);
      expect((await call('DELETE', `/orders/${order.id}`, undefined, null)).statusCode).toBe(401);
      for (const login of STAFF) {
        const own = await paidOrder();
        expect((await call('DELETE', `/orders/${own.id}`, undefined, as[login])).statusCode, login).toBe(200);
      }
    });

    it('restocks a sold order, takes its cash out of the register and removes it with its lines and payments', async () => {
      const cash = await registerBalance(t, front);
      const order = await paidOrder();
      expect((await registerBalance(t, front)) - cash).toBe(fromDecimal(156));
      const response = await call('DELETE', `/orders/${order.id}`);
      expect(response.json()).toEqual({ status: 'success', message: 'The order has been deleted.' });
      expect(await stockOf(t, runner.product_id, runner.unit_id)).toBe(100);
      expect(await stockOf(t, mug.product_id, mug.unit_id)).toBe(100);
      expect(await registerBalance(t, front)).toBe(cash);
      expect(await statusOf(order.id)).toBeUndefined();
      expect(await t.database.db.selectFrom('order_products').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
      expect(await t.database.db.selectFrom('order_payments').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
      const deleteMoves = await t.database.db
        .selectFrom('stock_movements')
        .select(['quantity'])
        .where('reason', '=', 'delete')
        .where('order_id', 'is', null)
        .execute();
      expect(deleteMoves.length).toBeGreaterThanOrEqual(2);
      expect((await t.call({ method: 'GET', url: url(`/orders/${order.id}`), cookie: as.manager })).statusCode).toBe(404);
    });

    it('deletes a held order without touching stock (it never took any)', async () => {
      const held = await placeOrder(t, as.cashier, cart(lines(), [], { hold: true }));
      const response = await call('DELETE', `/orders/${held.id}`);
      expect(response.statusCode).toBe(200);
      expect(await stockOf(t, runner.product_id, runner.unit_id)).toBe(100);
      expect(await stockOf(t, mug.product_id, mug.unit_id)).toBe(100);
    });

    it('refuses voided (never restocked twice) and refunded orders, and unknown ones, changing nothing', async () => {
      const voided = await paidOrder();
      await call('POST', `/orders/${voided.id}/void`, { reason: 'Test' });
      const before = await orderTablesSnapshot(t);
      for (const id of [voided.id, await demoOrder('order_void'), await demoOrder('refunded'), await demoOrder('partially_refunded')]) {
        const response = await call('DELETE', `/orders/${id}`);
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe('Only paid, partially paid, unpaid and held orders can be deleted.');
      }
      expect((await call('DELETE', '/orders/999999')).statusCode).toBe(404);
      expect(await orderTablesSnapshot(t)).toEqual(before);
    });
  });

  describe('processing and delivery status', () => {
    it('answers the lists the editors offer, the values the status calls accept', async () => {
      const response = await call('GET', '/orders/statuses', undefined, as.cashier);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        process: [
          { value: 'pending', label: 'Pending' },
          { value: 'ongoing', label: 'Ongoing' },
          { value: 'ready', label: 'Ready' },
          { value: 'done', label: 'Done' },
          { value: 'failed', label: 'Failed' },
        ],
        delivery: [
          { value: 'pending', label: 'Pending' },
          { value: 'ongoing', label: 'Ongoing' },
          { value: 'delivered', label: 'Delivered' },
          { value: 'failed', label: 'Failed' },
        ],
      });
      expect((await call('GET', '/orders/statuses', undefined, null)).statusCode).toBe(401);
    });

    it('staff set the statuses from the server lists; others are refused', async () => {
      const order = await paidOrder();
      for (const login of STAFF) {
        expect((await call('POST', `/orders/${order.id}/processing`, { process_status: 'ongoing' }, as[login])).json()).toEqual({
          status: 'success',
          message: 'The processing status has been updated.',
        });
        expect((await call('POST', `/orders/${order.id}/delivery`, { delivery_status: 'delivered' }, as[login])).json()).toEqual({
          status: 'success',
          message: 'The delivery status has been updated.',
        });
      }
      const row = await t.database.db.selectFrom('orders').select(['process_status', 'delivery_status']).where('id', '=', order.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ process_status: 'ongoing', delivery_status: 'delivered' });
      for (const login of ['vendor', 'customer'] as const) {
        expect((await call('POST', `/orders/${order.id}/processing`, { process_status: 'done' }, as[login])).statusCode).toBe(403);
        expect((await call('POST', `/orders/${order.id}/delivery`, { delivery_status: 'failed' }, as[login])).statusCode).toBe(403);
      }
      expect((await call('POST', `/orders/${order.id}/processing`, { process_status: 'done' }, null)).statusCode).toBe(401);
      expect((await call('POST', `/orders/${order.id}/processing`, { process_status: 'shipped' })).statusCode).toBe(422);
      expect((await call('POST', `/orders/${order.id}/delivery`, { delivery_status: 'ready' })).statusCode).toBe(422);
      expect((await call('POST', `/orders/${order.id}/delivery`, {})).statusCode).toBe(422);
      expect((await call('POST', '/orders/999999/processing', { process_status: 'done' })).statusCode).toBe(404);
      expect(
        await t.database.db.selectFrom('orders').select(['process_status', 'delivery_status']).where('id', '=', order.id).executeTakeFirstOrThrow(),
      ).toEqual(row);
    });
  });

  it("every role's answer on void is what the matrix says", async () => {
    for (const login of ROLE_LOGINS) {
      const order = await paidOrder();
      const response = await call('POST', `/orders/${order.id}/void`, { reason: 'Matrix' }, as[login]);
      expect(response.statusCode, login).toBe(STAFF.includes(login) ? 200 : 403);
    }
  });
});
