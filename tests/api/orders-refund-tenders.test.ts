import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { insertLedger, loginAll, type Login } from './vendorsHelpers';
import { cart, placeOrder, registerBalance, registerIdOf, setOptions, setStock, unitOf } from './ordersTillHelpers';
import { snapshot } from './ordersFixtures';
import { DEFAULT_OPTIONS } from '../../schemas/options';
import { todayUtc } from '../../schemas/vendors';

/**
 * A refund goes back the way the money came, once: by default split over the order's tenders, or only in
 * the tender staff chose. A vendor's account is given back only by a refund paid into it. A card's fee is
 * kept by the store, so a card sale returned in full reads refunded. Every figure is written by hand.
 */
describe.each(DIALECTS)('refunds by tender on %s', (dialect) => {
  let t: TestApp;
  let as: Record<Login, string>;
  let front: number;
  let mug: Awaited<ReturnType<typeof unitOf>>;
  let runner: Awaited<ReturnType<typeof unitOf>>;

  const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
    t.call({ method, url: `${API}${path}`, cookie: as.cashier, ...(payload ? { payload } : {}) });
  const refund = (orderId: number, payload: object) => call('POST', `/orders/${orderId}/refund`, payload);
  /** The vendor's balance this month as the statement answers it (decimal). */
  const balanceOf = async (vendorNumber: number): Promise<number> => {
    const response = await t.call({ method: 'GET', url: `${API}/smp/vendors/${vendorNumber}/statement`, cookie: as.admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().balance;
  };
  const drawer = () => registerBalance(t, front);
  /** Cents apart: balances are decimals, compared in whole cents. */
  const cents = (amount: number) => Math.round(amount * 100);

  /** An order of `quantity` mugs (22.00 each, 6 % tax included: 20.75 without tax) paid in full from vendor 103's account. */
  async function accountPaidMugs(quantity: number) {
    const placed = await placeOrder(
      t,
      as.cashier,
      cart([{ product_id: mug.product_id, unit_id: mug.unit_id, quantity }], [], { register_id: front, save_unpaid: true }),
    );
    const paid = await call('POST', `/orders/${placed.id}/payments`, { identifier: 'account-payment', value: 22 * quantity, vendor_id: 103 });
    expect(paid.statusCode, paid.body).toBe(200);
    return placed as { id: number; products: Array<{ id: number }> };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    as = await loginAll(t);
    front = await registerIdOf(t);
    mug = await unitOf(t, 'Hand-Thrown Mug');
    runner = await unitOf(t, 'Quilted Table Runner');
    // Enough settled balance for every account payment below.
    await insertLedger(t, 103, 'credit', todayUtc(), '1000');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await setOptions(t, DEFAULT_OPTIONS);
    await setStock(t, mug.product_id, mug.unit_id, 1000);
    await setStock(t, runner.product_id, runner.unit_id, 1000);
  });

  it("an account-paid order refunded by default goes back to the vendor's account: balance restored, drawer unchanged", async () => {
    const before = await balanceOf(103);
    const order = await accountPaidMugs(1);
    // The purchase counts without tax: 20.75.
    expect(cents(await balanceOf(103))).toBe(cents(before) - 2075);
    const cash = await drawer();
    const response = await refund(order.id, { products: [{ id: order.products[0]!.id, quantity: 1, condition: 'unspoiled' }], total: 22, register: front });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.orderRefund.payments).toEqual([{ identifier: 'account-payment', label: 'Vendor Account', value: 22 }]);
    expect(response.json().data.order).toMatchObject({
      payment_status: 'refunded',
      total_refunded: 22,
      refundable: 0,
      refundable_by_tender: [],
      refunded_by_tender: [{ identifier: 'account-payment', label: 'Vendor Account', value: 22 }],
    });
    expect(await drawer()).toBe(cash);
    expect(await balanceOf(103)).toBe(before);
  });

  it("the same order refunded in cash on purpose: the drawer pays, the vendor's account is not restored", async () => {
    const before = await balanceOf(103);
    const order = await accountPaidMugs(1);
    const cash = await drawer();
    const response = await refund(order.id, {
      products: [{ id: order.products[0]!.id, quantity: 1, condition: 'unspoiled' }],
      total: 22,
      payment: { identifier: 'cash-payment' },
      register: front,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.order).toMatchObject({
      payment_status: 'refunded',
      refunded_by_tender: [{ identifier: 'cash-payment', label: 'Cash', value: 22 }],
    });
    expect(await drawer()).toBe(cash - 220_000);
    // Still 20.75 lower: the money went back once, in cash.
    expect(cents(await balanceOf(103))).toBe(cents(before) - 2075);
  });

  it('after a cash refund, the rest by default gives the account only what it still holds', async () => {
    const before = await balanceOf(103);
    const order = await accountPaidMugs(2);
    const cash = await drawer();
    const first = await refund(order.id, {
      products: [{ id: order.products[0]!.id, quantity: 1, condition: 'unspoiled' }],
      total: 22,
      payment: [{ identifier: 'cash-payment', refundValue: 22 }],
      register: front,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.order.refundable_by_tender).toEqual([{ identifier: 'account-payment', label: 'Vendor Account', value: 22 }]);
    const rest = await refund(order.id, { products: [{ id: order.products[0]!.id, quantity: 1, condition: 'unspoiled' }], total: 22, register: front });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data.order).toMatchObject({
      payment_status: 'refunded',
      refunded_by_tender: [
        { identifier: 'cash-payment', label: 'Cash', value: 22 },
        { identifier: 'account-payment', label: 'Vendor Account', value: 22 },
      ],
    });
    expect(await drawer()).toBe(cash - 220_000);
    // Bought 41.50 without tax; the account got 22.00 of 44.00 back: 20.75 restored, 20.75 still spent.
    expect(cents(await balanceOf(103))).toBe(cents(before) - 2075);
  });

  it('voiding an account-paid order gives the account back, nothing from the drawer', async () => {
    const before = await balanceOf(103);
    const order = await accountPaidMugs(1);
    const cash = await drawer();
    const voided = await call('POST', `/orders/${order.id}/void`, { reason: 'Bought by mistake' });
    expect(voided.statusCode, voided.body).toBe(200);
    const after = (await call('GET', `/orders/${order.id}`)).json();
    expect(after).toMatchObject({ payment_status: 'order_void', refunded_by_tender: [{ identifier: 'account-payment', label: 'Vendor Account', value: 22 }] });
    expect(await drawer()).toBe(cash);
    expect(await balanceOf(103)).toBe(before);
  });

  it('a cash and card order is split by default in proportion: card 54, cash 50 with 14 change', async () => {
    await setOptions(t, { ns_pos_creditcard_toggle_fee: 0 });
    // Two runners, 45.00 each, no tax: 90.00 paid 54.00 by card and 50.00 in cash, 14.00 change: cash kept 36.00.
    const placed = await placeOrder(
      t,
      as.cashier,
      cart(
        [{ product_id: runner.product_id, unit_id: runner.unit_id, quantity: 2 }],
        [
          { identifier: 'card', value: 54 },
          { identifier: 'cash-payment', value: 50 },
        ],
        { register_id: front },
      ),
    );
    expect(placed).toMatchObject({ total: 90, tendered: 104, change: 14, payment_status: 'paid' });
    expect(placed.refundable_by_tender).toEqual([
      { identifier: 'card', label: 'Card', value: 54 },
      { identifier: 'cash-payment', label: 'Cash', value: 36 },
    ]);
    const line = placed.products[0].id;
    const cash = await drawer();
    const one = await refund(placed.id, { products: [{ id: line, quantity: 1, condition: 'unspoiled' }], total: 45, register: front });
    expect(one.statusCode, one.body).toBe(200);
    // 45 × 54/90 = 27.00 to the card, 45 × 36/90 = 18.00 in cash.
    expect(one.json().data.orderRefund.payments).toEqual([
      { identifier: 'card', label: 'Card', value: 27 },
      { identifier: 'cash-payment', label: 'Cash', value: 18 },
    ]);
    expect(await drawer()).toBe(cash - 180_000);
    const two = await refund(placed.id, { products: [{ id: line, quantity: 1, condition: 'unspoiled' }], total: 45, register: front });
    expect(two.json().data.orderRefund.payments).toEqual([
      { identifier: 'card', label: 'Card', value: 27 },
      { identifier: 'cash-payment', label: 'Cash', value: 18 },
    ]);
    expect(two.json().data.order).toMatchObject({
      payment_status: 'refunded',
      total_refunded: 90,
      refunded_by_tender: [
        { identifier: 'card', label: 'Card', value: 54 },
        { identifier: 'cash-payment', label: 'Cash', value: 36 },
      ],
    });
    expect(await drawer()).toBe(cash - 360_000);
  });

  it('a card sale returned in full gives back 50.00, keeps the 1.80 fee and reads refunded', async () => {
    // Till card fee 3 % + 0.30 (the default options): 50.00 → 1.50 + 0.30 = 1.80, total 51.80.
    const placed = await placeOrder(t, as.cashier, {
      products: [{ product_type: 'dynamic', name: 'Gift basket', unit_price: 50, quantity: 1, tax_type: 'exclusive', vendor_id: 101 }],
      payments: [{ identifier: 'card', value: 50 }],
      register_id: front,
    });
    expect(placed).toMatchObject({ total: 51.8, cardfee: 1.8, tendered: 51.8, payment_status: 'paid', refundable: 50 });
    expect(placed.refundable_by_tender).toEqual([{ identifier: 'card', label: 'Card', value: 50 }]);
    const withFee = await refund(placed.id, { products: [{ id: placed.products[0].id, quantity: 1, condition: 'unspoiled' }], total: 51.8, register: front });
    expect(withFee.json().message).toBe('The refund total does not match its products: it should be 50.');
    const back = await refund(placed.id, { products: [{ id: placed.products[0].id, quantity: 1, condition: 'unspoiled' }], total: 50, register: front });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.orderRefund.payments).toEqual([{ identifier: 'card', label: 'Card', value: 50 }]);
    expect(back.json().data.order).toMatchObject({
      payment_status: 'refunded',
      total: 51.8,
      cardfee: 1.8,
      total_refunded: 50,
      refundable: 0,
      refundable_by_tender: [],
      refunded_by_tender: [{ identifier: 'card', label: 'Card', value: 50 }],
    });
  });

  it('a void of a card sale gives back 50.00 to the card and keeps the 1.80 fee, like a return', async () => {
    const placed = await placeOrder(t, as.cashier, {
      products: [{ product_type: 'dynamic', name: 'Gift basket', unit_price: 50, quantity: 1, tax_type: 'exclusive', vendor_id: 101 }],
      payments: [{ identifier: 'card', value: 50 }],
      register_id: front,
    });
    const voided = await call('POST', `/orders/${placed.id}/void`, { reason: 'Wrong customer' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await call('GET', `/orders/${placed.id}`)).json()).toMatchObject({
      payment_status: 'order_void',
      total: 51.8,
      cardfee: 1.8,
      total_refunded: 50,
      refunded_by_tender: [{ identifier: 'card', label: 'Card', value: 50 }],
    });
  });

  it('no tender but cash gives back more than it took: 422 with its most, nothing written', async () => {
    await setOptions(t, { ns_pos_creditcard_toggle_fee: 0 });
    const placed = await placeOrder(
      t,
      as.cashier,
      cart(
        [{ product_id: runner.product_id, unit_id: runner.unit_id, quantity: 2 }],
        [
          { identifier: 'card', value: 54 },
          { identifier: 'cash-payment', value: 50 },
        ],
        { register_id: front },
      ),
    );
    const lines = [{ id: placed.products[0].id, quantity: 2, condition: 'unspoiled' }];
    const before = await snapshot(t);
    const cases: Array<[object, string]> = [
      [
        [
          { identifier: 'card', refundValue: 60 },
          { identifier: 'cash-payment', refundValue: 30 },
        ],
        'The Card payment can give back at most 54 on this order.',
      ],
      [{ identifier: 'card' }, 'The Card payment can give back at most 54 on this order.'],
      [
        [
          { identifier: 'account-payment', refundValue: 10 },
          { identifier: 'cash-payment', refundValue: 80 },
        ],
        'The Vendor Account payment can give back at most 0 on this order.',
      ],
      [{ identifier: 'bank-payment' }, 'The Bank Transfer payment can give back at most 0 on this order.'],
    ];
    for (const [payment, message] of cases) {
      const response = await refund(placed.id, { products: lines, total: 90, payment, register: front });
      expect(response.statusCode, JSON.stringify(payment)).toBe(422);
      expect(response.json()).toEqual({
        status: 'failed',
        message,
        errors: { payment: [message] },
        field_errors: [{ identifier: 'invalid', invalid: true, message: message, name: 'payment' }],
      });
    }
    expect(await snapshot(t)).toBe(before);
    // Cash is the store's own drawer: all of it in cash is staff's choice.
    const inCash = await refund(placed.id, { products: lines, total: 90, payment: { identifier: 'cash-payment' }, register: front });
    expect(inCash.statusCode, inCash.body).toBe(200);
    expect(inCash.json().data.order.refunded_by_tender).toEqual([{ identifier: 'cash-payment', label: 'Cash', value: 90 }]);
  });
});
