import { beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';
import { linesOf, makeOrder, snapshot } from './ordersFixtures';

/** A refund the server refuses answers 422 with the spec's message on its field and changes nothing. */

describe.each(DIALECTS)('refund refusals on %s', (dialect) => {
  const t = useTestApp(dialect);
  let cashier: string;
  let front: number;
  const refund = (orderId: number, payload: unknown, cookie = cashier) =>
    t.call({ method: 'POST', url: `${API}/orders/${orderId}/refund`, cookie, payload: payload as object });
  /** A paid order of two mugs (44.00) and one silk scarf (19.99), cash 70.00, change 6.01. */
  const paidOrder = () =>
    makeOrder(t, {
      lines: [
        { product: 'Hand-Thrown Mug', quantity: 2 },
        { product: 'Silk Scarf', quantity: 1, vendor: 102 },
      ],
      payments: [['cash-payment', '70.00']],
      customer: 'customer',
    });
  beforeAll(async () => {
    cashier = await t.login('cashier');
    front = (await t.database.db.selectFrom('cash_registers').select('id').where('name', '=', 'Front Till').executeTakeFirstOrThrow()).id;
  });

  let orderId: number;
  let mug: number;
  let scarf: number;
  const good = () => ({
    products: [{ id: mug, quantity: 1, condition: 'unspoiled' }],
    total: 22,
    payment: { identifier: 'cash-payment' } as unknown,
    register: front as number | null,
  });
  beforeAll(async () => {
    orderId = await paidOrder();
    [mug, scarf] = (await linesOf(t, orderId)).map((line) => line.id) as [number, number];
  });

  it.each<[string, (body: ReturnType<typeof good>) => unknown, string, string]>([
    ['nothing listed', (b) => ({ ...b, products: [], total: 0 }), 'products', 'There is nothing to refund.'],
    [
      'quantity above what remains',
      (b) => ({ ...b, products: [{ id: mug, quantity: 3, condition: 'unspoiled' }], total: 66 }),
      'products.0.quantity',
      'Unable To Proceed As The Quantity Provided Exceeds The Available Quantity.',
    ],
    [
      'a decimal quantity',
      (b) => ({ ...b, products: [{ id: mug, quantity: 1.5, condition: 'unspoiled' }], total: 33 }),
      'products.0.quantity',
      'Unable To Proceed. Product Quantity Should Be An Integer.',
    ],
    [
      'the same line twice beyond what remains',
      (b) => ({
        ...b,
        products: [
          { id: mug, quantity: 2, condition: 'unspoiled' },
          { id: mug, quantity: 1, condition: 'damaged' },
        ],
        total: 66,
      }),
      'products.1.quantity',
      'Not enough quantity to proceed.',
    ],
    [
      'a price refund not below the original',
      (b) => ({ ...b, products: [{ id: scarf, quantity: 1, condition: 'unspoiled', refund_type: 'refund_payment', unit_price: 19.99 }], total: 19.99 }),
      'products.0.total',
      'Unable To Proceed. The Total Price Should Be Less Than Orignal Price.',
    ],
    [
      'a price refund at 0',
      (b) => ({ ...b, products: [{ id: scarf, quantity: 1, condition: 'unspoiled', refund_type: 'refund_payment', unit_price: 0 }], total: 0 }),
      'products.0.unit_price',
      'The unit price must be above 0.',
    ],
    [
      'a line of another order',
      (b) => ({ ...b, products: [{ id: 1, quantity: 1, condition: 'unspoiled' }] }),
      'products.0.id',
      'This product is not part of the order.',
    ],
    ['a total that does not match', (b) => ({ ...b, total: 21.99 }), 'total', 'The refund total does not match its products: it should be 22.'],
    ['no register', (b) => ({ ...b, register: null }), 'register', 'Please Select Register That Refund Come From'],
    ['an unknown register', (b) => ({ ...b, register: 999_999 }), 'register', 'The selected register does not exist.'],
    [
      'a gateway twice',
      (b) => ({
        ...b,
        payment: [
          { identifier: 'card', refundValue: 11 },
          { identifier: 'card', refundValue: 11 },
        ],
      }),
      'payment',
      'Please try with another payment type.',
    ],
    [
      'payments not adding up',
      (b) => ({
        ...b,
        payment: [
          { identifier: 'card', refundValue: 11 },
          { identifier: 'cash-payment', refundValue: 10 },
        ],
      }),
      'payment',
      'The sum of refundable payments must be same with total value.',
    ],
    ['a payment above the total', (b) => ({ ...b, payment: [{ identifier: 'card', refundValue: 23 }] }), 'payment', 'Please provide a valid payment amount.'],
    ['an empty payment list', (b) => ({ ...b, payment: [] }), 'payment', 'Please select a payment gateway before proceeding.'],
    ['an unknown payment type', (b) => ({ ...b, payment: { identifier: 'gold-coins' } }), 'payment', 'This payment type is not available.'],
  ])('%s', async (_name, change, field, message) => {
    const before = await snapshot(t);
    const response = await refund(orderId, change(good()));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      status: 'failed',
      message,
      errors: { [field]: [message] },
      field_errors: [{ identifier: 'invalid', invalid: true, message: message, name: field }],
    });
    expect(await snapshot(t)).toBe(before);
  });

  it.each<[string, unknown]>([
    ['an unknown key', { ...good(), note: 'x' }],
    ['a negative quantity', { ...good(), products: [{ id: 1, quantity: -1, condition: 'unspoiled' }] }],
    ['a bad condition', { ...good(), products: [{ id: 1, quantity: 1, condition: 'broken' }] }],
    ['no total', { products: [], payment: { identifier: 'card' }, register: 1 }],
    ['a string amount', { ...good(), total: '22' }],
  ])('schema: %s', async (_name, payload) => {
    const before = await snapshot(t);
    const response = await refund(orderId, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().status).toBe('failed');
    expect(await snapshot(t)).toBe(before);
  });

  it('an order with a 10 % order discount gives back what the line sold for (17.99), not its price (19.99)', async () => {
    const discounted = await makeOrder(t, {
      lines: [{ product: 'Silk Scarf', quantity: 1 }],
      discount: { type: 'percentage', percent: 10 },
      payments: [['card', '17.99']],
    });
    const [line] = await linesOf(t, discounted);
    const response = await refund(discounted, {
      products: [{ id: line!.id, quantity: 1, condition: 'unspoiled' }],
      total: 19.99,
      payment: { identifier: 'card' },
      register: front,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: 'The refund total does not match its products: it should be 17.99.',
      errors: { total: expect.any(Array) },
    });
  });
});
