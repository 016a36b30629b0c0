import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { seedDemo } from '../../server/db/seed';
import { EXPENSE_CATEGORIES } from '../../server/db/demo/backOffice';
import { taxFor } from '../../schemas/orders/tax';
import { PAYMENT_STATUSES } from '../../schemas/paymentStatus';
import { sum } from '../../schemas/money';

/** A fixed seed date: everything the seed writes then follows from it. */
const AT = new Date('2025-03-14T15:00:00Z');

describe.each(DIALECTS)('back-office migration and demo seed on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
    await seedDemo(t.database, AT);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  it('creates expense categories 1–7, the rule categories 4–7 on their ids', async () => {
    const rows = await db().selectFrom('expense_categories').select(['id', 'name']).orderBy('id').execute();
    expect(rows).toEqual(EXPENSE_CATEGORIES.map(({ id, name }) => ({ id, name })));
    expect(rows.find((row) => row.id === 4)?.name).toBe('Recurring Rent');
  });

  it('creates the built-in payment types, two registers and customers linked to the customer login', async () => {
    const types = await db().selectFrom('payment_types').select(['identifier', 'label', 'readonly']).orderBy('priority').execute();
    expect(types).toEqual([
      { identifier: 'cash-payment', label: 'Cash', readonly: 1 },
      { identifier: 'card', label: 'Card', readonly: 1 },
      { identifier: 'account-payment', label: 'Vendor Account', readonly: 1 },
      { identifier: 'bank-payment', label: 'Bank Transfer', readonly: 1 },
      { identifier: 'check', label: 'Check', readonly: 1 },
    ]);
    expect(await db().selectFrom('cash_registers').select('name').orderBy('id').execute()).toEqual([{ name: 'Front Till' }, { name: 'Back Counter' }]);
    const customers = await db()
      .selectFrom('customers')
      .leftJoin('users', 'users.id', 'customers.user_id')
      .select(['customers.first_name', 'users.username'])
      .orderBy('customers.id')
      .execute();
    expect(customers).toHaveLength(4);
    expect(customers[0]).toEqual({ first_name: 'Carl', username: 'customer' });
    expect(customers.slice(1).every((customer) => customer.username === null)).toBe(true);
  });

  it('has a demo order in every payment status, coded YYMMDD-NNN from the day counter', async () => {
    const orders = await db().selectFrom('orders').select(['code', 'payment_status', 'created_at']).execute();
    expect(new Set(orders.map((order) => order.payment_status))).toEqual(new Set(PAYMENT_STATUSES));
    for (const order of orders) expect(order.code).toMatch(new RegExp(`^${order.created_at.slice(2, 10).replaceAll('-', '')}-\\d{3}$`));
    const counters = await db().selectFrom('order_codes_counter').selectAll().execute();
    for (const { day, last } of counters) {
      const numbers = orders.filter((order) => order.code.startsWith(`${day}-`)).map((order) => Number(order.code.slice(7)));
      expect(Math.max(...numbers)).toBe(last);
      expect(numbers.sort()).toEqual(Array.from({ length: last }, (_, index) => index + 1));
    }
  });

  it('keeps every order consistent: lines, taxes, totals, payments, change', async () => {
    const orders = await db().selectFrom('orders').selectAll().execute();
    for (const order of orders) {
      const lines = await db().selectFrom('order_products').selectAll().where('order_id', '=', order.id).execute();
      const payments = await db().selectFrom('order_payments').selectAll().where('order_id', '=', order.id).execute();
      const coupons = await db().selectFrom('order_coupons').select('value').where('order_id', '=', order.id).execute();
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line.vendor_id).toBeGreaterThanOrEqual(101);
        expect(line.vendor_id).toBeLessThanOrEqual(104);
        expect(Number.isInteger(line.total_price)).toBe(true);
        expect(line.tax_value).toBe(taxFor(line.total_price, line.tax_type));
        expect(line.total_price_without_tax + line.tax_value).toBe(line.total_price_with_tax);
      }
      expect(order.subtotal).toBe(sum(lines.map((line) => line.total_price)));
      expect(order.total_tax_value).toBe(sum(lines.map((line) => line.tax_value)));
      expect(order.total_coupons).toBe(sum(coupons.map((coupon) => coupon.value)));
      expect(order.total).toBe(order.subtotal + order.shipping - order.discount - order.total_coupons);
      expect(order.tendered).toBe(sum(payments.map((payment) => payment.value)));
      expect(order.change).toBe(Math.max(0, order.tendered - order.total));
      if (['unpaid', 'hold'].includes(order.payment_status)) expect(order.tendered).toBe(0);
      if (order.payment_status === 'partially_paid') expect(order.total - order.tendered).toBeGreaterThanOrEqual(1000);
      if (['paid', 'order_void', 'refunded', 'partially_refunded'].includes(order.payment_status)) expect(order.tendered).toBeGreaterThanOrEqual(order.total);
    }
  });

  it('gives the layaway order instalments summing to its total, the paid one tied to its payment', async () => {
    const order = await db().selectFrom('orders').selectAll().where('payment_status', '=', 'partially_paid').executeTakeFirstOrThrow();
    expect(order.support_instalments).toBe(1);
    const instalments = await db().selectFrom('order_instalments').selectAll().where('order_id', '=', order.id).orderBy('date').execute();
    expect(instalments.length).toBeGreaterThanOrEqual(2);
    expect(sum(instalments.map((instalment) => instalment.amount))).toBe(order.total);
    const paid = instalments.filter((instalment) => instalment.paid === 1);
    expect(paid).toHaveLength(1);
    const payment = await db().selectFrom('order_payments').selectAll().where('id', '=', paid[0]!.payment_id!).executeTakeFirstOrThrow();
    expect(payment.order_id).toBe(order.id);
    expect(payment.value).toBe(paid[0]!.amount);
    for (const instalment of instalments) expect(instalment.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('records refunds whose products and payments sum to their total, never above what was sold', async () => {
    const refunds = await db()
      .selectFrom('order_refunds')
      .innerJoin('orders', 'orders.id', 'order_refunds.order_id')
      .select(['order_refunds.id', 'order_refunds.total', 'orders.total as order_total', 'orders.payment_status'])
      .execute();
    expect(refunds.map((refund) => refund.payment_status).sort()).toEqual(['partially_refunded', 'refunded']);
    for (const refund of refunds) {
      const products = await db()
        .selectFrom('order_refunded_products')
        .innerJoin('order_products', 'order_products.id', 'order_refunded_products.order_product_id')
        .select([
          'order_refunded_products.total_price',
          'order_refunded_products.quantity',
          'order_products.quantity as sold',
          'order_refunded_products.condition',
        ])
        .where('order_refund_id', '=', refund.id)
        .execute();
      const payments = await db().selectFrom('order_refund_payments').select('value').where('order_refund_id', '=', refund.id).execute();
      expect(sum(products.map((product) => product.total_price))).toBe(refund.total);
      expect(sum(payments.map((payment) => payment.value))).toBe(refund.total);
      for (const product of products) expect(product.quantity).toBeLessThanOrEqual(product.sold);
      if (refund.payment_status === 'refunded') expect(refund.total).toBe(refund.order_total);
      else expect(refund.total).toBeLessThan(refund.order_total);
    }
    const damaged = await db().selectFrom('order_refunded_products').select('condition').where('condition', '=', 'damaged').execute();
    expect(damaged).toHaveLength(1);
  });

  it('moves stock for sales, voids and unspoiled returns but not for held orders', async () => {
    const movements = await db()
      .selectFrom('stock_movements')
      .innerJoin('orders', 'orders.id', 'stock_movements.order_id')
      .select(['orders.payment_status', 'stock_movements.quantity', 'stock_movements.reason'])
      .execute();
    expect(movements.some((movement) => movement.payment_status === 'hold')).toBe(false);
    const net = (status: string) => sum(movements.filter((movement) => movement.payment_status === status).map((movement) => movement.quantity));
    expect(net('order_void')).toBe(0);
    expect(net('refunded')).toBe(0);
    expect(net('partially_refunded')).toBe(-3);
    const stock = await db().selectFrom('product_unit_quantities').select('quantity').execute();
    expect(stock.every((row) => row.quantity >= 0)).toBe(true);
  });

  it('leaves the front till holding the net cash of its orders', async () => {
    const front = await db().selectFrom('cash_registers').select(['balance', 'status']).where('name', '=', 'Front Till').executeTakeFirstOrThrow();
    // 100.00 − 9.01 change + 95.00 + 100.00 − 43.61 cash refund (the runner sold for 43.61 once the coupon is shared).
    expect(front).toEqual({ balance: 2_423_800, status: 'opened' });
  });
});

describe('demo seed', () => {
  it('writes the same store twice for the same date', async () => {
    const apps = [await createTestApp('sqlite', { seed: false }), await createTestApp('sqlite', { seed: false })];
    try {
      const snapshots = [];
      for (const app of apps) {
        await seedDemo(app.database, AT);
        const db = app.database.db;
        snapshots.push({
          orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
          lines: await db.selectFrom('order_products').selectAll().orderBy('id').execute(),
          payments: await db.selectFrom('order_payments').selectAll().orderBy('id').execute(),
          expenses: await db.selectFrom('expenses').selectAll().orderBy('id').execute(),
        });
      }
      expect(snapshots[0]).toEqual(snapshots[1]);
      expect(snapshots[0]!.orders[0]!.created_at.startsWith('2025-03-')).toBe(true);
    } finally {
      for (const app of apps) await app.close();
    }
  });
});
