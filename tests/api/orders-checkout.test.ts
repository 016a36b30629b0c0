import { describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from './harness';
import { ROLE_LOGINS } from './vendorsHelpers';
import { cart, placeOrder, registerBalance, setOptions, stockOf } from './ordersTillHelpers';
import { STAFF, useCheckoutTill, type CheckoutTill } from './ordersCheckoutHelpers';
import { fromDecimal } from '../../schemas/money';
import type { CheckoutBody } from '../../schemas/orders/api';

/** The till's sales through POST /orders: who may check out, codes, totals, fees, discounts and what an order keeps. */

const today = () => new Date().toISOString().slice(2, 10).replaceAll('-', '');

describe.each(DIALECTS)('POST /orders (checkout) on %s', (dialect) => {
  let t: TestApp;
  let as: CheckoutTill['as'];
  let runner: CheckoutTill['runner'];
  let mug: CheckoutTill['mug'];
  let front: number;
  let post: CheckoutTill['post'];
  let runnerLine: CheckoutTill['runnerLine'];
  useCheckoutTill(dialect, (till) => ({ t, as, runner, mug, front, post, runnerLine } = till));

  it('lets staff check out, refuses vendors and customers (403) and anonymous callers (401)', async () => {
    for (const login of ROLE_LOGINS) {
      const response = await post(cart([runnerLine()], [], { register_id: front, save_unpaid: true }), as[login]);
      expect(response.statusCode, login).toBe(STAFF.includes(login) ? 200 : 403);
    }
    expect((await post(cart([runnerLine()]), null)).statusCode).toBe(401);
  });

  it('sells for cash with change: code YYMMDD-NNN, totals, stock taken once with a sale movement, register keeps the price', async () => {
    const stock = await stockOf(t, runner.product_id, runner.unit_id);
    const cash = await registerBalance(t, front);
    const response = await post(cart([runnerLine(2)], [{ identifier: 'cash-payment', value: 100 }], { register_id: front, customer_id: 1 }));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'success', message: 'The order has been placed.' });
    const order = body.data.order;
    expect(order.code).toMatch(new RegExp(`^${today()}-\\d{3}$`));
    expect(order).toMatchObject({
      payment_status: 'paid',
      subtotal: 90,
      total: 90,
      tendered: 100,
      change: 10,
      cardfee: 0,
      customer: { id: 1, name: 'Carl Customer' },
      user: { username: 'cashier' },
      register: { id: front, name: 'Front Till' },
      process_status: 'pending',
      delivery_status: 'pending',
    });
    expect(order.products).toEqual([
      expect.objectContaining({
        name: 'Quilted Table Runner',
        unit_price: 45,
        quantity: 2,
        total_price: 90,
        tax_type: 'exclusive',
        refunded_quantity: 0,
        available_quantity: 2,
      }),
    ]);
    expect(order.payments).toEqual([expect.objectContaining({ identifier: 'cash-payment', label: 'Cash', value: 100, author: 'cashier' })]);
    expect(await stockOf(t, runner.product_id, runner.unit_id)).toBe(stock - 2);
    const movements = await t.database.db.selectFrom('stock_movements').selectAll().where('order_id', '=', order.id).execute();
    expect(movements).toEqual([expect.objectContaining({ product_id: runner.product_id, unit_id: runner.unit_id, quantity: -2, reason: 'sale' })]);
    expect((await registerBalance(t, front)) - cash).toBe(fromDecimal(90));
  });

  it("numbers the day's orders one after the other", async () => {
    const first = await placeOrder(t, as.cashier, cart([runnerLine()], [], { save_unpaid: true }));
    const second = await placeOrder(t, as.manager, cart([runnerLine()], [], { save_unpaid: true }));
    const [day, n] = first.code.split('-');
    expect(second.code).toBe(`${day}-${String(Number(n) + 1).padStart(3, '0')}`);
  });

  it('adds the till card fee (3 % truncated to cents + 0.30) to the order and the payment', async () => {
    const order = await placeOrder(t, as.cashier, cart([runnerLine()], [{ identifier: 'card', value: 45 }]));
    // 3 % of 45.00 = 1.35, + 0.30 = 1.65.
    expect(order).toMatchObject({ payment_status: 'paid', cardfee: 1.65, total: 46.65, tendered: 46.65, change: 0 });
    expect(order.payments[0]).toMatchObject({ identifier: 'card', label: 'Card', value: 46.65 });
    await setOptions(t, { ns_pos_creditcard_toggle_fee: 0 });
    expect(await placeOrder(t, as.cashier, cart([runnerLine()], [{ identifier: 'card', value: 45 }]))).toMatchObject({
      cardfee: 0,
      total: 45,
      payment_status: 'paid',
    });
  });

  it('mixes gateways', async () => {
    const mixed = await placeOrder(
      t,
      as.cashier,
      cart(
        [runnerLine(2)],
        [
          { identifier: 'bank-payment', value: 40 },
          { identifier: 'cash-payment', value: 60 },
        ],
        { register_id: front },
      ),
    );
    expect(mixed).toMatchObject({ payment_status: 'paid', total: 90, tendered: 100, change: 10 });
  });

  it('applies line and cart discounts, shipping, inclusive tax, dynamic lines and vendors per line', async () => {
    const body: CheckoutBody = {
      type: 'delivery',
      shipping: 7.5,
      discount_type: 'flat',
      discount: 5,
      products: [
        {
          product_type: 'product',
          product_id: runner.product_id,
          unit_id: runner.unit_id,
          quantity: 2,
          discount_type: 'percentage',
          discount_percentage: 10,
          vendor_id: 104,
        },
        { product_type: 'product', product_id: mug.product_id, unit_id: mug.unit_id, quantity: 1, vendor_id: 101 },
        { product_type: 'dynamic', name: 'Handmade Birdhouse', unit_price: 35, tax_type: 'exclusive', quantity: 1, vendor_id: 102 },
      ],
      payments: [],
      save_unpaid: true,
    };
    const order = await placeOrder(t, as.cashier, body);
    // 90 − 10 % = 81; mug 22 inclusive (tax 6 % inside); birdhouse 35. Subtotal 138, − 5 + 7.5 shipping = 140.5.
    expect(order).toMatchObject({ type: 'delivery', subtotal: 138, discount_type: 'flat', discount: 5, shipping: 7.5, total: 140.5, payment_status: 'unpaid' });
    expect(order.products[0]).toMatchObject({
      discount_type: 'percentage',
      discount_percentage: 10,
      discount: 9,
      total_price: 81,
      vendor: { username: 'craftcorner', vendor_id: 104 },
      vendor_id: 104,
    });
    expect(order.products[1]).toMatchObject({ tax_type: 'inclusive', total_price: 22, vendor_id: 101 });
    expect(order.products[1].tax_value).toBeGreaterThan(0);
    expect(order.products[2]).toMatchObject({
      product_type: 'dynamic',
      product_id: null,
      name: 'Handmade Birdhouse',
      unit_price: 35,
      vendor: { username: 'oldbarn' },
    });
  });

  it('takes the unit price from the catalogue unless unit_price_editable is yes and the price is above 0', async () => {
    const edited = await placeOrder(t, as.cashier, cart([{ ...runnerLine(), unit_price: 40 } as never], [], { save_unpaid: true }));
    expect(edited.products[0].unit_price).toBe(40);
    const zero = await placeOrder(t, as.cashier, cart([{ ...runnerLine(), unit_price: 0 } as never], [], { save_unpaid: true }));
    expect(zero.products[0].unit_price).toBe(45);
    await setOptions(t, { unit_price_editable: 'no' });
    const locked = await placeOrder(t, as.cashier, cart([{ ...runnerLine(), unit_price: 40 } as never], [], { save_unpaid: true }));
    expect(locked.products[0].unit_price).toBe(45);
  });

  it('stores the check information and answers it in extra', async () => {
    const checkinfo = {
      checkNumber: '1042',
      fullName: 'Carl Customer',
      dateOfBirth: '1970-01-01',
      licenseNumber: 'D123',
      address: '1 Main St',
      phoneNumber: '555-0100',
    };
    const order = await placeOrder(
      t,
      as.cashier,
      cart([runnerLine()], [{ identifier: 'bank-payment', value: 45 }], { extra: { checkinfo }, note: 'Gift wrap' }),
    );
    expect(order).toMatchObject({ extra: { checkinfo }, note: 'Gift wrap' });
  });

  it('sells decimal quantities only when ns_pos_allow_decimal_quantities is yes', async () => {
    await setOptions(t, { ns_pos_allow_decimal_quantities: 'yes' });
    const order = await placeOrder(t, as.cashier, cart([{ ...runnerLine(), quantity: 1.5 }], [], { save_unpaid: true }));
    expect(order.products[0]).toMatchObject({ quantity: 1.5, total_price: 67.5 });
  });
});
