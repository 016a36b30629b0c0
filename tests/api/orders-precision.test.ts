import { describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from './harness';
import { cart, orderTablesSnapshot, placeOrder, setOptions, url, useTillApp, type TillApp } from './ordersTillHelpers';
import { DEFAULT_OPTIONS } from '../../schemas/options';

describe.each(DIALECTS)('amounts held to the currency precision on %s', (dialect) => {
  let t: TestApp;
  let as: TillApp['as'];
  let runner: TillApp['runner'];
  let front: number;
  useTillApp(dialect, { options: { ...DEFAULT_OPTIONS, unit_price_editable: 'yes' }, runnerStock: 50 }, (till) => ({ t, as, runner, front } = till));
  const call = (method: 'POST' | 'PUT', path: string, payload: unknown) => t.call({ method, url: url(path), cookie: as.cashier, payload: payload as object });
  const line = () => ({ product_id: runner.product_id, unit_id: runner.unit_id, quantity: 1 });
  const TWO = 'The amount must have at most 2 decimals in this currency.';

  it('refuses a 0.001 payment and a 10.005 price at checkout (422, each field named), storing nothing', async () => {
    const before = await orderTablesSnapshot(t);
    const payment = await call('POST', '/orders', cart([line()], [{ identifier: 'cash-payment', value: 0.001 }]));
    expect(payment.statusCode).toBe(422);
    expect(payment.json()).toEqual({
      status: 'failed',
      message: TWO,
      errors: { 'payments.0.value': [TWO] },
      field_errors: [{ identifier: 'invalid', invalid: true, message: TWO, name: 'payments.0.value' }],
    });
    const price = await call('POST', '/orders', {
      products: [
        { product_type: 'dynamic', name: 'Birdhouse', unit_price: 10.005, tax_type: 'inclusive', quantity: 1, discount_type: 'flat', discount: 0.125 },
      ],
      payments: [],
      shipping: 1.001,
    });
    expect(price.statusCode).toBe(422);
    expect(price.json().errors).toEqual({ 'products.0.unit_price': [TWO], 'products.0.discount': [TWO], shipping: [TWO] });
    expect(await orderTablesSnapshot(t)).toEqual(before);
  });

  it('refuses finer payments, line prices, refunds and instalments on an existing order', async () => {
    const order = await placeOrder(t, as.cashier, cart([line()], [], { support_instalments: true, save_unpaid: true }));
    const before = await orderTablesSnapshot(t);
    const payment = await call('POST', `/orders/${order.id}/payments`, { identifier: 'cash-payment', value: 0.001 });
    expect(payment.statusCode).toBe(422);
    expect(payment.json().errors).toEqual({ value: [TWO] });
    const edit = await call('PUT', `/orders/${order.id}/product`, { products: [{ id: order.products[0].id, unit_price: 99.999 }] });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors).toEqual({ 'products.0.unit_price': [TWO] });
    const instalment = await call('POST', `/orders/${order.id}/instalments`, { instalment: { date: '2030-01-01', amount: 10.005 } });
    expect(instalment.statusCode).toBe(422);
    expect(instalment.json().errors).toEqual({ 'instalment.amount': [TWO] });
    const refund = await call('POST', `/orders/${order.id}/refund`, {
      products: [{ id: order.products[0].id, quantity: 1, condition: 'unspoiled', refund_type: 'refund_payment', unit_price: 1.0001 }],
      total: 1.0001,
      payment: { identifier: 'cash-payment', refundValue: 1.0001 },
      register: front,
    });
    expect(refund.statusCode).toBe(422);
    expect(refund.json().errors).toEqual({ 'products.0.unit_price': [TWO], total: [TWO], 'payment.refundValue': [TWO] });
    expect(await orderTablesSnapshot(t)).toEqual(before);
  });

  it('follows the store option: at precision 3 a 0.001 payment is taken, at precision 0 a 0.5 payment is refused', async () => {
    const order = await placeOrder(t, as.cashier, cart([line()], [], { save_unpaid: true }));
    await setOptions(t, { ns_currency_precision: 3 });
    const fine = await call('POST', `/orders/${order.id}/payments`, { identifier: 'cash-payment', value: 0.001 });
    expect(fine.statusCode, fine.body).toBe(200);
    await setOptions(t, { ns_currency_precision: 0 });
    const whole = await call('POST', `/orders/${order.id}/payments`, { identifier: 'cash-payment', value: 0.5 });
    expect(whole.statusCode).toBe(422);
    expect(whole.json()).toEqual({
      status: 'failed',
      message: 'The amount must be a whole number in this currency.',
      errors: { value: ['The amount must be a whole number in this currency.'] },
      field_errors: [{ identifier: 'invalid', invalid: true, message: 'The amount must be a whole number in this currency.', name: 'value' }],
    });
  });

  it('precision 0: a 10.40 sale is 11 (round up 0.60); paying 11 in cash settles it, 10 leaves 1 to pay; a card payment of 11 adds a fee of 1 and settles 12', async () => {
    await t.database.db
      .updateTable('product_unit_quantities')
      .set({ sale_price: 104_000 })
      .where('product_id', '=', runner.product_id)
      .where('unit_id', '=', runner.unit_id)
      .execute();
    await setOptions(t, { ns_currency_precision: 0, ns_pos_creditcard_toggle_fee: 1, ns_pos_creditcard_percentage_fee: 3, ns_pos_creditcard_flat_fee: 0.3 });
    const cash = await placeOrder(t, as.cashier, cart([line()], [{ identifier: 'cash-payment', value: 11 }]));
    expect(cash).toMatchObject({ total: 11, roundup: 0.6, tendered: 11, change: 0, payment_status: 'paid', left_to_pay: 0 });
    const short = await placeOrder(t, as.cashier, cart([line()], [{ identifier: 'cash-payment', value: 10 }], { save_unpaid: true }));
    expect(short).toMatchObject({ total: 11, roundup: 0.6, tendered: 10, payment_status: 'partially_paid', left_to_pay: 1 });
    const card = await placeOrder(t, as.cashier, cart([line()], [{ identifier: 'card', value: 11 }]));
    expect(card).toMatchObject({ total: 12, cardfee: 1, roundup: 0.6, tendered: 12, change: 0, payment_status: 'paid', left_to_pay: 0 });
    const fraction = await call('POST', '/orders', cart([line()], [{ identifier: 'cash-payment', value: 10.4 }]));
    expect(fraction.statusCode).toBe(422);
    expect(fraction.json().errors).toEqual({ 'payments.0.value': ['The amount must be a whole number in this currency.'] });
  });
});
