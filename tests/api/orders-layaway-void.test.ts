import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { frontCash, linesOf, makeOrder, snapshot, stockOf } from './ordersFixtures';
import { insertLedger } from './vendorsHelpers';
import { cart, placeOrder, setStock, unitOf } from './ordersTillHelpers';
import { fromDecimal } from '../../schemas/money';
import { monthOf, todayUtc, vendorBalance } from '../../schemas/vendors';
import { findVendor } from '../../server/services/vendors/vendorAccess';
import { gatherBalanceTerms } from '../../server/services/vendors/vendorBalance';

/**
 * A layaway that had a line refunded keeps collecting, and a void gives the money the order kept back
 * by tender (cash out of the drawer, a refund row per tender) — read back from the outside.
 */
describe.each(DIALECTS)('layaway after a refund, and voids that give money back, on %s', (dialect) => {
  let t: TestApp;
  let cashier: string;
  let front: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cashier = await t.login('cashier');
    front = (await t.database.db.selectFrom('cash_registers').select('id').where('name', '=', 'Front Till').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, payload: object) => t.call({ method: 'POST', url: `${API}${path}`, cookie: cashier, payload });
  const order = async (id: number) => (await t.call({ method: 'GET', url: `${API}/orders/${id}`, cookie: cashier })).json();
  const refundRows = async (id: number) =>
    t.database.db.selectFrom('order_refund_payments').select(['identifier', 'value']).where('order_id', '=', id).orderBy('id').execute();
  /** Total 100: an 80 scarf and a 20 mug, 30 paid in cash, a layaway. */
  const layaway = () =>
    makeOrder(t, {
      lines: [
        { product: 'Silk Scarf', quantity: 1, price: '80.00' },
        { product: 'Hand-Thrown Mug', quantity: 1, price: '20.00' },
      ],
      payments: [['cash-payment', '30.00']],
      instalments: true,
    });
  const refundMug = async (id: number) => {
    const [, mug] = await linesOf(t, id);
    return post(`/orders/${id}/refund`, {
      products: [{ id: mug!.id, quantity: 1, condition: 'unspoiled' }],
      total: 20,
      payment: { identifier: 'cash-payment' },
      register: front,
    });
  };

  it('total 100, paid 30, the 20 mug refunded: 70 owed, partially refunded, still takes payments and instalments', async () => {
    const id = await layaway();
    expect(await order(id)).toMatchObject({ total: 100, tendered: 30, left_to_pay: 70, payment_status: 'partially_paid' });
    const response = await refundMug(id);
    expect(response.statusCode, response.body).toBe(200);
    const after = await order(id);
    expect(after).toMatchObject({ total: 100, tendered: 30, total_refunded: 20, left_to_pay: 70, payment_status: 'partially_refunded', refundable: 10 });
    expect(after.allowed_actions).toEqual({ void: true, delete: false, pay: true, delete_payment: false, refund: true, edit_lines: false, instalments: true });

    const cashBefore = await frontCash(t);
    const paid = await post(`/orders/${id}/payments`, { identifier: 'cash-payment', value: 40 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await order(id)).toMatchObject({ tendered: 70, left_to_pay: 30, payment_status: 'partially_refunded' });
    expect((await frontCash(t)) - cashBefore).toBe(400_000);

    const tooMuch = await post(`/orders/${id}/payments`, { identifier: 'cash-payment', value: 31 });
    expect(tooMuch.statusCode).toBe(422);
    const rest = await post(`/orders/${id}/payments`, { identifier: 'cash-payment', value: 30 });
    expect(rest.statusCode, rest.body).toBe(200);
    const settled = await order(id);
    expect(settled).toMatchObject({ tendered: 100, left_to_pay: 0, payment_status: 'partially_refunded' });
    expect(settled.allowed_actions).toMatchObject({ pay: false, void: false, delete: false, instalments: false, refund: true });
    const again = await post(`/orders/${id}/payments`, { identifier: 'cash-payment', value: 1 });
    expect(again.statusCode).toBe(409);
  });

  it('after the refund an instalment is created and paid: 30 more paid, 40 still owed', async () => {
    const id = await layaway();
    await refundMug(id);
    const today = new Date().toISOString().slice(0, 10);
    const created = await post(`/orders/${id}/instalments`, { instalment: { date: today, amount: 30 } });
    expect(created.statusCode, created.body).toBe(200);
    const instalmentId = created.json().data.instalment.id as number;
    const cash = await frontCash(t);
    const paid = await post(`/orders/${id}/instalments/${instalmentId}/pay`, { payment_type: 'cash-payment' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await frontCash(t)) - cash).toBe(300_000);
    expect(await order(id)).toMatchObject({ tendered: 60, total_refunded: 20, left_to_pay: 40, payment_status: 'partially_refunded' });
    const instalments = (await t.call({ method: 'GET', url: `${API}/orders/${id}/instalments`, cookie: cashier })).json();
    expect(instalments).toMatchObject([{ id: instalmentId, amount: 30, paid: 1 }]);
  });

  it('an owing partially refunded layaway refuses delete (its refunds stay), changing nothing', async () => {
    const id = await layaway();
    await refundMug(id);
    const before = await snapshot(t);
    const response = await t.call({ method: 'DELETE', url: `${API}/orders/${id}`, cookie: cashier });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 'failed', message: 'Only paid, partially paid, unpaid and held orders can be deleted.' });
    expect(await snapshot(t)).toBe(before);
  });

  it('voiding an owing partially refunded layaway gives back the 10 kept in cash and returns only the scarf to stock', async () => {
    const id = await layaway();
    await refundMug(id);
    const [cash, scarves, mugs] = [await frontCash(t), await stockOf(t, 'Silk Scarf'), await stockOf(t, 'Hand-Thrown Mug')];
    const response = await post(`/orders/${id}/void`, { reason: 'Layaway cancelled' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await frontCash(t)) - cash).toBe(-100_000);
    expect((await stockOf(t, 'Silk Scarf')) - scarves).toBe(1);
    expect((await stockOf(t, 'Hand-Thrown Mug')) - mugs).toBe(0);
    expect(await refundRows(id)).toEqual([
      { identifier: 'cash-payment', value: 200_000 },
      { identifier: 'cash-payment', value: 100_000 },
    ]);
    const voided = await order(id);
    expect(voided).toMatchObject({ payment_status: 'order_void', total_refunded: 30, refundable: 0, left_to_pay: 70 });
    expect(voided.allowed_actions).toEqual({
      void: false,
      delete: false,
      pay: false,
      delete_payment: false,
      refund: false,
      edit_lines: false,
      instalments: false,
    });
  });

  it('voiding a paid order gives each tender back: cash less change out of the drawer, card recorded', async () => {
    const id = await makeOrder(t, {
      lines: [
        { product: 'Silk Scarf', quantity: 1, price: '80.00' },
        { product: 'Hand-Thrown Mug', quantity: 1, price: '20.00' },
      ],
      payments: [
        ['card', '60.00'],
        ['cash-payment', '50.00'],
      ],
    });
    expect(await order(id)).toMatchObject({ total: 100, tendered: 110, change: 10, payment_status: 'paid' });
    const cash = await frontCash(t);
    const response = await post(`/orders/${id}/void`, { reason: 'Wrong customer' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await frontCash(t)) - cash).toBe(-400_000);
    expect(await refundRows(id)).toEqual([
      { identifier: 'card', value: 600_000 },
      { identifier: 'cash-payment', value: 400_000 },
    ]);
    const refunds = (await t.call({ method: 'GET', url: `${API}/orders/${id}/refunds`, cookie: cashier })).json().refunds;
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ total: 100, shipping: 0, register: { id: front, name: 'Front Till' }, refunded_products: [] });
    expect(await order(id)).toMatchObject({ payment_status: 'order_void', total_refunded: 100 });
  });

  it('voiding an order paid from a vendor account gives the amount back to the vendor and leaves the drawer alone', async () => {
    const balanceOf = async (vendorNumber: number) =>
      vendorBalance((await gatherBalanceTerms(t.database, await findVendor(t.database.db, vendorNumber), monthOf(todayUtc()))).terms).balance;
    await insertLedger(t, 103, 'credit', todayUtc(), '1000');
    const runner = await unitOf(t, 'Quilted Table Runner');
    await setStock(t, runner.product_id, runner.unit_id, 100);
    // One runner, 45.00 without tax, placed today so it counts in this month's balance.
    const placed = await placeOrder(
      t,
      cashier,
      cart([{ product_id: runner.product_id, unit_id: runner.unit_id, quantity: 1 }], [], { register_id: front, save_unpaid: true }),
    );
    const before = await balanceOf(103);
    const paid = await post(`/orders/${placed.id}/payments`, { identifier: 'account-payment', value: 45, vendor_id: 103 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await balanceOf(103)).toBe(before - fromDecimal(45));
    const cash = await frontCash(t);
    expect((await post(`/orders/${placed.id}/void`, { reason: 'Bought by mistake' })).statusCode).toBe(200);
    expect(await balanceOf(103)).toBe(before);
    expect(await frontCash(t)).toBe(cash);
    expect(await refundRows(placed.id)).toEqual([{ identifier: 'account-payment', value: 450_000 }]);
  });

  it('voiding an unpaid order records no refund and leaves the drawer alone', async () => {
    const id = await makeOrder(t, { lines: [{ product: 'Hand-Thrown Mug', quantity: 1, price: '20.00' }] });
    const cash = await frontCash(t);
    expect((await post(`/orders/${id}/void`, { reason: 'Never paid' })).statusCode).toBe(200);
    expect(await frontCash(t)).toBe(cash);
    expect(await refundRows(id)).toEqual([]);
  });

  it('eight racing voids of a paid order give the money back once', async () => {
    const id = await makeOrder(t, { lines: [{ product: 'Hand-Thrown Mug', quantity: 1, price: '20.00' }], payments: [['cash-payment', '20.00']] });
    const cash = await frontCash(t);
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => post(`/orders/${id}/void`, { reason: `Race ${i}` })));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(7);
    expect((await frontCash(t)) - cash).toBe(-200_000);
    expect(await refundRows(id)).toEqual([{ identifier: 'cash-payment', value: 200_000 }]);
  });
});
