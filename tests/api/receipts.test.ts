import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { nowUtc } from '../../server/db/time';
import { writeOptions } from '../../server/services/options';
import { fromDecimal } from '../../schemas/money';

const XSS = '<script>alert(1)</script>';

describe.each(DIALECTS)('receipts on %s', (dialect) => {
  let t: TestApp;
  let cashier: string;
  let customer: string;
  let orders: Array<{ id: number; code: string; payment_status: string; customer_id: number | null }>;
  let customerOrderIds: Set<number>;

  const get = (url: string, cookie?: string) => t.call({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
  const orderBy = (status: string) => orders.find((order) => order.payment_status === status)!;
  const firstPaymentOf = async (orderId: number) =>
    (await t.database.db.selectFrom('order_payments').select('id').where('order_id', '=', orderId).orderBy('id').executeTakeFirstOrThrow()).id;
  const refundOf = async (orderId: number) =>
    (await t.database.db.selectFrom('order_refunds').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [cashier, customer] = await Promise.all([t.login('cashier'), t.login('customer')]);
    orders = await t.database.db.selectFrom('orders').select(['id', 'code', 'payment_status', 'customer_id']).orderBy('id').execute();
    const own = await t.database.db
      .selectFrom('orders')
      .innerJoin('customers', 'customers.id', 'orders.customer_id')
      .innerJoin('users', 'users.id', 'customers.user_id')
      .select('orders.id')
      .where('users.username', '=', 'customer')
      .execute();
    customerOrderIds = new Set(own.map((row) => row.id));
  });
  afterAll(() => t.close());

  it('renders a script-free sale receipt for every demo order, 80 mm by default', async () => {
    expect(orders.length).toBeGreaterThanOrEqual(7);
    for (const order of orders) {
      const response = await get(`${API}/receipts/sale/${order.id}`, cashier);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.body).toMatch(/^<!doctype html>/);
      expect(response.body).toContain('Demo Vendor Mall');
      expect(response.body).toContain(order.code);
      expect(response.body).toContain('size:80mm auto');
      expect(response.body).toContain('@media print');
      expect(response.body).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
    }
  });

  it('shows lines with vendors, totals, payments and change, with money and dates formatted', async () => {
    const paid = orders[0]!;
    const body = (await get(`${API}/receipts/sale/${paid.id}`, cashier)).body;
    for (const text of [
      'Sale Receipt',
      'Hand-Thrown Mug',
      'Silk Scarf',
      'Beeswax Candles',
      'vendor',
      'oldbarn',
      'cashier',
      'Carl Customer',
      'Front Till',
      '$90.99',
      'Cash',
      '$100.00',
      'Change',
      '$9.01',
      'Paid',
    ]) {
      expect(body, text).toContain(text);
    }
    expect(body).toMatch(/\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2} (AM|PM)/);

    const a4 = (await get(`${API}/receipts/sale/${paid.id}?paper=a4`, cashier)).body;
    expect(a4).toContain('size:A4');
    expect(a4).toContain('<th>Vendor</th><th>Description</th>');

    const unpaid = (await get(`${API}/receipts/sale/${orderBy('unpaid').id}`, cashier)).body;
    expect(unpaid).toContain('Shipping');
    expect(unpaid).toContain('Unpaid');
    expect(unpaid).toContain('$100.00');

    const coupon = (await get(`${API}/receipts/sale/${orderBy('partially_refunded').id}`, cashier)).body;
    expect(coupon).toContain('Coupon SPRING5');
    expect(coupon).toContain('-$5.00');
  });

  it('renders a payment receipt with that payment and the order balance', async () => {
    const order = orderBy('partially_paid');
    const response = await get(`${API}/receipts/payment/${await firstPaymentOf(order.id)}`, cashier);
    expect(response.statusCode).toBe(200);
    for (const text of ['Payment Receipt', order.code, 'Cash', '$95.00', 'Order Total', '$190.00', 'Balance Due', 'Partially Paid'])
      expect(response.body, text).toContain(text);
  });

  it('renders refund receipts with refunded products, their condition and the total', async () => {
    const full = (await get(`${API}/receipts/refund/${await refundOf(orderBy('refunded').id)}`, cashier)).body;
    for (const text of ['Refund Receipt', 'Silk Scarf', 'Hand-Thrown Mug', 'Unspoiled', 'Total Refunded', '$61.98', 'Card']) expect(full, text).toContain(text);
    const partial = (await get(`${API}/receipts/refund/${await refundOf(orderBy('partially_refunded').id)}?paper=a4`, cashier)).body;
    for (const text of ['Quilted Table Runner', 'Damaged', 'Torn seam.', '$43.61', 'Cash']) expect(partial, text).toContain(text);
  });

  it('escapes every value it prints', async () => {
    // The API now refuses markup in plain text; the receipt must still escape whatever a database holds.
    await writeOptions(t.database, { ns_store_name: '<b>Mall</b> & "Co"' });
    const db = t.database.db;
    const now = nowUtc();
    const author = (await db.selectFrom('users').select('id').where('username', '=', 'cashier').executeTakeFirstOrThrow()).id;
    const customerRow = await db
      .insertInto('customers')
      .values({
        first_name: '"><img src=x onerror=alert(1)>',
        last_name: null,
        email: null,
        phone: null,
        user_id: null,
        author_id: author,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = await db
      .insertInto('orders')
      .values({
        code: '990101-001',
        type: 'takeaway',
        payment_status: 'partially_refunded',
        process_status: 'done',
        delivery_status: 'pending',
        customer_id: customerRow.id,
        author_id: author,
        register_id: null,
        discount_type: null,
        discount_percentage: 0,
        discount: 0,
        subtotal: fromDecimal('10'),
        total_coupons: 0,
        total_tax_value: 0,
        cardfee: 0,
        roundup: 0,
        shipping: 0,
        total: fromDecimal('10'),
        tendered: fromDecimal('10'),
        change: 0,
        support_instalments: 0,
        extra: null,
        note: `</p>${XSS}`,
        voided_at: null,
        void_reason: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = await db
      .insertInto('order_products')
      .values({
        order_id: order.id,
        product_id: null,
        unit_id: null,
        name: XSS,
        unit_price: fromDecimal('10'),
        quantity: 1,
        discount_type: null,
        discount_percentage: 0,
        discount: 0,
        tax_type: 'exclusive',
        tax_value: 0,
        total_price: fromDecimal('10'),
        total_price_with_tax: fromDecimal('10'),
        total_price_without_tax: fromDecimal('10'),
        total_product_coupons: 0,
        product_type: 'dynamic',
        vendor_id: null,
        buyer_id: null,
        status: 'sold',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payment = await db
      .insertInto('order_payments')
      .values({ order_id: order.id, identifier: '<i>custom</i>', value: fromDecimal('10'), vendor_id: null, author_id: author, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refund = await db
      .insertInto('order_refunds')
      .values({ order_id: order.id, total: fromDecimal('10'), shipping: 0, author_id: author, register_id: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_refunded_products')
      .values({
        order_refund_id: refund.id,
        order_id: order.id,
        order_product_id: line.id,
        product_id: null,
        unit_price: fromDecimal('10'),
        quantity: 1,
        discount_type: null,
        discount_percentage: 0,
        discount: 0,
        total_product_coupons: 0,
        tax_value: 0,
        total_price: fromDecimal('10'),
        condition: 'damaged',
        refund_type: 'refund_product',
        description: '<img src=x onerror=alert(2)>',
        created_at: now,
      })
      .execute();

    for (const url of [`${API}/receipts/sale/${order.id}`, `${API}/receipts/payment/${payment.id}`, `${API}/receipts/refund/${refund.id}?paper=a4`]) {
      const response = await get(url, cashier);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toMatch(/<script|<img|<b>|<i>|onerror=alert\(1\)">/i);
      expect(response.body, url).toContain('&lt;b&gt;Mall&lt;/b&gt; &amp; &quot;Co&quot;');
      expect(response.body, url).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    }
    expect((await get(`${API}/receipts/sale/${order.id}`, cashier)).body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect((await get(`${API}/receipts/payment/${payment.id}`, cashier)).body).toContain('&lt;i&gt;custom&lt;/i&gt;');
    expect((await get(`${API}/receipts/refund/${refund.id}`, cashier)).body).toContain('&lt;img src=x onerror=alert(2)&gt;');
    await writeOptions(t.database, { ns_store_name: 'Demo Vendor Mall' });
  });

  it('formats money with the store currency settings', async () => {
    const admin = await t.login('admin');
    await t.call({
      method: 'POST',
      url: `${API}/options`,
      cookie: admin,
      payload: {
        ns_currency_prefered: 'iso',
        ns_currency_iso: 'EUR',
        ns_currency_position: 'after',
        ns_currency_decimal_separator: ',',
        ns_currency_thousand_separator: '.',
      },
    });
    const body = (await get(`${API}/receipts/sale/${orders[0]!.id}`, cashier)).body;
    expect(body).toContain('90,99 EUR');
    await t.call({
      method: 'POST',
      url: `${API}/options`,
      cookie: admin,
      payload: {
        ns_currency_prefered: 'symbol',
        ns_currency_iso: 'USD',
        ns_currency_position: 'before',
        ns_currency_decimal_separator: '.',
        ns_currency_thousand_separator: ',',
      },
    });
  });

  it("opens a customer's own receipts only; any other is a 404", async () => {
    expect(customerOrderIds.size).toBeGreaterThan(0);
    for (const order of orders) {
      const expected = customerOrderIds.has(order.id) ? 200 : 404;
      expect((await get(`${API}/receipts/sale/${order.id}`, customer)).statusCode, order.code).toBe(expected);
    }
    const ownPaid = orders.find((order) => customerOrderIds.has(order.id) && order.payment_status === 'paid')!;
    expect((await get(`${API}/receipts/payment/${await firstPaymentOf(ownPaid.id)}`, customer)).statusCode).toBe(200);
    expect((await get(`${API}/receipts/payment/${await firstPaymentOf(orderBy('order_void').id)}`, customer)).statusCode).toBe(404);
    expect((await get(`${API}/receipts/refund/${await refundOf(orderBy('refunded').id)}`, customer)).statusCode).toBe(404);
  });

  it('refuses vendors, anonymous callers, unknown ids, bad ids and unknown paper', async () => {
    const vendor = await t.login('vendor');
    const id = orders[0]!.id;
    for (const kind of ['sale', 'payment', 'refund']) {
      expect((await get(`${API}/receipts/${kind}/${id}`, vendor)).statusCode).toBe(403);
      expect((await get(`${API}/receipts/${kind}/${id}`)).statusCode).toBe(401);
      expect((await get(`${API}/receipts/${kind}/999999`, cashier)).statusCode).toBe(404);
      expect((await get(`${API}/receipts/${kind}/abc`, cashier)).statusCode).toBe(422);
      expect((await get(`${API}/receipts/${kind}/${id}?paper=letter`, cashier)).statusCode).toBe(422);
    }
  });
});
