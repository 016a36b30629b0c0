import { API, type TestApp } from './harness';
import { makeOrder } from './ordersFixtures';
import { fromDecimal } from '../../schemas/money';
import { writeOptions } from '../../server/services/options';
import { rebuildSummaries } from '../../server/services/reports/summary';

/**
 * The reports' hand-built store, over two days of Chicago's calendar (UTC−6 in early March 2025):
 * - 3 March: A, 2 mugs (101) and a scarf (102), 63.99, cash 70.00 (change 6.01), 09:00;
 *   B, an oak chair (103) 149.00 less 9.00 on the line and 10 % on the cart (14.00): 126.00 by card,
 *   at 21:30, which is already 4 March in UTC.
 * - 4 March: C, 3 beeswax candles (101) 20.25 in cash; one mug of A refunded in cash (22.00, tax 1.25);
 *   D, a layaway (table runner 45.00, 10.00 paid, 20.00 due that day), not a closed sale;
 *   E, an unpaid vase (27.25) voided by the manager ("Customer changed mind.").
 */
export interface ReportStore {
  codes: Record<'A' | 'B' | 'C' | 'D' | 'E', string>;
}

const setAt = async (t: TestApp, table: 'orders' | 'order_products' | 'order_payments', orderId: number, at: string) => {
  if (table === 'orders') await t.database.db.updateTable('orders').set({ created_at: at, updated_at: at }).where('id', '=', orderId).execute();
  else await t.database.db.updateTable(table).set({ created_at: at }).where('order_id', '=', orderId).execute();
};

async function dated(t: TestApp, orderId: number, at: string): Promise<void> {
  for (const table of ['orders', 'order_products', 'order_payments'] as const) await setAt(t, table, orderId, at);
}

export async function buildReportStore(t: TestApp): Promise<ReportStore> {
  await writeOptions(t.database, { ns_store_timezone: 'America/Chicago' });
  const cashier = await t.login('cashier');
  const manager = await t.login('manager');
  const front = (await t.database.db.selectFrom('cash_registers').select('id').where('name', '=', 'Front Till').executeTakeFirstOrThrow()).id;

  const a = await makeOrder(t, {
    lines: [
      { product: 'Hand-Thrown Mug', quantity: 2, vendor: 101 },
      { product: 'Silk Scarf', quantity: 1, vendor: 102 },
    ],
    payments: [['cash-payment', '70.00']],
  });
  await dated(t, a, '2025-03-03 15:00:00');
  const b = await makeOrder(t, {
    lines: [{ product: 'Oak Rocking Chair', quantity: 1, vendor: 103, discount: { type: 'flat', amount: fromDecimal('9') } }],
    discount: { type: 'percentage', percent: 10 },
    payments: [['card', '126.00']],
  });
  await dated(t, b, '2025-03-04 03:30:00');
  const c = await makeOrder(t, { lines: [{ product: 'Beeswax Candles', quantity: 3, vendor: 101 }], payments: [['cash-payment', '20.25']] });
  await dated(t, c, '2025-03-04 16:00:00');
  const d = await makeOrder(t, {
    lines: [{ product: 'Quilted Table Runner', quantity: 1, vendor: 104 }],
    payments: [['cash-payment', '10.00']],
    customer: 'customer',
    instalments: true,
  });
  await dated(t, d, '2025-03-04 17:00:00');
  await t.database.db
    .insertInto('order_instalments')
    .values([
      {
        order_id: d,
        date: '2025-03-04',
        amount: fromDecimal('20'),
        paid: 0,
        payment_id: null,
        created_at: '2025-03-04 17:00:00',
        updated_at: '2025-03-04 17:00:00',
      },
      {
        order_id: d,
        date: '2025-03-20',
        amount: fromDecimal('15'),
        paid: 0,
        payment_id: null,
        created_at: '2025-03-04 17:00:00',
        updated_at: '2025-03-04 17:00:00',
      },
    ])
    .execute();
  const e = await makeOrder(t, { lines: [{ product: 'Milk Glass Vase', quantity: 1, vendor: 101 }] });
  await dated(t, e, '2025-03-04 17:30:00');

  const [mug] = await t.database.db.selectFrom('order_products').select('id').where('order_id', '=', a).orderBy('id').execute();
  const refund = await t.call({
    method: 'POST',
    url: `${API}/orders/${a}/refund`,
    cookie: cashier,
    payload: {
      products: [{ id: mug!.id, quantity: 1, condition: 'unspoiled', description: 'Chipped.' }],
      total: 22,
      payment: { identifier: 'cash-payment' },
      register: front,
    },
  });
  if (refund.statusCode !== 200) throw new Error(`refund: ${refund.body}`);
  for (const table of ['order_refunds', 'order_refund_payments', 'order_refunded_products'] as const) {
    await t.database.db.updateTable(table).set({ created_at: '2025-03-04 20:00:00' }).where('order_id', '=', a).execute();
  }
  const voided = await t.call({ method: 'POST', url: `${API}/orders/${e}/void`, cookie: manager, payload: { reason: 'Customer changed mind.' } });
  if (voided.statusCode !== 200) throw new Error(`void: ${voided.body}`);
  await t.database.db.updateTable('orders').set({ voided_at: '2025-03-04 18:00:00' }).where('id', '=', e).execute();

  // The days were set by hand, outside the order transactions that keep the summaries: rebuilt from the rows.
  await rebuildSummaries(t.database.db);
  const codes = await t.database.db.selectFrom('orders').select(['id', 'code']).where('id', 'in', [a, b, c, d, e]).execute();
  const code = (id: number) => codes.find((row) => row.id === id)!.code;
  return { codes: { A: code(a), B: code(b), C: code(c), D: code(d), E: code(e) } };
}

/** GET a report as `cookie` over 3–4 March 2025. */
export const reportOf = (t: TestApp, cookie: string, kind: string, range = 'startDate=2025-03-03&endDate=2025-03-04') =>
  t.call({ method: 'GET', url: `${API}/reports/${kind}?${range}`, cookie });
