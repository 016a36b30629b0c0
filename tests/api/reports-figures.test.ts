import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './harness';
import { useTestApp } from './suite';
import { buildReportStore, reportOf, type ReportStore } from './reportsFixtures';

/** Every report over a hand-built two days (tests/api/reportsFixtures.ts says what happened when), figure by figure. */

describe.each(DIALECTS)('reports on %s', (dialect) => {
  const t = useTestApp(dialect);
  let store: ReportStore;
  let manager: string;
  beforeAll(async () => {
    store = await buildReportStore(t);
    manager = await t.login('manager');
  });

  it('sales by day: each figure on the store’s day (B at 21:30 Chicago counts on 3 March), the refund on its own day', async () => {
    const response = await reportOf(t, manager, 'sales-by-day');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.period).toEqual({ startDate: '2025-03-03', endDate: '2025-03-04' });
    expect(body.columns.map((column: { key: string }) => column.key)).toEqual([
      'date',
      'orders',
      'gross_sales',
      'discounts',
      'refunds',
      'net_sales',
      'taxes',
      'collected',
    ]);
    expect(body.rows).toEqual([
      {
        date: '2025-03-03',
        orders: 2,
        gross_sales: 212.99,
        discounts: 23,
        refunds: 0,
        net_sales: 189.99,
        taxes: 3.62,
        collected: 189.99,
        average_basket: 94.995,
      },
      { date: '2025-03-04', orders: 1, gross_sales: 20.25, discounts: 0, refunds: 22, net_sales: -1.75, taxes: -0.1, collected: -1.75, average_basket: 20.25 },
    ]);
    expect(body.totals).toEqual({
      date: 'Total',
      orders: 3,
      gross_sales: 233.24,
      discounts: 23,
      refunds: 22,
      net_sales: 188.24,
      taxes: 3.52,
      collected: 188.24,
      average_basket: 70.08,
    });
  });

  it('one day alone, and a day with nothing', async () => {
    const first = (await reportOf(t, manager, 'sales-by-day', 'startDate=2025-03-04&endDate=2025-03-05')).json();
    expect(first.rows.map((row: { date: string; net_sales: number }) => [row.date, row.net_sales])).toEqual([
      ['2025-03-04', -1.75],
      ['2025-03-05', 0],
    ]);
  });

  it('sales by tender: change comes off cash; the tenders add up to "collected"', async () => {
    const body = (await reportOf(t, manager, 'sales-by-tender')).json();
    expect(body.rows).toEqual([
      { tender: 'Cash', payments: 84.24, refunds: 22, collected: 62.24 },
      { tender: 'Card', payments: 126, refunds: 0, collected: 126 },
    ]);
    expect(body.totals).toEqual({ tender: 'Total', payments: 210.24, refunds: 22, collected: 188.24 });
  });

  it('sales by vendor: line and cart discounts on the chair, the mug refunded against vendor 101', async () => {
    const body = (await reportOf(t, manager, 'sales-by-vendor')).json();
    expect(body.rows).toEqual([
      { vendor: 'retroroom (#103)', quantity: 1, gross_sales: 149, discounts: 23, refunds: 0, net_sales: 126 },
      { vendor: 'vendor (#101)', quantity: 5, gross_sales: 64.25, discounts: 0, refunds: 22, net_sales: 42.25 },
      { vendor: 'oldbarn (#102)', quantity: 1, gross_sales: 19.99, discounts: 0, refunds: 0, net_sales: 19.99 },
    ]);
    expect(body.totals).toEqual({ vendor: 'Total', quantity: 7, gross_sales: 233.24, discounts: 23, refunds: 22, net_sales: 188.24 });
  });

  it('sales by category (the product’s category)', async () => {
    const body = (await reportOf(t, manager, 'sales-by-category')).json();
    expect(body.rows.map((row: { category: string; net_sales: number; refunds: number }) => [row.category, row.net_sales, row.refunds])).toEqual([
      ['Antiques', 126, 0],
      ['Crafts', 22, 22],
      ['Home Decor', 20.25, 0],
      ['Vintage Clothing', 19.99, 0],
    ]);
    expect(body.totals.net_sales).toBe(188.24);
  });

  it('sales by cashier', async () => {
    const body = (await reportOf(t, manager, 'sales-by-cashier')).json();
    expect(body.rows).toEqual([{ cashier: 'cashier', orders: 3, gross_sales: 233.24, discounts: 23, refunds: 22, net_sales: 188.24, average_basket: 70.08 }]);
  });

  it('taxes collected by day', async () => {
    const body = (await reportOf(t, manager, 'taxes')).json();
    expect(body.rows).toEqual([
      { date: '2025-03-03', sales_tax: 3.62, refunded_tax: 0, taxes: 3.62 },
      { date: '2025-03-04', sales_tax: 1.15, refunded_tax: 1.25, taxes: -0.1 },
    ]);
    expect(body.totals).toEqual({ date: 'Total', sales_tax: 4.77, refunded_tax: 1.25, taxes: 3.52 });
  });

  it('refunds and voids, in time order, with who did them', async () => {
    const body = (await reportOf(t, manager, 'refunds-and-voids')).json();
    expect(body.rows).toEqual([
      { at: '2025-03-04 18:00:00', event: 'Void', order: store.codes.E, cashier: 'manager', amount: 27.25, note: 'Customer changed mind.' },
      { at: '2025-03-04 20:00:00', event: 'Refund', order: store.codes.A, cashier: 'cashier', amount: 22, note: null },
    ]);
  });

  it('top items by net sales', async () => {
    const body = (await reportOf(t, manager, 'top-items')).json();
    expect(body.rows.map((row: { item: string; quantity: number; net_sales: number }) => [row.item, row.quantity, row.net_sales])).toEqual([
      ['Oak Rocking Chair', 1, 126],
      ['Hand-Thrown Mug', 2, 22],
      ['Beeswax Candles', 3, 20.25],
      ['Silk Scarf', 1, 19.99],
    ]);
  });

  it('layaways due and overdue up to the last day of the range', async () => {
    const body = (await reportOf(t, manager, 'layaways')).json();
    expect(body.rows).toEqual([{ due_date: '2025-03-04', status: 'Overdue', order: store.codes.D, customer: 'Carl Customer', amount: 20 }]);
  });
});
