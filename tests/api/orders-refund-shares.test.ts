import { describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from './harness';
import { linesOf, makeOrder, stockOf } from './ordersFixtures';
import { useRefundTill, type RefundTill } from './ordersRefundHelpers';
import { fromDecimal } from '../../schemas/money';

/** Refunds of part of a price (refund_payment) and the share of a line's money each returned unit takes. */

describe.each(DIALECTS)('order refunds on %s', (dialect) => {
  let t: TestApp;
  let front: number;
  let refund: RefundTill['refund'];
  let paidOrder: RefundTill['paidOrder'];
  useRefundTill(dialect, (till) => ({ t, front, refund, paidOrder } = till));

  it('refunds part of a price (refund_payment): its units stay returnable, no stock moved, discount a whole percent', async () => {
    const orderId = await paidOrder();
    const [mug] = await linesOf(t, orderId);
    const stockBefore = await stockOf(t, 'Hand-Thrown Mug');
    // 1 × 10.00 less 12 % (12.7 → 12) = 8.80, below the mug's share of 22.00.
    const response = await refund(orderId, {
      products: [{ id: mug!.id, quantity: 1, condition: 'unspoiled', refund_type: 'refund_payment', unit_price: 10, discount_percentage: 12.7 }],
      total: 8.8,
      payment: [{ identifier: 'cash-payment', refundValue: 8.8 }],
      register: front,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.orderRefund.refunded_products[0]).toMatchObject({
      refund_type: 'refund_payment',
      unit_price: 10,
      quantity: 1,
      discount: 1.2,
      discount_percentage: 12,
      total_price: 8.8,
      available_quantity: 2,
      refund_payment: 8.8,
    });
    expect(response.json().data.order.products[0]).toMatchObject({
      refunded_quantity: 0,
      available_quantity: 2,
      refundable_quantity: 2,
      refundable_amount: 35.2,
    });
    expect(await stockOf(t, 'Hand-Thrown Mug')).toBe(stockBefore);
    // Both mugs can come back: 44.00 less the 8.80 already given back.
    const both = await refund(orderId, {
      products: [{ id: mug!.id, quantity: 2, condition: 'unspoiled' }],
      total: 44,
      payment: { identifier: 'cash-payment' },
      register: front,
    });
    expect(both.json()).toMatchObject({ status: 'failed', message: 'The refund total does not match its products: it should be 35.2.' });
    // One mug: its 22.00 less half of the 8.80 (the price refund does not say which mug) = 17.60; the last takes the rest.
    const first = await refund(orderId, {
      products: [{ id: mug!.id, quantity: 1, condition: 'unspoiled' }],
      total: 17.6,
      payment: { identifier: 'cash-payment' },
      register: front,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.order.products[0]).toMatchObject({ refunded_quantity: 1, available_quantity: 1, refundable_amount: 17.6 });
    expect(first.json().data.orderRefund.refunded_products[0]).toMatchObject({ refund_type: 'refund_product', available_quantity: 1, refund_payment: 0 });
    const last = await refund(orderId, {
      products: [{ id: mug!.id, quantity: 1, condition: 'unspoiled' }],
      total: 17.6,
      payment: { identifier: 'cash-payment' },
      register: front,
    });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data.order.products[0]).toMatchObject({ refunded_quantity: 2, available_quantity: 0, refundable_quantity: 0, refundable_amount: 0 });
    expect(last.json().data.orderRefund.refunded_products[0]).toMatchObject({ available_quantity: 0, refund_payment: 0 });
    expect(await stockOf(t, 'Hand-Thrown Mug')).toBe(stockBefore + 2);
  });

  it('price adjustments of 4.50 on two mugs leave both returnable, each for what remains of its money (22.00 − 4.50)', async () => {
    const orderId = await paidOrder();
    const [mug] = await linesOf(t, orderId);
    const adjust = await refund(orderId, {
      products: [{ id: mug!.id, quantity: 2, condition: 'unspoiled', refund_type: 'refund_payment', unit_price: 4.5 }],
      total: 9,
      payment: { identifier: 'cash-payment' },
      register: front,
    });
    expect(adjust.statusCode, adjust.body).toBe(200);
    expect(adjust.json().data.order.products[0]).toMatchObject({ refunded_quantity: 0, available_quantity: 2, refundable_quantity: 2, refundable_amount: 35 });
    const fullShare = await refund(orderId, {
      products: [{ id: mug!.id, quantity: 1, condition: 'unspoiled' }],
      total: 22,
      payment: { identifier: 'cash-payment' },
      register: front,
    });
    expect(fullShare.statusCode).toBe(422);
    expect(fullShare.json().message).toBe('The refund total does not match its products: it should be 17.5.');
    for (const expected of [
      { refunded_quantity: 1, refundable_amount: 17.5 },
      { refunded_quantity: 2, refundable_amount: 0 },
    ]) {
      const back = await refund(orderId, {
        products: [{ id: mug!.id, quantity: 1, condition: 'unspoiled' }],
        total: 17.5,
        payment: { identifier: 'cash-payment' },
        register: front,
      });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().data.order.products[0]).toMatchObject(expected);
    }
    const refunded = await t.database.db.selectFrom('order_refunds').select('total').where('order_id', '=', orderId).orderBy('id').execute();
    expect(refunded.map((row) => row.total)).toEqual([90_000, 175_000, 175_000]);
  });

  it('3 units sharing 20.00 come back one at a time for 6.66, 6.66 and 6.68: truncated shares, the last takes the rest', async () => {
    const orderId = await makeOrder(t, {
      lines: [{ product: 'Hand-Thrown Mug', quantity: 3, discount: { type: 'flat', amount: fromDecimal('46') } }],
      payments: [['card', '20.00']],
    });
    const [mugs] = await linesOf(t, orderId);
    expect(mugs!.total_price).toBe(200_000);
    const rounded = await refund(orderId, {
      products: [{ id: mugs!.id, quantity: 1, condition: 'unspoiled' }],
      total: 6.67,
      payment: { identifier: 'card' },
      register: front,
    });
    expect(rounded.statusCode).toBe(422);
    expect(rounded.json().message).toBe('The refund total does not match its products: it should be 6.66.');
    const given: number[] = [];
    let last: { payment_status: string; total_refunded: number } | null = null;
    for (const total of [6.66, 6.66, 6.68]) {
      const back = await refund(orderId, {
        products: [{ id: mugs!.id, quantity: 1, condition: 'unspoiled' }],
        total,
        payment: { identifier: 'card' },
        register: front,
      });
      expect(back.statusCode, back.body).toBe(200);
      given.push(back.json().data.orderRefund.total);
      last = back.json().data.order;
    }
    expect(given).toEqual([6.66, 6.66, 6.68]);
    expect(last).toMatchObject({ payment_status: 'refunded', total_refunded: 20 });
  });
});
