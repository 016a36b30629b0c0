import { describe, expect, it } from 'vitest';
import { API, DIALECTS, type TestApp } from './harness';
import { frontCash, linesOf, makeOrder, snapshot, stockOf } from './ordersFixtures';
import { useRefundTill, type RefundTill } from './ordersRefundHelpers';
import { fromDecimal } from '../../schemas/money';
import type { PaymentStatus } from '../../schemas/paymentStatus';
import type { RefundAnswer } from '../../schemas/orders/api';

/** POST /orders/{id}/refund giving back products and shipping, the orders it refuses, and refunds racing. */

describe.each(DIALECTS)('order refunds on %s', (dialect) => {
  let t: TestApp;
  let cashier: string;
  let front: number;
  let refund: RefundTill['refund'];
  let demoOrder: RefundTill['demoOrder'];
  let paidOrder: RefundTill['paidOrder'];
  useRefundTill(dialect, (till) => ({ t, cashier, front, refund, demoOrder, paidOrder } = till));

  it('refunds one unspoiled mug in cash: stock back, drawer down, partially refunded, listed with its products', async () => {
    const orderId = await paidOrder();
    const [mug] = await linesOf(t, orderId);
    const [stockBefore, cashBefore] = [await stockOf(t, 'Hand-Thrown Mug'), await frontCash(t)];
    const response = await refund(orderId, {
      products: [{ id: mug!.id, quantity: 1, condition: 'unspoiled', description: 'Wrong colour.' }],
      total: 22,
      payment: { identifier: 'cash-payment' },
      register: front,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'success',
      message: 'The order has been refunded.',
      data: { order: { id: orderId, payment_status: 'partially_refunded', total_refunded: 22 } },
    });
    expect(body.data.orderRefund).toMatchObject({
      total: 22,
      shipping: 0,
      author: { username: 'cashier' },
      register: { id: front, name: 'Front Till' },
      payments: [{ identifier: 'cash-payment', label: 'Cash', value: 22 }],
      refunded_products: [
        {
          order_product_id: mug!.id,
          quantity: 1,
          total_price: 22,
          unit_price: 22,
          condition: 'unspoiled',
          refund_type: 'refund_product',
          description: 'Wrong colour.',
          tax_value: 1.25,
        },
      ],
    });
    expect(body.data.order.products[0]).toMatchObject({ refunded_quantity: 1, available_quantity: 1 });
    expect(await stockOf(t, 'Hand-Thrown Mug')).toBe(stockBefore + 1);
    expect(await frontCash(t)).toBe(cashBefore - fromDecimal('22'));
    const movement = await t.database.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('reason', '=', 'refund_unspoiled')
      .execute();
    expect(movement.map((row) => row.quantity)).toEqual([1]);

    const list = await t.call({ method: 'GET', url: `${API}/orders/${orderId}/refunds`, cookie: cashier });
    expect(list.statusCode).toBe(200);
    const refunds = list.json().refunds as RefundAnswer[];
    expect(refunds.map((entry) => entry.id)).toEqual([body.data.orderRefund.id]);
    const receipt = await t.call({ method: 'GET', url: `${API}/receipts/refund/${body.data.orderRefund.id}`, cookie: cashier });
    expect(receipt.statusCode).toBe(200);
  });

  it('refunds everything (damaged, by card and cash) → refunded; nothing back in stock; then refuses any further refund', async () => {
    // Paid 40.00 by card and 30.00 in cash for 63.99: 6.01 change, so cash can give back 23.99.
    const orderId = await makeOrder(t, {
      lines: [
        { product: 'Hand-Thrown Mug', quantity: 2 },
        { product: 'Silk Scarf', quantity: 1, vendor: 102 },
      ],
      payments: [
        ['card', '40.00'],
        ['cash-payment', '30.00'],
      ],
      customer: 'customer',
    });
    const [mug, scarf] = await linesOf(t, orderId);
    const stockBefore = await stockOf(t, 'Hand-Thrown Mug');
    const response = await refund(orderId, {
      products: [
        { id: mug!.id, quantity: 2, condition: 'damaged' },
        { id: scarf!.id, quantity: 1, condition: 'unspoiled' },
      ],
      total: 63.99,
      payment: [
        { identifier: 'card', refundValue: 40, label: 'Card' },
        { identifier: 'cash-payment', refundValue: 23.99 },
      ],
      register: front,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.order.payment_status).toBe('refunded');
    expect(await stockOf(t, 'Hand-Thrown Mug')).toBe(stockBefore);
    const again = await refund(orderId, { products: [], total: 0, payment: { identifier: 'cash-payment' }, register: front, refund_shipping: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'failed', message: 'Unable to refund an order that is Refunded.' });
  });

  it('gives the shipping back once', async () => {
    const orderId = await makeOrder(t, { lines: [{ product: 'Silk Scarf', quantity: 1 }], shipping: '7.50', payments: [['card', '27.49']] });
    const first = await refund(orderId, { products: [], refund_shipping: true, total: 7.5, payment: { identifier: 'card' }, register: front });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.orderRefund).toMatchObject({ total: 7.5, shipping: 7.5 });
    const before = await snapshot(t);
    const second = await refund(orderId, { products: [], refund_shipping: 1, total: 7.5, payment: { identifier: 'card' }, register: front });
    expect(second.statusCode).toBe(422);
    expect(second.json()).toMatchObject({
      message: 'The shipping of this order has already been refunded.',
      errors: { refund_shipping: ['The shipping of this order has already been refunded.'] },
    });
    expect(await snapshot(t)).toBe(before);
  });

  it('refunds the last runner of the demo partially refunded order', async () => {
    const orderId = await demoOrder('partially_refunded');
    const [runner] = await linesOf(t, orderId);
    // The two runners (90.00) carry 2.78 of the 5.00 coupon: they sold for 87.22, the first came back for 43.61.
    const response = await refund(orderId, {
      products: [{ id: runner!.id, quantity: 1, condition: 'unspoiled' }],
      total: 43.61,
      payment: { identifier: 'bank-payment' },
      register: front,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.order).toMatchObject({ payment_status: 'partially_refunded', total_refunded: 87.22 });
    const over = await refund(orderId, {
      products: [{ id: runner!.id, quantity: 1, condition: 'unspoiled' }],
      total: 43.61,
      payment: { identifier: 'bank-payment' },
      register: front,
    });
    expect(over.json()).toMatchObject({ message: 'Not enough quantity to proceed.', errors: { 'products.0.quantity': ['Not enough quantity to proceed.'] } });
  });

  it('a partially paid order gives back at most what was paid', async () => {
    const orderId = await makeOrder(t, { lines: [{ product: 'Oak Rocking Chair', quantity: 1 }], payments: [['cash-payment', '50.00']], instalments: true });
    const [chair] = await linesOf(t, orderId);
    const tooMuch = await refund(orderId, {
      products: [{ id: chair!.id, quantity: 1, condition: 'unspoiled' }],
      total: 149,
      payment: { identifier: 'cash-payment' },
      register: front,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe('Unable To Proceed. The refund exceeds what remains paid on this order.');
    const price = await refund(orderId, {
      products: [{ id: chair!.id, quantity: 1, condition: 'unspoiled', refund_type: 'refund_payment', unit_price: 50 }],
      total: 50,
      payment: { identifier: 'cash-payment' },
      register: front,
    });
    expect(price.statusCode, price.body).toBe(200);
    // What was paid is all given back, but the chair is still owed on: the layaway stays open and collects.
    expect(price.json().data.order).toMatchObject({ payment_status: 'partially_refunded', total_refunded: 50 });
    expect(price.json().data.order.allowed_actions).toMatchObject({ pay: true, instalments: true, void: true, delete: false });
  });

  it.each<PaymentStatus>(['unpaid', 'hold', 'order_void', 'refunded'])('refuses to refund a demo %s order (409)', async (status) => {
    const orderId = await demoOrder(status);
    const [line] = await linesOf(t, orderId);
    const before = await snapshot(t);
    const response = await refund(orderId, {
      products: [{ id: line!.id, quantity: 1, condition: 'unspoiled' }],
      total: 1,
      payment: { identifier: 'cash-payment' },
      register: front,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().status).toBe('failed');
    expect(await snapshot(t)).toBe(before);
  });

  it('20 refunds racing on one order never give back more than was sold', async () => {
    const orderId = await makeOrder(t, { lines: [{ product: 'Beeswax Candles', quantity: 3 }], payments: [['card', '20.25']] });
    const [candles] = await linesOf(t, orderId);
    const stockBefore = await stockOf(t, 'Beeswax Candles');
    const cookies = await Promise.all(['cashier', 'manager', 'admin', 'storeadmin'].map((username) => t.login(username)));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        refund(
          orderId,
          {
            products: [{ id: candles!.id, quantity: 1, condition: 'unspoiled' }],
            total: 6.75,
            payment: { identifier: 'card' },
            register: front,
          },
          cookies[index % cookies.length],
        ),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.every((code) => code === 200 || code === 422 || code === 409)).toBe(true);
    const refunded = await t.database.db.selectFrom('order_refunded_products').select('quantity').where('order_id', '=', orderId).execute();
    expect(refunded.reduce((total, row) => total + row.quantity, 0)).toBe(3);
    expect(await stockOf(t, 'Beeswax Candles')).toBe(stockBefore + 3);
    const order = await t.database.db.selectFrom('orders').select(['payment_status']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.payment_status).toBe('refunded');

    // Two big refunds at once: only one fits in what was paid.
    const big = await makeOrder(t, { lines: [{ product: 'Silk Scarf', quantity: 2 }], payments: [['card', '39.98']] });
    const [scarves] = await linesOf(t, big);
    const pair = await Promise.all(
      [0, 1].map((index) =>
        refund(
          big,
          {
            products: [{ id: scarves!.id, quantity: 2, condition: 'damaged' }],
            total: 39.98,
            payment: { identifier: 'card' },
            register: front,
          },
          cookies[index],
        ),
      ),
    );
    expect(pair.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const sum = await t.database.db.selectFrom('order_refunds').select('total').where('order_id', '=', big).execute();
    expect(sum.map((row) => row.total)).toEqual([fromDecimal('39.98')]);
  });

  it('two refunds of different lines at once never give back more than a layaway has been paid', async () => {
    const cookies = await Promise.all(['cashier', 'manager'].map((username) => t.login(username)));
    for (let round = 0; round < 4; round += 1) {
      // 19.99 + 20.25 sold, 20.25 paid: either line alone fits in what was paid, both do not.
      const orderId = await makeOrder(t, {
        lines: [
          { product: 'Silk Scarf', quantity: 1 },
          { product: 'Beeswax Candles', quantity: 3 },
        ],
        payments: [['card', '20.25']],
        instalments: true,
      });
      const [scarf, candles] = await linesOf(t, orderId);
      const asks = [
        { products: [{ id: scarf!.id, quantity: 1, condition: 'damaged' }], total: 19.99 },
        { products: [{ id: candles!.id, quantity: 3, condition: 'damaged' }], total: 20.25 },
      ];
      const responses = await Promise.all(
        asks.map((ask, index) => refund(orderId, { ...ask, payment: { identifier: 'card' }, register: front }, cookies[index])),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
      const refunds = await t.database.db.selectFrom('order_refunds').select('total').where('order_id', '=', orderId).execute();
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.total).toBeLessThanOrEqual(fromDecimal('20.25'));
    }
  });
});
