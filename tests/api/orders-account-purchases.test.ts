import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { registerIdOf, unitOf } from './ordersTillHelpers';

/**
 * Found by the order money property test (tests/api/ordersProperties/, buyer-charged-within-account-paid),
 * shrunk to one sale: a vendor's account that paid what was left of a sale after another payment was
 * charged the whole sale in purchases. It is now charged the part of the sale it paid.
 */
describe.each(DIALECTS)('a vendor account paying the rest of a sale, on %s', (dialect) => {
  let t: TestApp;
  let cashier: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [cashier, admin] = [await t.login('cashier'), await t.login('admin')];
  });
  afterAll(async () => {
    await t?.close();
  });

  const purchasesOf103 = async () => {
    const statement = (await t.call({ method: 'GET', url: `${API}/smp/vendors/103/statement`, cookie: cashier })).json() as {
      lines: Array<{ term: string; amount: number }>;
    };
    return statement.lines.find((line) => line.term === 'purchasesWithoutTax')!.amount;
  };

  it('22.00 mug, 10.00 in cash, the account of vendor 103 pays the 12.00 left: 103 is charged 12/22 of the mug without tax', async () => {
    const credit = await t.call({
      method: 'POST',
      url: `${API}/smp/vendors/ledger`,
      cookie: admin,
      payload: { vendor_id: 103, kind: 'credit', date: new Date().toISOString().slice(0, 10), amount: '500', memo: 'float' },
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const mug = await unitOf(t, 'Hand-Thrown Mug');
    const placed = await t.call({
      method: 'POST',
      url: `${API}/orders`,
      cookie: cashier,
      payload: {
        register_id: await registerIdOf(t),
        save_unpaid: true,
        products: [{ product_type: 'product', product_id: mug.product_id, unit_id: mug.unit_id, quantity: 1, vendor_id: 101 }],
        payments: [{ identifier: 'cash-payment', value: 10 }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data.order as { id: number; left_to_pay: number };
    expect(order.left_to_pay).toBe(12);
    const before = await purchasesOf103();
    const paid = await t.call({
      method: 'POST',
      url: `${API}/orders/${order.id}/payments`,
      cookie: cashier,
      payload: { identifier: 'account-payment', value: 12, vendor_id: 103 },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.order.payment_status).toBe('paid');
    // 12/22 of the mug's 20.75 without tax (11.31818…, rounded down); before, the whole 20.75.
    expect(Math.round(((await purchasesOf103()) - before) * 10_000)).toBe(113_181);
  });
});
