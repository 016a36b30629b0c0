import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { makeOrder } from './ordersFixtures';
import { fromDecimal } from '../../schemas/money';
import type { PaymentStatus } from '../../schemas/paymentStatus';
import { manualCardFee } from '../../schemas/orders/cardFee';
import { DEFAULT_OPTIONS } from '../../schemas/options';
import { INSTALMENT_NOT_DUE_STATUS, type InstalmentAnswer } from '../../schemas/orders/api';
import { todayUtc } from '../../schemas/vendors';

// ---------------------------------------------------------------- tests

const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(DIALECTS)('order instalments on %s', (dialect) => {
  let t: TestApp;
  let cashier: string;

  const url = (orderId: number, instalmentId?: number, pay = false) =>
    `${API}/orders/${orderId}/instalments${instalmentId === undefined ? '' : `/${instalmentId}`}${pay ? '/pay' : ''}`;
  const list = async (orderId: number, cookie = cashier) => (await t.call({ method: 'GET', url: url(orderId), cookie })).json() as InstalmentAnswer[];
  const create = (orderId: number, instalment: unknown, cookie = cashier) => t.call({ method: 'POST', url: url(orderId), cookie, payload: { instalment } });
  const update = (orderId: number, id: number, instalment: unknown, cookie = cashier) =>
    t.call({ method: 'PUT', url: url(orderId, id), cookie, payload: { instalment } });
  const remove = (orderId: number, id: number, cookie = cashier) => t.call({ method: 'DELETE', url: url(orderId, id), cookie });
  const pay = (orderId: number, id: number, payment_type = 'cash-payment', cookie = cashier) =>
    t.call({ method: 'POST', url: url(orderId, id, true), cookie, payload: { payment_type } });
  const demoOrder = async (status: PaymentStatus) =>
    (await t.database.db.selectFrom('orders').select('id').where('payment_status', '=', status).orderBy('id').executeTakeFirstOrThrow()).id;
  /** Layaway of two mugs: 44.00, nothing paid. */
  const layaway = (payments: Array<[string, string]> = []) =>
    makeOrder(t, { lines: [{ product: 'Hand-Thrown Mug', quantity: 2 }], instalments: true, payments, customer: 'customer' });
  const created = async (orderId: number, date: string, amount: number) => {
    const response = await create(orderId, { date, amount });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.instalment as InstalmentAnswer;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cashier = await t.login('cashier');
    // Many layaways of two mugs: more mugs on the shelf than the demo stocks.
    await t.database.db.updateTable('product_unit_quantities').set({ quantity: 10_000 }).execute();
  });
  afterAll(() => t.close());

  it('lists the demo layaway oldest first, the paid one with its payment; customers see their own', async () => {
    const orderId = await demoOrder('partially_paid');
    const instalments = await list(orderId);
    expect(instalments.map((entry) => [entry.amount, entry.paid])).toEqual([
      [95, 1],
      [95, 0],
    ]);
    expect(instalments[0]!.date < instalments[1]!.date).toBe(true);
    expect(instalments[0]!.payments).toMatchObject([{ id: instalments[0]!.payment_id, identifier: 'cash-payment', value: 95 }]);
    expect(instalments[1]).toMatchObject({ payment_id: null, payments: [] });
    expect(await list(orderId, await t.login('customer'))).toEqual(instalments);
    const other = await makeOrder(t, { lines: [{ product: 'Silk Scarf', quantity: 1 }], instalments: true });
    expect((await t.call({ method: 'GET', url: url(other), cookie: await t.login('customer') })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: url(orderId), cookie: await t.login('vendor') })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: url(orderId) })).statusCode).toBe(401);
  });

  it('creates, updates and deletes unpaid instalments, never above the order total; lists by date then id', async () => {
    const orderId = await layaway();
    const later = await created(orderId, dayFrom(30), 24);
    const first = await created(orderId, todayUtc(), 10);
    const same = await created(orderId, todayUtc(), 10);
    expect(first).toMatchObject({ order_id: orderId, date: todayUtc(), amount: 10, paid: 0, payment_id: null, payments: [] });
    expect((await list(orderId)).map((entry) => entry.id)).toEqual([first.id, same.id, later.id]);

    const over = await create(orderId, { date: todayUtc(), amount: 0.01 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({
      status: 'failed',
      message: 'The instalments cannot add up to more than the order total.',
      errors: { 'instalment.amount': ['The instalments cannot add up to more than the order total.'] },
      field_errors: [
        { identifier: 'invalid', invalid: true, message: 'The instalments cannot add up to more than the order total.', name: 'instalment.amount' },
      ],
    });

    const changed = await update(orderId, same.id, { amount: 5, date: dayFrom(7) });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ status: 'success', data: { instalment: { id: same.id, amount: 5, date: dayFrom(7) } } });
    expect((await update(orderId, same.id, { amount: 10.01 })).statusCode).toBe(422);
    expect((await update(orderId, same.id, { date: '2026-02-30' })).json().message).toBe('This field must be a real date (YYYY-MM-DD).');

    const deleted = await remove(orderId, same.id);
    expect(deleted.json()).toEqual({ status: 'success', message: 'The instalment has been deleted.' });
    expect((await list(orderId)).map((entry) => entry.id)).toEqual([first.id, later.id]);
    expect((await remove(orderId, same.id)).statusCode).toBe(404);
    // An instalment of another order is not found through this one.
    const other = await layaway();
    expect((await update(other, first.id, { amount: 1 })).statusCode).toBe(404);
    expect((await pay(other, first.id)).statusCode).toBe(404);
  });

  it.each<[string, unknown, string]>([
    ['an amount of 0', { date: '2026-03-01', amount: 0 }, 'The instalment amount must be above 0.'],
    ['a date that does not exist', { date: '2026-02-30', amount: 1 }, 'This field must be a real date (YYYY-MM-DD).'],
    ['an instalment created paid', { date: '2026-03-01', amount: 1, paid: true }, 'An instalment is created unpaid, then paid through its payment.'],
  ])('refuses %s (422, nothing stored)', async (_name, instalment, message) => {
    const orderId = await layaway();
    const response = await create(orderId, instalment);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(message);
    expect(await list(orderId)).toEqual([]);
  });

  it.each<[string, unknown]>([
    ['a bad date format', { date: '03/01/2026', amount: 1 }],
    ['a negative amount', { date: '2026-03-01', amount: -1 }],
    ['an unknown key', { date: '2026-03-01', amount: 1, note: 'x' }],
    ['no amount', { date: '2026-03-01' }],
  ])('schema refuses %s (422)', async (_name, instalment) => {
    const orderId = await layaway();
    expect((await create(orderId, instalment)).statusCode).toBe(422);
    expect((await t.call({ method: 'POST', url: url(orderId, 1, true), cookie: cashier, payload: { payment_type: 'Cash Payment' } })).statusCode).toBe(422);
    expect(await list(orderId)).toEqual([]);
  });

  it('refuses instalments on orders without layaway (409) or not unpaid / partially paid (409)', async () => {
    const plain = await makeOrder(t, { lines: [{ product: 'Silk Scarf', quantity: 1 }] });
    expect((await create(plain, { date: todayUtc(), amount: 1 })).json()).toMatchObject({
      status: 'failed',
      message: 'This order does not support instalments.',
    });
    const paid = await layaway([['card', '44.00']]);
    const response = await create(paid, { date: todayUtc(), amount: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Instalments cannot be managed on an order that is Paid.');
  });

  it('pays a due instalment: payment recorded, instalment paid, order follows; the payment receipt prints; paid ones are locked', async () => {
    const orderId = await layaway();
    const first = await created(orderId, todayUtc(), 20);
    const response = await pay(orderId, first.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'success',
      message: 'The instalment has been paid.',
      data: { payment: { identifier: 'cash-payment', value: 20, order_id: orderId }, order: { payment_status: 'partially_paid', tendered: 20 } },
    });
    expect((await list(orderId))[0]).toMatchObject({ paid: 1, payment_id: body.data.payment.id, payments: [{ id: body.data.payment.id }] });
    const receipt = await t.call({ method: 'GET', url: `${API}/receipts/payment/${body.data.payment.id}`, cookie: cashier });
    expect(receipt.statusCode).toBe(200);

    const again = await pay(orderId, first.id);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This instalment has already been paid.');
    expect((await update(orderId, first.id, { amount: 1 })).json()).toMatchObject({
      status: 'failed',
      message: 'A paid instalment cannot be changed or deleted.',
    });
    expect((await remove(orderId, first.id)).statusCode).toBe(409);
  });

  it('an instalment not yet due answers 409 "failed"; dated today, it is paid (by card, with the manual card fee)', async () => {
    const orderId = await layaway();
    const later = await created(orderId, dayFrom(3), 44);
    const early = await pay(orderId, later.id, 'card');
    expect(early.statusCode).toBe(INSTALMENT_NOT_DUE_STATUS);
    expect(early.json()).toEqual({ status: 'failed', message: 'This instalment is not due yet.' });
    expect((await update(orderId, later.id, { date: todayUtc() })).statusCode).toBe(200);
    const paid = await pay(orderId, later.id, 'card');
    expect(paid.statusCode, paid.body).toBe(200);
    const fee = manualCardFee(fromDecimal('44'), DEFAULT_OPTIONS) / 10_000;
    expect(paid.json().data).toMatchObject({
      payment: { identifier: 'card', value: 44 + fee },
      order: { payment_status: 'paid', cardfee: fee, total: 44 + fee },
    });
    // The order is paid: no more instalments.
    expect((await create(orderId, { date: todayUtc(), amount: 1 })).statusCode).toBe(409);
  });

  it('refuses to pay with an unknown payment type, or more than is left to pay (422)', async () => {
    const orderId = await layaway([['cash-payment', '40.00']]);
    const small = await created(orderId, todayUtc(), 4);
    const instalment = await created(orderId, todayUtc(), 10);
    const unknown = await pay(orderId, small.id, 'gold-coins');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('This payment type is not available.');
    const tooMuch = await pay(orderId, instalment.id);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe('The instalment is more than what is left to pay on this order.');
    expect((await list(orderId)).map((row) => row.paid)).toEqual([0, 0]);
  });

  it('roles: customers and vendors may not create, change, delete or pay (403)', async () => {
    const orderId = await layaway();
    const instalment = await created(orderId, todayUtc(), 10);
    for (const username of ['customer', 'vendor']) {
      const cookie = await t.login(username);
      expect((await create(orderId, { date: todayUtc(), amount: 1 }, cookie)).statusCode).toBe(403);
      expect((await update(orderId, instalment.id, { amount: 2 }, cookie)).statusCode).toBe(403);
      expect((await remove(orderId, instalment.id, cookie)).statusCode).toBe(403);
      expect((await pay(orderId, instalment.id, 'cash-payment', cookie)).statusCode).toBe(403);
    }
    for (const username of ['admin', 'storeadmin', 'manager']) {
      expect((await update(orderId, instalment.id, { amount: 9 }, await t.login(username))).statusCode).toBe(200);
    }
    expect((await pay(999_999, instalment.id)).statusCode).toBe(404);
  });

  it('20 parallel payments on one order never pay an instalment twice nor overpay the order', async () => {
    // 44.00 in four instalments of 11.00 due today; 11.00 already paid at the till, so only three fit.
    const orderId = await layaway([['cash-payment', '11.00']]);
    const instalments: InstalmentAnswer[] = [];
    for (let index = 0; index < 4; index += 1) instalments.push(await created(orderId, todayUtc(), 11));
    const cookies = await Promise.all(['cashier', 'manager', 'admin', 'storeadmin'].map((username) => t.login(username)));
    const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => pay(orderId, instalments[index % 4]!.id, 'cash-payment', cookies[index % 4])));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.every((code) => code === 200 || code === 422)).toBe(true);
    const payments = await t.database.db.selectFrom('order_payments').select(['id', 'value']).where('order_id', '=', orderId).execute();
    expect(payments).toHaveLength(4);
    const rows = await list(orderId);
    expect(rows.filter((row) => row.paid === 1)).toHaveLength(3);
    expect(new Set(rows.filter((row) => row.paid).map((row) => row.payment_id)).size).toBe(3);
    const order = await t.database.db.selectFrom('orders').select(['total', 'tendered', 'payment_status']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ total: fromDecimal('44'), tendered: fromDecimal('44'), payment_status: 'paid' });

    // The same instalment paid 20 times at once: once.
    const single = await layaway();
    const only = await created(single, todayUtc(), 44);
    const same = await Promise.all(Array.from({ length: 20 }, (_, index) => pay(single, only.id, 'cash-payment', cookies[index % 4])));
    expect(same.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(await t.database.db.selectFrom('order_payments').select('id').where('order_id', '=', single).execute()).toHaveLength(1);
  });
});
