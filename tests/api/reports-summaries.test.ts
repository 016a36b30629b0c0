import { beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';
import { makeOrder } from './ordersFixtures';
import { setOptions } from './ordersTillHelpers';
import { reportOf } from './reportsFixtures';
import { summaryAndRaw } from './reportsOracle';
import { line, registerCalls } from './registersHelpers';
import { rebuildSummaries } from '../../server/services/reports/summary';
import { businessDateOf } from '../../schemas/format/businessTime';

/**
 * The report summaries (migration 026): a new store time zone moves the sales to their new days in the option
 * save's transaction; what the order writes keep equals what the orders' rows give; the Z report counts the
 * orders sold in its session, whatever their time says.
 */
describe.each(DIALECTS)('report summaries on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin: string;
  let manager: string;

  beforeAll(async () => {
    admin = await t.login('admin');
    manager = await t.login('manager');
    await setOptions(t, { ns_store_timezone: 'UTC' });
  });

  it('a new time zone rebuilds the summaries: a sale at 10:00 UTC on 10 February 2024 counts on 9 February in Pago Pago (UTC−11)', async () => {
    const id = await makeOrder(t, { lines: [{ product: 'Hand-Thrown Mug', quantity: 2, price: '12.50' }], payments: [['cash-payment', '25.00']] });
    await t.database.db.updateTable('orders').set({ created_at: '2024-02-10 10:00:00' }).where('id', '=', id).execute();
    await rebuildSummaries(t.database.db);
    const range = 'startDate=2024-02-09&endDate=2024-02-10';
    const days = async () =>
      (await reportOf(t, manager, 'sales-by-day', range))
        .json()
        .rows.map((row: { date: string; orders: number; net_sales: number }) => [row.date, row.orders, row.net_sales]);
    expect(await days()).toEqual([
      ['2024-02-09', 0, 0],
      ['2024-02-10', 1, 25],
    ]);
    const saved = await t.call({ method: 'POST', url: `${API}/options`, cookie: admin, payload: { ns_store_timezone: 'Pacific/Pago_Pago' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await days()).toEqual([
      ['2024-02-09', 1, 25],
      ['2024-02-10', 0, 0],
    ]);
    await setOptions(t, { ns_store_timezone: 'UTC' });
    expect(await days()).toEqual([
      ['2024-02-09', 0, 0],
      ['2024-02-10', 1, 25],
    ]);
  });

  it('the Z report counts the orders sold in its session: one whose time was moved before the opening still, one written at the register without the session not', async () => {
    const calls = registerCalls(t);
    const cashier = await t.login('cashier');
    const front = await t.database.db.selectFrom('cash_registers').select('id').where('name', '=', 'Front Till').executeTakeFirstOrThrow();
    const session = await t.database.db
      .selectFrom('register_sessions')
      .select('id')
      .where('register_id', '=', front.id)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    const sold = await calls.checkout(cashier, { products: [line(53)], payments: [{ identifier: 'bank-payment', value: 53 }], register_id: front.id });
    expect(sold.statusCode, sold.body).toBe(200);
    const order = sold.json().data.order;
    await t.database.db.updateTable('orders').set({ created_at: '2020-01-01 00:00:00' }).where('id', '=', order.id).execute();
    // Written at the register now, but by no checkout of the session (no stamp): not the session's.
    const other = await makeOrder(t, { lines: [{ product: 'Silk Scarf', quantity: 1, price: '40.00' }], payments: [['bank-payment', '40.00']] });
    await t.database.db
      .updateTable('orders')
      .set({ created_at: new Date().toISOString().slice(0, 19).replace('T', ' ') })
      .where('id', '=', other)
      .execute();
    // Times moved by hand, outside the order transactions: the summaries are rebuilt as an engineer would.
    await rebuildSummaries(t.database.db);
    const report = (await calls.report(cashier, session.id)).json();
    expect(report.orders).toEqual({
      count: 1,
      voided: 0,
      total: 53,
      taxes: 3,
      first: { code: order.code, created_at: '2020-01-01 00:00:00' },
      last: { code: order.code, created_at: '2020-01-01 00:00:00' },
      held: expect.any(Number),
    });
  });

  it('after cash and card sales, a refund, a void and a delete, every sum read from the summaries equals the sum read from the rows', async () => {
    const calls = registerCalls(t);
    const cashier = await t.login('cashier');
    const front = (await t.database.db.selectFrom('cash_registers').select('id').where('name', '=', 'Front Till').executeTakeFirstOrThrow()).id;
    const today = businessDateOf(new Date(), 'UTC');
    const before = (await summaryAndRaw(t.database, { startDate: today, endDate: today })).summary.days.period!;
    const sale = (products: object[], payments: object[]) => calls.checkout(cashier, { products, payments, register_id: front });
    const cash = await sale([line(53), line(21.2, 'Lamp')], [{ identifier: 'cash-payment', value: 80 }]);
    const card = await sale([line(106, 'Chair')], [{ identifier: 'bank-payment', value: 106 }]);
    const voided = await sale([line(10, 'Cup')], [{ identifier: 'cash-payment', value: 10 }]);
    const deleted = await sale([line(12, 'Bowl')], [{ identifier: 'bank-payment', value: 12 }]);
    for (const response of [cash, card, voided, deleted]) expect(response.statusCode, response.body).toBe(200);
    const refunded = cash.json().data.order;
    const refund = await calls.refund(cashier, refunded.id, {
      products: [{ id: refunded.products[1].id, quantity: 1, condition: 'damaged' }],
      total: 21.2,
      payment: { identifier: 'cash-payment' },
      register: front,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const voiding = await t.call({ method: 'POST', url: `${API}/orders/${voided.json().data.order.id}/void`, cookie: manager, payload: { reason: 'Test.' } });
    expect(voiding.statusCode, voiding.body).toBe(200);
    const deleting = await t.call({ method: 'DELETE', url: `${API}/orders/${deleted.json().data.order.id}`, cookie: admin });
    expect(deleting.statusCode, deleting.body).toBe(200);
    const { summary, raw } = await summaryAndRaw(t.database, { startDate: today, endDate: today });
    expect(summary).toEqual(raw);
    // What the sequence added today, by hand: 74.20 + 106.00 sold, 21.20 refunded (the void and the delete add nothing).
    const after = summary.days.period!;
    expect([after.orders - before.orders, after.subtotal - before.subtotal, after.refunds - before.refunds]).toEqual([2, 1_802_000, 212_000]);
  });
});
