import { beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';
import { registerIdOf } from './ordersTillHelpers';
import { creditTill } from './vendorCreditHelpers';

/**
 * Cart discounts shared by the lines, through the API only: checkout, refunds and line edits, read back
 * from the order answers, the vendor statement and the vendor sale report. Every expected figure is worked
 * out by hand in the comments. Vendor credit that follows the money collected: orders-vendor-credit.test.ts.
 *
 * Demo vendor 103 (retroroom, 7.5 % commission, no rent). Dynamic lines carry no stock, so each test's
 * figures are its own.
 */

describe.each(DIALECTS)('cart discounts and vendor credit on %s', (dialect) => {
  const t = useTestApp(dialect);
  let cashier: string;
  let admin: string;
  let front: number;
  beforeAll(async () => {
    cashier = await t.login('cashier');
    admin = await t.login('admin');
    front = await registerIdOf(t);
  });
  const { lines, sale, getOrder, refund, terms, salesSince } = creditTill(t, () => ({ cashier, admin, front }));

  it('10 % off 100 + 50 (135 paid): the lines give back 90 and 45, the order reads refunded, the vendor is credited 135 then 45 then 0', async () => {
    const before = await terms(103);
    const order = await sale({
      products: lines([
        { name: 'Lamp', price: 100 },
        { name: 'Tray', price: 50 },
      ]),
      discount_type: 'percentage',
      discount_percentage: 10,
      payments: [{ identifier: 'cash-payment', value: 135 }],
    });
    // 150 − 15 = 135; the 15 is shared 10 / 5 by the lines' totals.
    expect(order).toMatchObject({ total: 135, discount: 15, payment_status: 'paid' });
    expect(order.products.map((line: { order_discount: number; refundable_amount: number }) => [line.order_discount, line.refundable_amount])).toEqual([
      [10, 90],
      [5, 45],
    ]);
    expect(await salesSince(103, before)).toBe(135);

    const [lamp, tray] = order.products;
    const listPrice = await refund(order.id, [{ id: lamp.id, quantity: 1 }], 100);
    expect(listPrice.statusCode).toBe(422);
    expect(listPrice.json()).toMatchObject({ status: 'failed', message: 'The refund total does not match its products: it should be 90.' });

    const first = await refund(order.id, [{ id: lamp.id, quantity: 1 }], 90);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.order).toMatchObject({ payment_status: 'partially_refunded', total_refunded: 90, refundable: 45 });
    expect(first.json().data.order.products[1]).toMatchObject({ refundable_quantity: 1, refundable_amount: 45 });
    // The lamp's credit (90) goes back with its money; the tray keeps 45.
    expect(await salesSince(103, before)).toBe(45);

    const second = await refund(order.id, [{ id: tray.id, quantity: 1 }], 45);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.order).toMatchObject({ payment_status: 'refunded', total_refunded: 135, refundable: 0 });
    expect(await salesSince(103, before)).toBe(0);
  });

  it('tax-inclusive lines are credited their net without tax, the tax taken out in each line’s own ratio', async () => {
    const before = await terms(103);
    const order = await sale({
      products: lines([
        { name: 'Lamp', price: 100, tax: 'inclusive' },
        { name: 'Tray', price: 50, tax: 'inclusive' },
      ]),
      discount_type: 'percentage',
      discount_percentage: 10,
      payments: [{ identifier: 'cash-payment', value: 135 }],
    });
    // 100.00 holds 5.66 of tax (94.34 without): 90.00 of it is 90 × 94.34 / 100 = 84.906.
    // 50.00 holds 2.83 (47.17 without): 45.00 of it is 45 × 47.17 / 50 = 42.453. Together 127.359.
    expect(await salesSince(103, before)).toBe(127.359);
    const vendor = (await t.database.db.selectFrom('users').select('id').where('vendor_id', '=', 103).executeTakeFirstOrThrow()).id;
    const report = await t.call({
      method: 'POST',
      url: `${API}/smp/reports/vendor-sale-report`,
      cookie: admin,
      payload: { type: 'products_report', user_id: vendor },
    });
    const mine = report.json().result.filter((row: { order_id: number }) => row.order_id === order.id);
    expect(mine.map((row: Record<string, number>) => [row.total_price, row.order_discount, row.net_price, row.net_price_without_tax, row.credited])).toEqual([
      [100, 10, 90, 84.906, 84.906],
      [50, 5, 45, 42.453, 42.453],
    ]);
  });

  it('a flat 10.00 off three lines of 10.00 is shared 3.34 / 3.33 / 3.33, and the returns give back exactly what was paid', async () => {
    const before = await terms(103);
    const order = await sale({
      products: lines([
        { name: 'Cup A', price: 10 },
        { name: 'Cup B', price: 10 },
        { name: 'Cup C', price: 10 },
      ]),
      discount_type: 'flat',
      discount: 10,
      payments: [{ identifier: 'cash-payment', value: 20 }],
    });
    expect(order).toMatchObject({ total: 20, payment_status: 'paid' });
    expect(order.products.map((line: { order_discount: number }) => line.order_discount)).toEqual([3.34, 3.33, 3.33]);
    expect(order.products.map((line: { refundable_amount: number }) => line.refundable_amount)).toEqual([6.66, 6.67, 6.67]);
    expect(await salesSince(103, before)).toBe(20);
    const totals = [6.66, 6.67, 6.67];
    for (const [index, line] of order.products.entries()) {
      const response = await refund(order.id, [{ id: line.id, quantity: 1 }], totals[index]!);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await getOrder(order.id)).toMatchObject({ payment_status: 'refunded', total_refunded: 20 });
    expect(await salesSince(103, before)).toBe(0);
  });

  it('units of a discounted line: the share truncates on the net and the last unit takes what remains', async () => {
    const order = await sale({
      products: lines([
        { name: 'Glass', price: 10, quantity: 3 },
        { name: 'Plate', price: 10 },
      ]),
      discount_type: 'flat',
      discount: 0.05,
      payments: [{ identifier: 'cash-payment', value: 39.95 }],
    });
    // 5 cents over 30.00 and 10.00: 3.75 and 1.25 cents → 3 and 1, the cent left to the larger remainder (.75): 0.04 / 0.01.
    expect(order.products.map((line: { order_discount: number }) => line.order_discount)).toEqual([0.04, 0.01]);
    // The glasses sold for 29.96: one unit is 29.96 / 3 = 9.9866… truncated to 9.98; the last takes 29.96 − 19.96 = 10.00.
    const [glass] = order.products;
    const got: number[] = [];
    for (const total of [9.98, 9.98, 10]) {
      const response = await refund(order.id, [{ id: glass.id, quantity: 1 }], total);
      expect(response.statusCode, response.body).toBe(200);
      got.push(response.json().data.orderRefund.total);
    }
    expect(got).toEqual([9.98, 9.98, 10]);
  });

  it('a line edit moves the line’s credit to its new vendor', async () => {
    const order = await sale({
      products: lines([
        { name: 'Lamp', price: 100 },
        { name: 'Tray', price: 50 },
      ]),
      discount_type: 'flat',
      discount: 15,
      payments: [{ identifier: 'cash-payment', value: 135 }],
    });
    expect(order.products.map((line: { order_discount: number }) => line.order_discount)).toEqual([10, 5]);
    // The tray's vendor changes to 104: its 45 of credit moves with it.
    const before103 = await terms(103);
    const before104 = await terms(104);
    const edit = await t.call({
      method: 'PUT',
      url: `${API}/orders/${order.id}/product`,
      cookie: cashier,
      payload: { products: [{ id: order.products[1].id, vendor_id: 104 }] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await salesSince(103, before103)).toBe(-45);
    expect(await salesSince(104, before104)).toBe(45);
  });
});
