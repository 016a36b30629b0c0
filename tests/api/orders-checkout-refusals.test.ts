import { describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp } from './harness';
import { cart, orderTablesSnapshot, placeOrder, registerBalance, setOptions, setStock, stockOf } from './ordersTillHelpers';
import { STAFF, useCheckoutTill, type CheckoutTill } from './ordersCheckoutHelpers';
import { DEFAULT_OPTIONS } from '../../schemas/options';
import type { CheckoutBody } from '../../schemas/orders/api';

/** What POST /orders refuses, and leaves as it was: unpaid orders nobody chose, paid holds, bad carts, stock it does not have. */

describe.each(DIALECTS)('POST /orders (checkout) on %s', (dialect) => {
  let t: TestApp;
  let as: CheckoutTill['as'];
  let runner: CheckoutTill['runner'];
  let vase: CheckoutTill['vase'];
  let front: number;
  let post: CheckoutTill['post'];
  let runnerLine: CheckoutTill['runnerLine'];
  useCheckoutTill(dialect, (till) => ({ t, as, runner, vase, front, post, runnerLine } = till));

  it('refuses an order left with something to pay unless the cashier chose it: saved unpaid, a layaway or on hold', async () => {
    const message = 'This order is not fully paid. Add a payment, make it a layaway, or save it as unpaid.';
    const before = await orderTablesSnapshot(t);
    const cash = await registerBalance(t, front);
    const refused: Array<[string, CheckoutBody]> = [
      ['nothing paid', cart([runnerLine()], [], { register_id: front })],
      ['save_unpaid false', cart([runnerLine()], [], { save_unpaid: false })],
      ['44.90 of 45.00 in cash', cart([runnerLine()], [{ identifier: 'cash-payment', value: 44.9 }], { register_id: front })],
      ['layaway without instalments', cart([runnerLine()], [{ identifier: 'bank-payment', value: 20 }], { support_instalments: true, instalments: [] })],
      ['instalments without layaway', cart([runnerLine()], [], { instalments: [] })],
    ];
    for (const [name, body] of refused) {
      const response = await post(body);
      expect(response.statusCode, name).toBe(422);
      expect(response.json(), name).toEqual({
        status: 'failed',
        message,
        errors: { payments: [message] },
        field_errors: [{ identifier: 'invalid', invalid: true, message: message, name: 'payments' }],
      });
    }
    expect(await orderTablesSnapshot(t)).toEqual(before);
    expect(await registerBalance(t, front)).toBe(cash);

    expect(await placeOrder(t, as.cashier, cart([runnerLine()], [], { save_unpaid: true }))).toMatchObject({
      payment_status: 'unpaid',
      tendered: 0,
      left_to_pay: 45,
    });
    expect(await placeOrder(t, as.cashier, cart([runnerLine()], [{ identifier: 'bank-payment', value: 20 }], { save_unpaid: true }))).toMatchObject({
      payment_status: 'partially_paid',
      tendered: 20,
      left_to_pay: 25,
    });
    expect(
      await placeOrder(
        t,
        as.cashier,
        cart([runnerLine()], [{ identifier: 'bank-payment', value: 20 }], { support_instalments: true, instalments: [{ date: '2030-01-01', amount: 25 }] }),
      ),
    ).toMatchObject({ payment_status: 'partially_paid', tendered: 20, support_instalments: 1 });
    expect(await placeOrder(t, as.cashier, cart([runnerLine()], [], { hold: true }))).toMatchObject({ payment_status: 'hold', tendered: 0 });
    // Under the spec's 0.1 unpaid threshold the order reads paid, so it needs no choice either.
    expect(await placeOrder(t, as.cashier, cart([runnerLine()], [{ identifier: 'cash-payment', value: 44.91 }], { register_id: front }))).toMatchObject({
      payment_status: 'paid',
      tendered: 44.91,
    });
    // Fully paid needs no choice; the flag on a paid order changes nothing.
    expect(await placeOrder(t, as.cashier, cart([runnerLine()], [{ identifier: 'bank-payment', value: 45 }], { save_unpaid: true }))).toMatchObject({
      payment_status: 'paid',
      left_to_pay: 0,
    });
  });

  it('puts an order on hold: no stock taken, no payment allowed', async () => {
    const stock = await stockOf(t, runner.product_id, runner.unit_id);
    const response = await post(cart([runnerLine(3)], [], { hold: true, customer_id: 2 }));
    expect(response.json()).toMatchObject({
      status: 'success',
      message: 'The order has been put on hold.',
      data: { order: { payment_status: 'hold', total: 135, tendered: 0 } },
    });
    expect(await stockOf(t, runner.product_id, runner.unit_id)).toBe(stock);
    const paid = await post(cart([runnerLine()], [{ identifier: 'cash-payment', value: 45 }], { hold: true }));
    expect(paid.statusCode).toBe(422);
    expect(paid.json().message).toBe('An order put on hold takes no payment.');
  });

  it('refuses bad carts with 422 and leaves every table as it was', async () => {
    const before = await orderTablesSnapshot(t);
    const cases: Array<[unknown, string, string?]> = [
      [{ products: [], payments: [] }, 'The form is not valid.'],
      [{ ...cart([runnerLine()]), surprise: 1 }, 'The form is not valid.'],
      [cart([{ ...runnerLine(), quantity: -1 }]), 'The form is not valid.'],
      [cart([runnerLine()], [{ identifier: 'cash-payment', value: -5 }]), 'The form is not valid.'],
      [cart([{ ...runnerLine(), quantity: 1.5 }]), 'The quantity should be an integer.', 'products.0.quantity'],
      [cart([{ product_id: 999_999, unit_id: runner.unit_id, quantity: 1 }]), 'This product does not exist in that unit.', 'products.0.product_id'],
      [cart([{ ...runnerLine(), vendor_id: 999 }]), 'This vendor does not exist.', 'products.0.vendor_id'],
      [cart([runnerLine()], [], { customer_id: 999_999 }), 'This customer does not exist.', 'customer_id'],
      [cart([runnerLine()], [], { register_id: 999_999 }), 'This cash register does not exist or is disabled.', 'register_id'],
      [cart([runnerLine()], [{ identifier: 'gift-card', value: 5 }]), 'This payment type is not available.', 'payments.0.identifier'],
      [cart([runnerLine()], [{ identifier: 'bank-payment', value: 0 }]), 'Please Provide A Valid Payment Amount.', 'payments.0.value'],
      [cart([runnerLine()], [{ identifier: 'card', value: 45.01 }]), 'The payment exceeds the amount left to pay on this order.', 'payments.0.value'],
      [
        cart(
          [runnerLine()],
          [
            { identifier: 'bank-payment', value: 30 },
            { identifier: 'card', value: 15.01 },
          ],
        ),
        'The payment exceeds the amount left to pay on this order.',
        'payments.1.value',
      ],
      [
        { products: [{ product_type: 'dynamic', name: 'No price', quantity: 1 }], payments: [] },
        'A dynamic product needs a name, a unit price and a tax type.',
        'products.0.name',
      ],
    ];
    for (const [payload, message, field] of cases) {
      const response = await post(payload);
      expect(response.statusCode, message).toBe(422);
      expect(response.json().message).toBe(message);
      if (field) expect(Object.keys(response.json().errors)).toContain(field);
    }
    await setOptions(t, { products_discount: 'no', cart_discount: 'no' });
    const discounted = await post(cart([{ ...runnerLine(), discount_type: 'flat', discount: 1 } as never]));
    expect(discounted.json().message).toBe("You're not allowed to add a discount on the product.");
    const cartDiscount = await post(cart([runnerLine()], [], { discount_type: 'percentage', discount_percentage: 5 }));
    expect(cartDiscount.json().message).toBe("You're not allowed to add a discount on the cart.");
    await setOptions(t, DEFAULT_OPTIONS);
    expect(await orderTablesSnapshot(t)).toEqual(before);
  });

  it('refuses to sell more than the stock (409) and changes nothing', async () => {
    await setStock(t, vase.product_id, vase.unit_id, 1);
    const before = await orderTablesSnapshot(t);
    const response = await post(
      cart([runnerLine(), { product_id: vase.product_id, unit_id: vase.unit_id, quantity: 2 }], [{ identifier: 'cash-payment', value: 200 }], {
        register_id: front,
      }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 'failed', message: 'Not enough stock for "Milk Glass Vase".' });
    expect(await orderTablesSnapshot(t)).toEqual(before);
  });

  it('never drives stock below zero when checkouts race for the last units', async () => {
    await setStock(t, vase.product_id, vase.unit_id, 3);
    const vaseLine = { product_id: vase.product_id, unit_id: vase.unit_id, quantity: 1 };
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(cart([runnerLine(), vaseLine], [{ identifier: 'cash-payment', value: 100 }]), as[STAFF[i % STAFF.length]!])),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect(await stockOf(t, vase.product_id, vase.unit_id)).toBe(0);
    const codes = responses.filter((response) => response.statusCode === 200).map((response) => response.json().data.order.code);
    expect(new Set(codes).size).toBe(3);
  });
});
