import { describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from './harness';
import { cart, orderTablesSnapshot, placeOrder, url } from './ordersTillHelpers';
import { useCheckoutTill, type CheckoutTill } from './ordersCheckoutHelpers';
import type { CheckoutBody } from '../../schemas/orders/api';

/** Layaways at checkout: the instalments a POST /orders creates, and which of them its payments cover. */

describe.each(DIALECTS)('POST /orders (checkout) on %s', (dialect) => {
  let t: TestApp;
  let as: CheckoutTill['as'];
  let post: CheckoutTill['post'];
  let runnerLine: CheckoutTill['runnerLine'];
  useCheckoutTill(dialect, (till) => ({ t, as, post, runnerLine } = till));

  it('creates instalments with a layaway order, never above the total', async () => {
    const order = await placeOrder(
      t,
      as.cashier,
      cart([runnerLine(2)], [{ identifier: 'cash-payment', value: 30 }], {
        support_instalments: true,
        instalments: [
          { date: '2030-01-01', amount: 30, paid: true },
          { date: '2030-02-01', amount: 60 },
        ],
      }),
    );
    expect(order).toMatchObject({ support_instalments: 1, payment_status: 'partially_paid' });
    const rows = await t.database.db
      .selectFrom('order_instalments')
      .select(['date', 'amount', 'paid', 'payment_id'])
      .where('order_id', '=', order.id)
      .orderBy('date')
      .execute();
    expect(rows).toEqual([
      { date: '2030-01-01', amount: 300_000, paid: 1, payment_id: order.payments[0].id },
      { date: '2030-02-01', amount: 600_000, paid: 0, payment_id: null },
    ]);

    const before = await orderTablesSnapshot(t);
    const over = await post(
      cart([runnerLine(2)], [], {
        support_instalments: true,
        instalments: [
          { date: '2030-01-01', amount: 60 },
          { date: '2030-02-01', amount: 30.01 },
        ],
      }),
    );
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ status: 'failed', message: 'The instalments sum exceeds the order total.' });
    expect(await orderTablesSnapshot(t)).toEqual(before);
  });

  it('marks an instalment paid at checkout only when a payment of the checkout covers it, linked to that payment', async () => {
    const layaway = (payments: CheckoutBody['payments'], instalments: CheckoutBody['instalments']) =>
      cart([runnerLine(2)], payments, { support_instalments: true, instalments });
    const before = await orderTablesSnapshot(t);
    const refusals: Array<[string, CheckoutBody, string]> = [
      [
        'paid with no payment',
        layaway(
          [],
          [
            { date: '2030-01-01', amount: 30, paid: true },
            { date: '2030-02-01', amount: 60 },
          ],
        ),
        'The instalments marked as paid add up to more than the checkout pays. Add a payment or mark fewer instalments as paid.',
      ],
      [
        'paid (as 1) with no payment, amount 0',
        layaway([], [{ date: '2030-01-01', amount: 0, paid: 1 }]),
        'The instalments marked as paid add up to more than the checkout pays. Add a payment or mark fewer instalments as paid.',
      ],
      [
        'paid above the payment',
        layaway(
          [{ identifier: 'cash-payment', value: 29.99 }],
          [
            { date: '2030-01-01', amount: 30, paid: true },
            { date: '2030-02-01', amount: 60 },
          ],
        ),
        'The instalments marked as paid add up to more than the checkout pays. Add a payment or mark fewer instalments as paid.',
      ],
      [
        'two paid above the payments',
        layaway(
          [
            { identifier: 'cash-payment', value: 30 },
            { identifier: 'bank-payment', value: 29 },
          ],
          [
            { date: '2030-01-01', amount: 30, paid: true },
            { date: '2030-02-01', amount: 30, paid: true },
          ],
        ),
        'The instalments marked as paid add up to more than the checkout pays. Add a payment or mark fewer instalments as paid.',
      ],
      [
        'a later one paid before an earlier one',
        layaway(
          [{ identifier: 'cash-payment', value: 60 }],
          [
            { date: '2030-01-01', amount: 30 },
            { date: '2030-02-01', amount: 60, paid: true },
          ],
        ),
        'Only the earliest instalments can be marked as paid at checkout.',
      ],
      [
        'a paid hold',
        cart([runnerLine(2)], [], { hold: true, support_instalments: true, instalments: [{ date: '2030-01-01', amount: 30, paid: true }] }),
        'The instalments marked as paid add up to more than the checkout pays. Add a payment or mark fewer instalments as paid.',
      ],
    ];
    for (const [name, body, message] of refusals) {
      const response = await post(body);
      expect(response.statusCode, name).toBe(422);
      expect(response.json(), name).toEqual({
        status: 'failed',
        message,
        errors: { instalments: [message] },
        field_errors: [{ identifier: 'invalid', invalid: true, message: message, name: 'instalments' }],
      });
    }
    expect(await orderTablesSnapshot(t)).toEqual(before);

    // Two payments: 20.00 cash then 50.00 by bank. The instalments in date order (listed out of order) are
    // laid over them: 20.00 ends in the cash, 50.00 in the bank payment; 20.00 stays to pay.
    const split = await placeOrder(
      t,
      as.cashier,
      layaway(
        [
          { identifier: 'cash-payment', value: 20 },
          { identifier: 'bank-payment', value: 50 },
        ],
        [
          { date: '2030-03-01', amount: 20 },
          { date: '2030-02-01', amount: 50, paid: true },
          { date: '2030-01-01', amount: 20, paid: true },
        ],
      ),
    );
    const [cash, bank] = split.payments.map((payment: { id: number }) => payment.id);
    const rows = await t.database.db
      .selectFrom('order_instalments')
      .select(['date', 'amount', 'paid', 'payment_id'])
      .where('order_id', '=', split.id)
      .orderBy('date')
      .execute();
    expect(rows).toEqual([
      { date: '2030-01-01', amount: 200_000, paid: 1, payment_id: cash },
      { date: '2030-02-01', amount: 500_000, paid: 1, payment_id: bank },
      { date: '2030-03-01', amount: 200_000, paid: 0, payment_id: null },
    ]);

    // The till's down payment: 32.50 in cash covers instalment 1 (today); paying it again is refused and takes nothing.
    const today = new Date().toISOString().slice(0, 10);
    const down = await placeOrder(
      t,
      as.cashier,
      layaway(
        [{ identifier: 'cash-payment', value: 32.5 }],
        [
          { date: today, amount: 32.5, paid: true },
          { date: '2030-02-01', amount: 57.5 },
        ],
      ),
    );
    expect(down).toMatchObject({ payment_status: 'partially_paid', tendered: 32.5, left_to_pay: 57.5 });
    const [first] = await t.database.db
      .selectFrom('order_instalments')
      .select(['id', 'paid', 'payment_id'])
      .where('order_id', '=', down.id)
      .orderBy('date')
      .execute();
    expect(first).toMatchObject({ paid: 1, payment_id: down.payments[0].id });
    const again = await t.call({
      method: 'POST',
      url: url(`/orders/${down.id}/instalments/${first!.id}/pay`),
      cookie: as.cashier,
      payload: { payment_type: 'cash-payment' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ status: 'failed', message: 'This instalment has already been paid.' });
    const payments = await t.database.db.selectFrom('order_payments').select('value').where('order_id', '=', down.id).execute();
    expect(payments).toEqual([{ value: 325_000 }]);
    // Deleting the down payment unpays the instalment it covered.
    const removed = await t.call({ method: 'DELETE', url: url(`/orders/${down.id}/payment/${down.payments[0].id}`), cookie: as.admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await t.database.db.selectFrom('order_instalments').select(['paid', 'payment_id']).where('id', '=', first!.id).executeTakeFirst()).toEqual({
      paid: 0,
      payment_id: null,
    });
  });
});
