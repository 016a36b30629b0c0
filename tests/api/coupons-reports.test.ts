import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './harness';
import { useTestApp } from './suite';
import { registerIdOf, setOptions, unitOf, url } from './ordersTillHelpers';
import { defineCoupon } from './couponsHelpers';
import { reportOf } from './reportsFixtures';
import { rebuildSummaries } from '../../server/services/reports/summary';

/** The reports count coupons in Discounts: a cart coupon and a product coupon, on a day of their own. */

describe.each(DIALECTS)('coupons in the reports on %s', (dialect) => {
  const t = useTestApp(dialect);
  let cashier: string;
  let manager: string;
  beforeAll(async () => {
    cashier = await t.login('cashier');
    manager = await t.login('manager');
    await setOptions(t, { ns_enable_coupon: 1, ns_store_timezone: 'UTC' });
  });

  it('a 10.00 cart coupon and a 20 % product coupon (9.00) make 19.00 of discounts, by day and by vendor', async () => {
    const admin = await t.login('admin');
    const runner = await unitOf(t, 'Quilted Table Runner');
    await defineCoupon(t, admin, 'TENOFF', { type: 'flat', value: 10 });
    await defineCoupon(t, admin, 'RUN20', { type: 'percentage', value: 20, target: 'products', product_ids: [runner.product_id] });
    const response = await t.call({
      method: 'POST',
      url: url('/orders'),
      cookie: cashier,
      payload: {
        register_id: await registerIdOf(t),
        products: [
          { product_type: 'product', product_id: runner.product_id, unit_id: runner.unit_id, quantity: 1, vendor_id: 103 },
          { product_type: 'dynamic', name: 'Bench', unit_price: 55, quantity: 1, tax_type: 'exclusive', vendor_id: 104 },
        ],
        coupons: ['TENOFF', 'RUN20'],
        payments: [{ identifier: 'cash-payment', value: 81 }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    // 45.00 + 55.00 = 100.00; 9.00 off the runner, 10.00 off the cart: 81.00.
    expect(response.json().data.order).toMatchObject({ subtotal: 100, total_coupons: 19, total: 81, payment_status: 'paid' });
    const id = response.json().data.order.id;
    // A day no demo order falls on, so the report's figures are this sale's alone.
    await t.database.db.updateTable('orders').set({ created_at: '2025-06-10 12:00:00' }).where('id', '=', id).execute();
    // Moved by hand, outside the order transactions that keep the summaries: rebuilt as an engineer would.
    await rebuildSummaries(t.database.db);
    const range = 'startDate=2025-06-10&endDate=2025-06-10';

    const byDay = (await reportOf(t, manager, 'sales-by-day', range)).json();
    expect(byDay.rows).toEqual([expect.objectContaining({ date: '2025-06-10', orders: 1, gross_sales: 100, discounts: 19, net_sales: 81, collected: 81 })]);

    // The runner keeps its 9.00; the cart's 10.00 is shared by what is left of each line, 36.00 and 55.00:
    // 3.956… and 6.043… → 3.96 and 6.04. Runner 9.00 + 3.96 = 12.96, bench 6.04.
    const byVendor = (await reportOf(t, manager, 'sales-by-vendor', range)).json();
    expect(byVendor.rows).toEqual([
      { vendor: 'craftcorner (#104)', quantity: 1, gross_sales: 55, discounts: 6.04, refunds: 0, net_sales: 48.96 },
      { vendor: 'retroroom (#103)', quantity: 1, gross_sales: 45, discounts: 12.96, refunds: 0, net_sales: 32.04 },
    ]);
  });
});
