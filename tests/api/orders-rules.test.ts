import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { loginAll, type Login } from './vendorsHelpers';
import { makeOrder, snapshot } from './ordersFixtures';
import { registerIdOf, setOptions, setStock, unitOf, url } from './ordersTillHelpers';
import { DEFAULT_OPTIONS } from '../../schemas/options';
import { shareFee } from '../../server/db/migrations/014_payment_fee';

/**
 * Every order answer carries the figures of schemas/orders/rules — left_to_pay, refundable (order and per
 * line) and the caller's allowed_actions — and the server refuses every action it says is not allowed.
 * The expected figures are worked by hand from the orders described above each case.
 */

const NONE = { void: false, delete: false, pay: false, delete_payment: false, refund: false, edit_lines: false, instalments: false };

describe('the payment fee backfill', () => {
  it('shares the order fee among its card payments by value, the last one taking the remainder', () => {
    // 46.87 and 103.80 with 5.67 on the order: 5.67 × 46.87 / 150.67 = 1.76381 → 1.7638, the last takes 3.9062.
    expect(
      shareFee([
        { id: 1, value: 468700, cardfee: 56700 },
        { id: 2, value: 1038000, cardfee: 56700 },
      ]),
    ).toEqual([
      { id: 1, fee: 17638 },
      { id: 2, fee: 39062 },
    ]);
    expect(shareFee([{ id: 7, value: 468700, cardfee: 18700 }])).toEqual([{ id: 7, fee: 18700 }]);
    // A fee above what the payments hold is capped at their values.
    expect(shareFee([{ id: 3, value: 1000, cardfee: 5000 }])).toEqual([{ id: 3, fee: 1000 }]);
  });
});

describe.each(DIALECTS)('order rules in the answers on %s', (dialect) => {
  let t: TestApp;
  let as: Record<Login, string>;
  let front: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    as = await loginAll(t);
    front = await registerIdOf(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await setOptions(t, { ...DEFAULT_OPTIONS, unit_price_editable: 'yes' });
    const runner = await unitOf(t, 'Quilted Table Runner');
    await setStock(t, runner.product_id, runner.unit_id, 1000);
  });

  const get = async (id: number, login: Login = 'cashier') => {
    const response = await t.call({ method: 'GET', url: url(`/orders/${id}`), cookie: as[login] });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const call = (method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, login: Login = 'cashier') =>
    t.call({ method, url: url(path), cookie: as[login], ...(payload ? { payload } : {}) });

  it('a part-paid order: 2 × 45.00, 50.00 paid', async () => {
    const id = await makeOrder(t, { lines: [{ product: 'Quilted Table Runner', quantity: 2 }], payments: [['bank-payment', '50']], customer: 'customer' });
    const order = await get(id);
    expect(order).toMatchObject({ total: 90, tendered: 50, change: 0, payment_status: 'partially_paid', left_to_pay: 40, refundable: 50 });
    expect(order.allowed_actions).toEqual({ void: true, delete: true, pay: true, delete_payment: true, refund: true, edit_lines: true, instalments: false });
    expect(order.products[0]).toMatchObject({ quantity: 2, refundable_quantity: 2, refundable_amount: 90 });
    // The customer reads the same figures and may do nothing.
    const seen = await get(id, 'customer');
    expect(seen).toMatchObject({ left_to_pay: 40, refundable: 50 });
    expect(seen.allowed_actions).toEqual(NONE);
  });

  it('change given stays given: 30.00 paid for 22.00, 8.00 back, the line raised to 25.00 leaves 3.00 to pay', async () => {
    const id = await makeOrder(t, { lines: [{ product: 'Quilted Table Runner', quantity: 1, price: '22' }], payments: [['cash-payment', '30']] });
    expect(await get(id)).toMatchObject({ total: 22, tendered: 30, change: 8, payment_status: 'paid', left_to_pay: 0, refundable: 22 });
    const lineId = (await get(id)).products[0].id;
    const raised = await call('PUT', `/orders/${id}/product`, { products: [{ id: lineId, unit_price: 25 }] });
    expect(raised.statusCode).toBe(200);
    expect(raised.json().data.order).toMatchObject({ total: 25, tendered: 30, change: 8, payment_status: 'partially_paid', left_to_pay: 3 });
    expect(raised.json().data.order.allowed_actions.pay).toBe(true);
    const paid = await call('POST', `/orders/${id}/payments`, { identifier: 'cash-payment', value: 3 });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.order).toMatchObject({ total: 25, tendered: 33, change: 8, payment_status: 'paid', left_to_pay: 0, refundable: 25 });
  });

  it('the till charges the 3.00 with the line update in one call', async () => {
    const id = await makeOrder(t, { lines: [{ product: 'Quilted Table Runner', quantity: 1, price: '22' }], payments: [['cash-payment', '30']] });
    const lineId = (await get(id)).products[0].id;
    const updated = await call('PUT', `/orders/${id}/product`, {
      products: [{ id: lineId, unit_price: 25 }],
      payments: [{ identifier: 'cash-payment', value: 3 }],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.order).toMatchObject({ total: 25, tendered: 33, change: 8, payment_status: 'paid', left_to_pay: 0 });
  });

  it('a partly refunded order: 3 × 10.00 paid, one unit refunded', async () => {
    const id = await makeOrder(t, { lines: [{ product: 'Quilted Table Runner', quantity: 3, price: '10' }], payments: [['bank-payment', '30']] });
    const lineId = (await get(id)).products[0].id;
    const refund = await call('POST', `/orders/${id}/refund`, {
      products: [{ id: lineId, quantity: 1, condition: 'unspoiled' }],
      total: 10,
      payment: { identifier: 'cash-payment' },
      register: front,
    });
    expect(refund.statusCode).toBe(200);
    const order = refund.json().data.order;
    expect(order).toMatchObject({ total: 30, total_refunded: 10, payment_status: 'partially_refunded', left_to_pay: 0, refundable: 20 });
    expect(order.products[0]).toMatchObject({ quantity: 3, refunded_quantity: 1, available_quantity: 2, refundable_quantity: 2, refundable_amount: 20 });
    expect(order.allowed_actions).toEqual({ ...NONE, refund: true });
  });

  it('an unpaid layaway order: nothing to refund yet', async () => {
    const id = await makeOrder(t, { lines: [{ product: 'Quilted Table Runner', quantity: 1 }], instalments: true });
    const order = await get(id);
    expect(order).toMatchObject({ total: 45, left_to_pay: 45, refundable: 0, payment_status: 'unpaid' });
    expect(order.products[0]).toMatchObject({ refundable_quantity: 0, refundable_amount: 0 });
    expect(order.allowed_actions).toEqual({ void: true, delete: true, pay: true, delete_payment: true, refund: false, edit_lines: true, instalments: true });
  });

  it('refuses every action the answer says is not allowed (409) and changes nothing; customers get 403', async () => {
    const byStatus = async (status: string) =>
      (
        await t.database.db
          .selectFrom('orders')
          .select('id')
          .where('payment_status', '=', status as never)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    const ids = [
      ...(await Promise.all(['hold', 'order_void', 'refunded', 'partially_refunded'].map(byStatus))),
      await makeOrder(t, { lines: [{ product: 'Quilted Table Runner', quantity: 1 }], payments: [['bank-payment', '45']] }),
    ];
    let refusals = 0;
    for (const id of ids) {
      const order = await get(id);
      const lineId = order.products[0]?.id ?? 1;
      const paymentId = order.payments[0]?.id;
      const requests: Record<string, () => ReturnType<typeof call>> = {
        void: () => call('POST', `/orders/${id}/void`, { reason: 'test' }),
        delete: () => call('DELETE', `/orders/${id}`),
        pay: () => call('POST', `/orders/${id}/payments`, { identifier: 'bank-payment', value: 1 }),
        refund: () =>
          call('POST', `/orders/${id}/refund`, {
            products: [{ id: lineId, quantity: 1, condition: 'damaged' }],
            total: 1,
            payment: { identifier: 'cash-payment' },
            register: front,
          }),
        edit_lines: () => call('PUT', `/orders/${id}/product`, { products: [{ id: lineId, name: 'Renamed' }] }),
        instalments: () => call('POST', `/orders/${id}/instalments`, { instalment: { date: '2030-01-01', amount: 1 } }),
        ...(paymentId ? { delete_payment: () => call('DELETE', `/orders/${id}/payment/${paymentId}`) } : {}),
      };
      for (const [action, send] of Object.entries(requests)) {
        if (order.allowed_actions[action]) continue;
        const before = await snapshot(t);
        const response = await send();
        expect(response.statusCode, `${order.payment_status} ${action}`).toBe(409);
        expect(response.json().status).toBe('failed');
        expect(await snapshot(t)).toBe(before);
        refusals += 1;
      }
    }
    // hold 6 (delete allowed; no payment), void 7, refunded 7, partially refunded 6, paid 2 (pay, instalments).
    expect(refusals).toBeGreaterThanOrEqual(26);

    const customerOrder = await makeOrder(t, { lines: [{ product: 'Quilted Table Runner', quantity: 1 }], customer: 'customer' });
    expect((await get(customerOrder, 'customer')).allowed_actions).toEqual(NONE);
    expect((await call('POST', `/orders/${customerOrder}/void`, { reason: 'mine' }, 'customer')).statusCode).toBe(403);
    expect((await call('POST', `/orders/${customerOrder}/payments`, { identifier: 'bank-payment', value: 1 }, 'customer')).statusCode).toBe(403);
  });

  it('each card payment keeps its own fee: deleting one takes exactly its fee off, even after the fee options changed', async () => {
    // Manual card fee at the default options: 3.5 % truncated to cents + 0.30.
    const id = await makeOrder(t, { lines: [{ product: 'Quilted Table Runner', quantity: 4 }] });
    const first = await call('POST', `/orders/${id}/payments`, { identifier: 'card', value: 45 });
    // 45.00 → 1.57 + 0.30 = 1.87.
    expect(first.json().data).toMatchObject({ payment: { value: 46.87 }, order: { cardfee: 1.87 } });
    await setOptions(t, { ...DEFAULT_OPTIONS, ns_pos_creditcard_manual_percentage_fee: 10, ns_pos_creditcard_manual_flat_fee: 1 });
    const second = await call('POST', `/orders/${id}/payments`, { identifier: 'card', value: 100 });
    // 100.00 → 10.00 + 1.00 = 11.00; the order carries 12.87.
    expect(second.json().data).toMatchObject({ payment: { value: 111 }, order: { cardfee: 12.87, total: 192.87 } });
    await setOptions(t, { ...DEFAULT_OPTIONS, ns_pos_creditcard_manual_percentage_fee: 0, ns_pos_creditcard_manual_flat_fee: 0 });
    const deleted = await call('DELETE', `/orders/${id}/payment/${second.json().data.payment.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.order).toMatchObject({ cardfee: 1.87, total: 181.87, tendered: 46.87, left_to_pay: 135 });
    const rows = await t.database.db.selectFrom('order_payments').select(['fee']).where('order_id', '=', id).execute();
    expect(rows.map((row) => Number(row.fee))).toEqual([18700]);
  });
});
