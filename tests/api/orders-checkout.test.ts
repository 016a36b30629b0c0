import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { ROLE_LOGINS, loginAll, type Login } from './vendorsHelpers';
import { cart, orderTablesSnapshot, placeOrder, registerBalance, registerIdOf, setOptions, setStock, stockOf, unitOf, url } from './ordersTillHelpers';
import { DEFAULT_OPTIONS } from '../../schemas/options';
import { fromDecimal } from '../../schemas/money';
import type { CheckoutBody } from '../../schemas/orders/api';

const STAFF: Login[] = ['admin', 'storeadmin', 'manager', 'cashier'];
const today = () => new Date().toISOString().slice(2, 10).replaceAll('-', '');

describe.each(DIALECTS)('POST /orders (checkout) on %s', (dialect) => {
  let t: TestApp;
  let as: Record<Login, string>;
  let runner: Awaited<ReturnType<typeof unitOf>>;
  let vase: Awaited<ReturnType<typeof unitOf>>;
  let mug: Awaited<ReturnType<typeof unitOf>>;
  let front: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    as = await loginAll(t);
    runner = await unitOf(t, 'Quilted Table Runner');
    vase = await unitOf(t, 'Milk Glass Vase');
    mug = await unitOf(t, 'Hand-Thrown Mug');
    front = await registerIdOf(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await setOptions(t, DEFAULT_OPTIONS);
    await setStock(t, runner.product_id, runner.unit_id, 50);
    await setStock(t, vase.product_id, vase.unit_id, 50);
  });
  const post = (payload: unknown, cookie: string | null = as.cashier) =>
    t.call({ method: 'POST', url: url('/orders'), ...(cookie ? { cookie } : {}), payload: payload as object });
  const runnerLine = (quantity = 1) => ({ product_id: runner.product_id, unit_id: runner.unit_id, quantity });

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
      expect(response.json(), name).toEqual({ status: 'failed', message, errors: { payments: [message] } });
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
      expect(response.json(), name).toEqual({ status: 'failed', message, errors: { instalments: [message] } });
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

  it('sells decimal quantities only when ns_pos_allow_decimal_quantities is yes', async () => {
    await setOptions(t, { ns_pos_allow_decimal_quantities: 'yes' });
    const order = await placeOrder(t, as.cashier, cart([{ ...runnerLine(), quantity: 1.5 }], [], { save_unpaid: true }));
    expect(order.products[0]).toMatchObject({ quantity: 1.5, total_price: 67.5 });
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
