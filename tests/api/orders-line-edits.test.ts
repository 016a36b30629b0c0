import { describe, expect, it } from 'vitest';
import { API, DIALECTS } from './harness';
import { frontCash, linesOf, makeOrder, snapshot, stockOf } from './ordersFixtures';
import { LOWER, useLineEditApp } from './lineEditsHelpers';
import { fromDecimal } from '../../schemas/money';
import type { PaymentStatus } from '../../schemas/paymentStatus';
import { manualCardFee, cardFee } from '../../schemas/orders/cardFee';
import { DEFAULT_OPTIONS } from '../../schemas/options';

/** Line edits that go through, the demo orders that refuse them, and who may edit. Refusals: orders-line-edit-refusals.test.ts. */
describe.each(DIALECTS)('order line edits on %s', (dialect) => {
  const { t, edit, setOptions, demoOrder, orderRow, paidOrder } = useLineEditApp(dialect);

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
    expect(lower.json()).toEqual({
      status: 'failed',
      message: LOWER,
      errors: { products: [LOWER] },
      field_errors: [{ identifier: 'invalid', invalid: true, message: LOWER, name: 'products' }],
    });
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
