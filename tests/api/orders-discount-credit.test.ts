import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { registerIdOf } from './ordersTillHelpers';
import type { CheckoutBody } from '../../schemas/orders/api';

/**
 * Cart discounts shared by the lines, and vendor credit that follows the money collected, through the API
 * only: checkout, payments, refunds, void and delete, read back from the order answers, the vendor statement
 * and the vendor sale report. Every expected figure is worked out by hand in the comments.
 *
 * Demo vendors: 103 (retroroom, 7.5 % commission, no rent), 105 (closedstall, 5 % commission, rent 100, no
 * demo sales). Dynamic lines carry no stock, so each test's figures are its own.
 */

type Line = { name: string; price: number; quantity?: number; tax?: 'inclusive' | 'exclusive'; vendor?: number | null };
type Terms = Record<string, number>;

describe.each(DIALECTS)('cart discounts and vendor credit on %s', (dialect) => {
  let t: TestApp;
  let cashier: string;
  let admin: string;
  let front: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cashier = await t.login('cashier');
    admin = await t.login('admin');
    front = await registerIdOf(t);
  });
  afterAll(() => t.close());

  const lines = (items: Line[]) =>
    items.map((item) => ({
      product_type: 'dynamic' as const,
      name: item.name,
      unit_price: item.price,
      quantity: item.quantity ?? 1,
      tax_type: item.tax ?? 'exclusive',
      vendor_id: item.vendor === undefined ? 103 : item.vendor,
    }));
  const checkout = (body: Partial<CheckoutBody> & { products: CheckoutBody['products'] }) =>
    t.call({ method: 'POST', url: `${API}/orders`, cookie: cashier, payload: { payments: [], register_id: front, ...body } });
  const sale = async (body: Partial<CheckoutBody> & { products: CheckoutBody['products'] }) => {
    const response = await checkout(body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.order;
  };
  const getOrder = async (id: number) => (await t.call({ method: 'GET', url: `${API}/orders/${id}`, cookie: cashier })).json();
  const refund = (orderId: number, products: Array<{ id: number; quantity: number }>, total: number) =>
    t.call({
      method: 'POST',
      url: `${API}/orders/${orderId}/refund`,
      cookie: cashier,
      payload: {
        products: products.map((product) => ({ ...product, condition: 'unspoiled' })),
        total,
        payment: { identifier: 'cash-payment' },
        register: front,
      },
    });
  const pay = (orderId: number, payload: object) => t.call({ method: 'POST', url: `${API}/orders/${orderId}/payments`, cookie: cashier, payload });
  const terms = async (vendor: number): Promise<Terms> => {
    const response = await t.call({ method: 'GET', url: `${API}/smp/vendors/${vendor}/statement`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    return { ...Object.fromEntries(answer.lines.map((line: { term: string; amount: number }) => [line.term, line.amount])), balance: answer.balance };
  };
  /** How far the vendor's current-month sales without tax moved since `before`, to four decimals. */
  const salesSince = async (vendor: number, before: Terms) => Number(((await terms(vendor)).salesWithoutTax! - before.salesWithoutTax!).toFixed(4));

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

  it('a layaway paid 30 of 100 credits the vendor 30 % of its net; the rest lands when it is paid', async () => {
    const before = await terms(103);
    const order = await sale({
      products: lines([{ name: 'Chair', price: 100, tax: 'inclusive' }]),
      support_instalments: true,
      instalments: [
        { date: '2026-01-01', amount: 30, paid: true },
        { date: '2099-12-31', amount: 70 },
      ],
      payments: [{ identifier: 'cash-payment', value: 30 }],
    });
    expect(order).toMatchObject({ payment_status: 'partially_paid', left_to_pay: 70 });
    // 100.00 inclusive holds 94.34 without tax; 30 % of it is 28.302.
    expect(await salesSince(103, before)).toBe(28.302);
    expect((await pay(order.id, { identifier: 'cash-payment', value: 70 })).statusCode).toBe(200);
    expect(await salesSince(103, before)).toBe(94.34);
  });

  it('an unpaid sale credits nothing, and an account payment against it is refused with the balance message', async () => {
    // Vendor 105: no sales, rent 100 → balance −100.
    expect(await terms(105)).toMatchObject({ salesWithoutTax: 0, purchasesWithoutTax: 0, monthlyRent: 100, balance: -100 });
    const unpaid = await sale({ products: lines([{ name: 'Sideboard', price: 2000, vendor: 105 }]), save_unpaid: true });
    expect(unpaid).toMatchObject({ payment_status: 'unpaid', total: 2000 });
    expect(await terms(105)).toMatchObject({ salesWithoutTax: 0, balance: -100 });

    const buy = await sale({ products: lines([{ name: 'Store rug', price: 1550, vendor: null }]), save_unpaid: true });
    const refused = await pay(buy.id, { identifier: 'account-payment', value: 1550, vendor_id: 105 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      status: 'failed',
      message: "This Account Don't Have Enough Balance...",
      errors: { vendor_id: ["This Account Don't Have Enough Balance..."] },
    });
    expect(await getOrder(buy.id)).toMatchObject({ payment_status: 'unpaid', tendered: 0 });

    // Half of the sideboard paid: 1000 credited, 5 % commission 50, rent 100 → 850; still not 1550.
    expect((await pay(unpaid.id, { identifier: 'cash-payment', value: 1000 })).statusCode).toBe(200);
    expect(await terms(105)).toMatchObject({ salesWithoutTax: 1000, commission: 50, balance: 850 });
    expect((await pay(buy.id, { identifier: 'account-payment', value: 1550, vendor_id: 105 })).statusCode).toBe(422);

    // Paid in full: 2000 − 100 commission − 100 rent = 1800 settled, which covers 1550 → 250 left.
    expect((await pay(unpaid.id, { identifier: 'cash-payment', value: 1000 })).statusCode).toBe(200);
    expect(await terms(105)).toMatchObject({ salesWithoutTax: 2000, commission: 100, balance: 1800 });
    const accepted = await pay(buy.id, { identifier: 'account-payment', value: 1550, vendor_id: 105 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await terms(105)).toMatchObject({ salesWithoutTax: 2000, purchasesWithoutTax: 1550, balance: 250 });

    // Deleting the account payment gives the purchase back.
    const paymentId = accepted.json().data.payment.id;
    expect((await t.call({ method: 'DELETE', url: `${API}/orders/${buy.id}/payment/${paymentId}`, cookie: cashier })).statusCode).toBe(200);
    expect(await terms(105)).toMatchObject({ purchasesWithoutTax: 0, balance: 1800 });
  });

  it('a void after a part payment takes back exactly the credit that payment gave, never more', async () => {
    const before = await terms(103);
    const order = await sale({ products: lines([{ name: 'Mirror', price: 200 }]), save_unpaid: true });
    expect((await pay(order.id, { identifier: 'cash-payment', value: 50 })).statusCode).toBe(200);
    expect(await salesSince(103, before)).toBe(50);
    const voided = await t.call({ method: 'POST', url: `${API}/orders/${order.id}/void`, cookie: cashier, payload: { reason: 'Changed mind.' } });
    expect(voided.statusCode, voided.body).toBe(200);
    // The 50 went back to the customer: nothing of this sale is collected, nothing credited, nothing below it.
    expect(await salesSince(103, before)).toBe(0);
    const rows = await t.database.db.selectFrom('vendor_sales').select(['kind', 'amount']).where('order_id', '=', order.id).orderBy('id').execute();
    expect(rows.map((row) => [row.kind, row.amount / 10_000])).toEqual([
      ['sale', 50],
      ['sale', -50],
    ]);
  });

  it('20 payments racing on one sale credit the vendor exactly what was collected, once', async () => {
    const before = await terms(103);
    const order = await sale({ products: lines([{ name: 'Bench', price: 100 }]), save_unpaid: true });
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(order.id, { identifier: 'cash-payment', value: 10 })));
    // Ten fit in 100; the other ten find the order paid (409) or exceeding what is left (422).
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(10);
    expect(await getOrder(order.id)).toMatchObject({ payment_status: 'paid', tendered: 100 });
    expect(await salesSince(103, before)).toBe(100);
    const rows = await t.database.db.selectFrom('vendor_sales').select('amount').where('order_id', '=', order.id).orderBy('id').execute();
    expect(rows.map((row) => row.amount / 10_000)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 10]);
  });

  it('deleting a paid order takes its credit back; the ledger keeps the history', async () => {
    const before = await terms(103);
    const order = await sale({ products: lines([{ name: 'Clock', price: 80 }]), payments: [{ identifier: 'cash-payment', value: 80 }] });
    expect(await salesSince(103, before)).toBe(80);
    expect((await t.call({ method: 'DELETE', url: `${API}/orders/${order.id}`, cookie: admin })).statusCode).toBe(200);
    expect(await salesSince(103, before)).toBe(0);
    const rows = await t.database.db.selectFrom('vendor_sales').select('amount').where('order_id', '=', order.id).orderBy('id').execute();
    expect(rows.map((row) => row.amount / 10_000)).toEqual([80, -80]);
  });
});

describe.each(DIALECTS)('vendor credit on the store’s calendar on %s', (dialect) => {
  let t: TestApp;
  let cashier: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cashier = await t.login('cashier');
    admin = await t.login('admin');
    const zone = await t.call({ method: 'POST', url: `${API}/options`, cookie: admin, payload: { ns_store_timezone: 'America/Chicago' } });
    expect(zone.statusCode).toBe(200);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => t.close());

  const at = (instant: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
  };
  const sales = async (startDate: string, endDate: string) =>
    (
      await t.call({
        method: 'GET',
        url: `${API}/smp/vendors/103/statement?startDate=${startDate}&endDate=${endDate}`,
        cookie: admin,
      })
    )
      .json()
      .lines.find((line: { term: string }) => line.term === 'salesWithoutTax').amount;
  const line = (name: string, price: number) => ({
    product_type: 'dynamic' as const,
    name,
    unit_price: price,
    quantity: 1,
    tax_type: 'exclusive' as const,
    vendor_id: 103,
  });

  it('a sale at 23:30 on 31 January in Chicago (05:30Z on 1 February) lands in January; a later payment of an old layaway lands in its own month', async () => {
    at('2026-02-01T05:30:00Z');
    const paid = await t.call({
      method: 'POST',
      url: `${API}/orders`,
      cookie: cashier,
      payload: { products: [line('Quilt', 100)], payments: [{ identifier: 'cash-payment', value: 100 }] },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const layaway = await t.call({
      method: 'POST',
      url: `${API}/orders`,
      cookie: cashier,
      payload: { products: [line('Dresser', 300)], payments: [{ identifier: 'cash-payment', value: 30 }], save_unpaid: true },
    });
    expect(layaway.statusCode, layaway.body).toBe(200);
    expect(await sales('2026-01-01', '2026-01-31')).toBe(130);
    expect(await sales('2026-02-01', '2026-02-28')).toBe(0);

    at('2026-02-10T18:00:00Z');
    const rest = await t.call({
      method: 'POST',
      url: `${API}/orders/${layaway.json().data.order.id}/payments`,
      cookie: cashier,
      payload: { identifier: 'cash-payment', value: 270 },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    // January is closed as it was; the 270 collected in February is credited in February.
    expect(await sales('2026-01-01', '2026-01-31')).toBe(130);
    expect(await sales('2026-02-01', '2026-02-28')).toBe(270);
  });
});
