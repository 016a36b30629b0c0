import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { frontCash, linesOf, makeOrder, snapshot, stockOf } from './ordersFixtures';
import { fromDecimal } from '../../schemas/money';
import type { PaymentStatus } from '../../schemas/paymentStatus';
import { manualCardFee, cardFee } from '../../schemas/orders/cardFee';
import { DEFAULT_OPTIONS } from '../../schemas/options';

// ---------------------------------------------------------------- tests

const LOWER = 'Unable To Update Order. Please Use Refund Module When The New Price Is Lower Than The Original Price.';

describe.each(DIALECTS)('order line edits on %s', (dialect) => {
  let t: TestApp;
  let cashier: string;
  let admin: string;

  const edit = (orderId: number, payload: unknown, cookie = cashier) =>
    t.call({ method: 'PUT', url: `${API}/orders/${orderId}/product`, cookie, payload: payload as object });
  const setOptions = async (payload: Record<string, unknown>) => {
    const response = await t.call({ method: 'POST', url: `${API}/options`, cookie: admin, payload });
    expect(response.statusCode, response.body).toBe(200);
  };
  const demoOrder = async (status: PaymentStatus) =>
    (await t.database.db.selectFrom('orders').select('id').where('payment_status', '=', status).orderBy('id').executeTakeFirstOrThrow()).id;
  const orderRow = (orderId: number) => t.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();

  /** Paid: two mugs (44.00) and a dynamic birdhouse (35.00, exclusive), card 79.00. */
  const paidOrder = () =>
    makeOrder(t, {
      lines: [
        { product: 'Hand-Thrown Mug', quantity: 2 },
        { product: 'Booth Sale Item', price: '35.00', quantity: 1, vendor: 102 },
      ],
      payments: [['card', '79.00']],
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [cashier, admin] = await Promise.all([t.login('cashier'), t.login('admin')]);
  });
  afterAll(() => t.close());

  it('equal total: name, vendor and tax type change and the order stays paid', async () => {
    const orderId = await paidOrder();
    const [mug, birdhouse] = await linesOf(t, orderId);
    const response = await edit(orderId, {
      products: [
        { id: mug!.id, name: 'Blue Mug', vendor_id: 103 },
        { id: birdhouse!.id, unit_price: 35, tax_type: 'exclusive' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'success',
      message: 'The order has been updated.',
      data: { order: { id: orderId, payment_status: 'paid', total: 79 } },
    });
    expect(body.data.order.products[0]).toMatchObject({ name: 'Blue Mug', vendor_id: 103, vendor: { username: 'retroroom', vendor_id: 103 } });
  });

  it('higher total: a third mug takes stock and leaves the order partially paid; the till then charges the difference in cash', async () => {
    const orderId = await paidOrder();
    const [mug] = await linesOf(t, orderId);
    const stock = await stockOf(t, 'Hand-Thrown Mug');
    const response = await edit(orderId, { products: [{ id: mug!.id, quantity: 3 }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.order).toMatchObject({ payment_status: 'partially_paid', total: 101, tendered: 79 });
    expect(await stockOf(t, 'Hand-Thrown Mug')).toBe(stock - 1);
    const movements = await t.database.db.selectFrom('stock_movements').select(['quantity', 'reason']).where('order_id', '=', orderId).orderBy('id').execute();
    expect(movements.at(-1)).toEqual({ quantity: -1, reason: 'adjustment' });

    // The pending update flow: one more mug and the difference (22.00) paid with 30.00 cash; 8.00 change from the drawer.
    const cash = await frontCash(t);
    const charged = await edit(orderId, { products: [{ id: mug!.id, quantity: 4 }], payments: [{ identifier: 'cash-payment', value: 52 }] });
    expect(charged.statusCode, charged.body).toBe(200);
    expect(charged.json().data.order).toMatchObject({ payment_status: 'paid', total: 123, tendered: 131, change: 8 });
    expect(await frontCash(t)).toBe(cash + fromDecimal('44'));
    // Fewer mugs again: lower → refused, stock untouched.
    const before = await snapshot(t);
    const lower = await edit(orderId, { products: [{ id: mug!.id, quantity: 1 }] });
    expect(lower.statusCode).toBe(422);
    expect(lower.json()).toEqual({ status: 'failed', message: LOWER, errors: { products: [LOWER] } });
    expect(await snapshot(t)).toBe(before);
    // The 8.00 change was handed back: a rise of 4.00 is owed, not covered by money the customer took home.
    const rise = await edit(orderId, { products: [{ id: mug!.id, unit_price: 23 }] });
    expect(rise.statusCode, rise.body).toBe(200);
    expect(rise.json().data.order).toMatchObject({ payment_status: 'partially_paid', total: 127, tendered: 131, change: 8 });
  });

  it('a card payment sent with the update carries the till card fee', async () => {
    const orderId = await paidOrder();
    const [mug] = await linesOf(t, orderId);
    const response = await edit(orderId, { products: [{ id: mug!.id, unit_price: 30 }], payments: [{ identifier: 'card', value: 16 }] });
    expect(response.statusCode, response.body).toBe(200);
    const fee = cardFee(fromDecimal('16'), DEFAULT_OPTIONS) / 10_000;
    expect(fee).toBeGreaterThan(0);
    expect(fee).not.toBe(manualCardFee(fromDecimal('16'), DEFAULT_OPTIONS) / 10_000);
    expect(response.json().data.order).toMatchObject({ cardfee: fee, total: 95 + fee, tendered: 95 + fee, payment_status: 'paid' });
  });

  it('percentage discounts clamp to 0…100 and flat discounts to the line total', async () => {
    const orderId = await makeOrder(t, {
      lines: [
        { product: 'Silk Scarf', quantity: 1, discount: { type: 'percentage', percent: 100 } },
        { product: 'Silk Scarf', quantity: 1 },
      ],
      payments: [['card', '19.99']],
    });
    const [free, scarf] = await linesOf(t, orderId);
    const flat = await edit(orderId, { products: [{ id: free!.id, discount_type: 'flat', discount: 1000 }] });
    expect(flat.statusCode, flat.body).toBe(200);
    expect(flat.json().data.order.products[0]).toMatchObject({ discount_type: 'flat', discount: 19.99, total_price: 0 });
    const negative = await edit(orderId, { products: [{ id: scarf!.id, discount_type: 'percentage', discount_percentage: -5 }] });
    expect(negative.statusCode, negative.body).toBe(200);
    expect(negative.json().data.order.products[1]).toMatchObject({ discount_type: 'percentage', discount_percentage: 0, total_price: 19.99 });
    const above = await edit(orderId, { products: [{ id: scarf!.id, discount_percentage: 150 }] });
    expect(above.json().message).toBe(LOWER);
    // Removing a discount is allowed even with product discounts off, and raises the total.
    await setOptions({ products_discount: 'no' });
    try {
      const removed = await edit(orderId, { products: [{ id: free!.id, discount_type: null }] });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().data.order).toMatchObject({ total: 39.98, payment_status: 'partially_paid' });
    } finally {
      await setOptions({ products_discount: 'yes' });
    }
  });

  describe('refusals answer 422 with the spec message and change nothing', () => {
    let orderId: number;
    let mug: number;
    let birdhouse: number;
    let couponLine: number;
    beforeAll(async () => {
      orderId = await makeOrder(t, {
        lines: [
          { product: 'Hand-Thrown Mug', quantity: 2 },
          { product: 'Booth Sale Item', price: '35.00', quantity: 1 },
          { product: 'Milk Glass Vase', quantity: 1 },
        ],
        payments: [['card', '50.00']],
      });
      [mug, birdhouse, couponLine] = (await linesOf(t, orderId)).map((line) => line.id) as [number, number, number];
      await t.database.db
        .insertInto('order_coupons')
        .values({
          order_id: orderId,
          order_product_id: couponLine,
          name: 'VASE10',
          type: 'percentage_discount',
          discount_value: 100_000,
          value: fromDecimal('2.73'),
          created_at: '2026-01-05 10:00:00',
        })
        .execute();
    });

    it.each<[string, () => unknown, string, string, Record<string, unknown>?]>([
      [
        'a dynamic product price',
        () => ({ products: [{ id: birdhouse, unit_price: 40 }] }),
        'products.0.unit_price',
        "Dynamic product can't have their price updated.",
      ],
      [
        'a price with editable prices off',
        () => ({ products: [{ id: mug, unit_price: 30 }] }),
        'products.0.unit_price',
        'The editable price feature is disabled.',
        { unit_price_editable: 'no' },
      ],
      ['a price of 0', () => ({ products: [{ id: mug, unit_price: 0 }] }), 'products.0.unit_price', 'The price must be above 0.'],
      [
        'a discount with product discounts off',
        () => ({ products: [{ id: mug, discount_type: 'flat', discount: 1 }] }),
        'products.0.discount',
        "You're not allowed to add a discount on the product.",
        { products_discount: 'no' },
      ],
      [
        'the quantity of a dynamic product',
        () => ({ products: [{ id: birdhouse, quantity: 2 }] }),
        'products.0.quantity',
        'The quantity of a dynamic product cannot be changed.',
      ],
      [
        'the quantity of a line with coupons',
        () => ({ products: [{ id: couponLine, quantity: 2 }] }),
        'products.0.quantity',
        'The quantity of a product with coupons cannot be changed.',
      ],
      [
        'a decimal quantity',
        () => ({ products: [{ id: mug, quantity: 2.5 }] }),
        'products.0.quantity',
        'Unable To Proceed. Product Quantity Should Be An Integer.',
      ],
      [
        'an inactive vendor',
        () => ({ products: [{ id: mug, vendor_id: 105 }] }),
        'products.0.vendor_id',
        'The selected vendor does not exist or is not active.',
      ],
      [
        'an unknown vendor',
        () => ({ products: [{ id: mug, vendor_id: 999 }] }),
        'products.0.vendor_id',
        'The selected vendor does not exist or is not active.',
      ],
      [
        'a line of another order',
        () => ({
          products: [
            { id: mug, name: 'x' },
            { id: 1, name: 'x' },
          ],
        }),
        'products.1.id',
        'This product is not part of the order.',
      ],
      ['a lower total', () => ({ products: [{ id: mug, discount_type: 'percentage', discount_percentage: 10 }] }), 'products', LOWER],
      [
        'a payment above what is due',
        () => ({ products: [{ id: mug, quantity: 3 }], payments: [{ identifier: 'card', value: 500 }] }),
        'value',
        'The payment exceeds the amount left to pay on this order.',
      ],
      [
        'an unknown payment type',
        () => ({ products: [{ id: mug, quantity: 3 }], payments: [{ identifier: 'gold', value: 1 }] }),
        'identifier',
        'This payment type is not available.',
      ],
    ])('%s', async (_name, payload, field, message, options) => {
      if (options) await setOptions(options);
      try {
        const before = await snapshot(t);
        const response = await edit(orderId, payload());
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json()).toEqual({ status: 'failed', message, errors: { [field]: [message] } });
        expect(await snapshot(t)).toBe(before);
      } finally {
        if (options) await setOptions({ unit_price_editable: 'yes', products_discount: 'yes' });
      }
    });

    it('decimal quantities pass when the option allows them', async () => {
      await setOptions({ ns_pos_allow_decimal_quantities: 'yes' });
      try {
        const response = await edit(orderId, { products: [{ id: mug, quantity: 2.5 }] });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().data.order.products[0]).toMatchObject({ quantity: 2.5, total_price: 55 });
      } finally {
        await setOptions({ ns_pos_allow_decimal_quantities: 'no' });
      }
    });

    it('not enough stock → 409 and nothing changes', async () => {
      const before = await snapshot(t);
      const response = await edit(orderId, { products: [{ id: mug, quantity: 10_000 }] });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Not enough stock for "Hand-Thrown Mug".');
      expect(await snapshot(t)).toBe(before);
    });

    it.each<[string, unknown]>([
      ['no products', { products: [] }],
      ['an unknown key', { products: [{ id: 1, colour: 'red' }] }],
      ['a negative price', { products: [{ id: 1, unit_price: -1 }] }],
      ['a quantity of 0', { products: [{ id: 1, quantity: 0 }] }],
      ['a string price', { products: [{ id: 1, unit_price: '3' }] }],
      ['a bad tax type', { products: [{ id: 1, tax_type: 'none' }] }],
    ])('schema: %s', async (_name, payload) => {
      const before = await snapshot(t);
      const response = await edit(orderId, payload);
      expect(response.statusCode).toBe(422);
      expect(await snapshot(t)).toBe(before);
    });
  });

  it.each<PaymentStatus>(['hold', 'order_void', 'refunded', 'partially_refunded'])('refuses to edit a demo %s order (409)', async (status) => {
    const orderId = await demoOrder(status);
    const [line] = await linesOf(t, orderId);
    const before = await snapshot(t);
    const response = await edit(orderId, { products: [{ id: line!.id, name: 'Renamed' }] });
    expect(response.statusCode).toBe(409);
    expect(response.json().status).toBe('failed');
    expect(await snapshot(t)).toBe(before);
  });

  it('edits demo unpaid and partially paid orders; a raised total stays unpaid', async () => {
    const unpaid = await demoOrder('unpaid');
    const [jacket] = await linesOf(t, unpaid);
    const response = await edit(unpaid, { products: [{ id: jacket!.id, unit_price: 70 }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.order).toMatchObject({ payment_status: 'unpaid', total: 104.5 });
    const layaway = await demoOrder('partially_paid');
    const [chair] = await linesOf(t, layaway);
    const renamed = await edit(layaway, { products: [{ id: chair!.id, name: 'Oak Rocker' }] });
    expect(renamed.json().data.order).toMatchObject({ payment_status: 'partially_paid', total: 190 });
  });

  it('roles: staff edit; customers and vendors may not (403); no session 401; unknown order 404', async () => {
    const orderId = await paidOrder();
    const [mug] = await linesOf(t, orderId);
    for (const username of ['customer', 'vendor']) {
      expect((await edit(orderId, { products: [{ id: mug!.id, name: 'x' }] }, await t.login(username))).statusCode).toBe(403);
    }
    expect((await t.call({ method: 'PUT', url: `${API}/orders/${orderId}/product`, payload: { products: [{ id: mug!.id, name: 'x' }] } })).statusCode).toBe(
      401,
    );
    for (const username of ['admin', 'storeadmin', 'manager', 'cashier']) {
      const response = await edit(orderId, { products: [{ id: mug!.id, name: `Mug of ${username}` }] }, await t.login(username));
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await orderRow(orderId)).payment_status).toBe('paid');
    expect((await edit(999_999, { products: [{ id: mug!.id, name: 'x' }] })).statusCode).toBe(404);
  });
});
