import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { useTestApp } from './suite';
import { registerIdOf } from './ordersTillHelpers';
import { creditTill } from './vendorCreditHelpers';

/**
 * Vendor credit that follows the money collected, through the API only: layaways, payments (account
 * payments among them), void and delete, read back from the order answers and the vendor statement; and
 * the month a credit lands in on the store's calendar. Every expected figure is worked out by hand in the
 * comments. Cart discounts shared by the lines: orders-discount-shares.test.ts.
 *
 * Demo vendors: 103 (retroroom, 7.5 % commission, no rent), 105 (closedstall, 5 % commission, rent 100, no
 * demo sales). Dynamic lines carry no stock, so each test's figures are its own.
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
  const { lines, sale, getOrder, refund, pay, terms, salesSince } = creditTill(t, () => ({ cashier, admin, front }));

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

    const buy = await sale({ products: lines([{ name: 'Rag rug', price: 1550, vendor: 104 }]), save_unpaid: true });
    const refused = await pay(buy.id, { identifier: 'account-payment', value: 1550, vendor_id: 105 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      status: 'failed',
      message: "This Account Don't Have Enough Balance...",
      errors: { vendor_id: ["This Account Don't Have Enough Balance..."] },
      field_errors: [{ identifier: 'invalid', invalid: true, message: "This Account Don't Have Enough Balance...", name: 'vendor_id' }],
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

  it('two refunds of one line each take their units off the credit, as does a payment after them', async () => {
    const before = await terms(103);
    const order = await sale({ products: lines([{ name: 'Lamp', price: 10, quantity: 4 }]), save_unpaid: true });
    expect((await pay(order.id, { identifier: 'cash-payment', value: 30 })).statusCode).toBe(200);
    // 30 of 40 collected: 75 % of the 40 still sold.
    expect(await salesSince(103, before)).toBe(30);
    const [lamp] = order.products;
    for (const expected of [20, 10]) {
      const refunded = await refund(order.id, [{ id: lamp.id, quantity: 1 }], 10);
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(await salesSince(103, before)).toBe(expected);
    }
    // 20 still sold, 10 of it collected (30 − 20 refunded): the last 10 pays it and credits it whole.
    expect((await pay(order.id, { identifier: 'cash-payment', value: 10 })).statusCode).toBe(200);
    expect(await getOrder(order.id)).toMatchObject({ payment_status: 'partially_refunded' });
    expect(await salesSince(103, before)).toBe(20);
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
