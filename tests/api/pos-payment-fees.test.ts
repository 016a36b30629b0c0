import { describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from './harness';
import { ROLE_LOGINS } from './vendorsHelpers';
import { placeOrder, setOptions, url } from './ordersTillHelpers';
import { STAFF, useCheckoutTill, type CheckoutTill } from './ordersCheckoutHelpers';

/** GET /pos/payment-fees: the figure the till shows before a card is charged is the figure the checkout charges. */

describe.each(DIALECTS)('GET /pos/payment-fees on %s', (dialect) => {
  let t: TestApp;
  let as: CheckoutTill['as'];
  useCheckoutTill(dialect, (till) => ({ t, as } = till));
  const get = (query: string, cookie: string | null = as.cashier) =>
    t.call({ method: 'GET', url: url(`/pos/payment-fees${query}`), ...(cookie ? { cookie } : {}) });
  const line = { product_type: 'dynamic' as const, name: 'Gift basket', unit_price: 38.24, quantity: 1, tax_type: 'inclusive' as const, vendor_id: 101 };

  it('answers each active payment type with its fee and total, and the card is then charged that total', async () => {
    const response = await get('?amount=38.24');
    expect(response.statusCode, response.body).toBe(200);
    // 3 % of 38.24 = 1.1472, truncated to 1.14, + 0.30 = 1.44.
    const fees = response.json();
    expect(fees).toContainEqual({ identifier: 'card', amount: 38.24, fee: 1.44, total: 39.68 });
    expect(fees).toContainEqual({ identifier: 'cash-payment', amount: 38.24, fee: 0, total: 38.24 });
    expect(fees).toContainEqual({ identifier: 'bank-payment', amount: 38.24, fee: 0, total: 38.24 });
    const order = await placeOrder(t, as.cashier, { products: [line], payments: [{ identifier: 'card', value: 38.24 }] });
    expect(order).toMatchObject({ payment_status: 'paid', cardfee: 1.44, total: 39.68 });
    expect(order.payments[0]).toMatchObject({ identifier: 'card', value: 39.68 });
  });

  it('follows the store options: no fee when the card fee is off, none on 0', async () => {
    expect((await get('?amount=0')).json()).toContainEqual({ identifier: 'card', amount: 0, fee: 0, total: 0 });
    await setOptions(t, { ns_pos_creditcard_percentage_fee: 2, ns_pos_creditcard_flat_fee: 0.1 });
    // 2 % of 10.00 = 0.20, + 0.10.
    expect((await get('?amount=10')).json()).toContainEqual({ identifier: 'card', amount: 10, fee: 0.3, total: 10.3 });
    await setOptions(t, { ns_pos_creditcard_toggle_fee: 0 });
    expect((await get('?amount=38.24')).json()).toContainEqual({ identifier: 'card', amount: 38.24, fee: 0, total: 38.24 });
  });

  it("answers the order payment screen's own card fee options when asked for screen=order", async () => {
    await setOptions(t, { ns_pos_creditcard_manual_percentage_fee: 3.5, ns_pos_creditcard_manual_flat_fee: 0.3 });
    // 3.5 % of 84.00 = 2.94, + 0.30 = 3.24; the till's options still answer the till's 3 % + 0.30 = 2.82.
    expect((await get('?amount=84&screen=order')).json()).toContainEqual({ identifier: 'card', amount: 84, fee: 3.24, total: 87.24 });
    expect((await get('?amount=84&screen=till')).json()).toContainEqual({ identifier: 'card', amount: 84, fee: 2.82, total: 86.82 });
  });

  it('refuses bad amounts (422) and callers other than staff', async () => {
    for (const query of ['', '?amount=', '?amount=-1', '?amount=abc', '?amount=1.00001', '?amount=1e308', '?amount=5&x=1', '?amount=5&screen=web']) {
      expect((await get(query)).statusCode, query).toBe(422);
    }
    for (const login of ROLE_LOGINS) expect((await get('?amount=5', as[login])).statusCode, login).toBe(STAFF.includes(login) ? 200 : 403);
    expect((await get('?amount=5', null)).statusCode).toBe(401);
  });
});
