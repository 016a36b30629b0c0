import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { cart, registerIdOf, stockedUnits, url } from './ordersTillHelpers';

/**
 * The statements a till repeats for every sale are planned once per connection on PostgreSQL. The app sends
 * them as named statements (server/db/namedStatements.ts); after five runs PostgreSQL keeps a generic plan
 * unless it guesses the generic plan costs more than planning again, and a statement it keeps replanning pays
 * the planner on every sale (the cart's read did: 0.7 ms of the database's CPU per checkout, its id draw
 * guessed at a thousand rows per table). With one connection in the pool every statement of the run is on the
 * connection this test reads pg_prepared_statements from.
 */
const SALES = 8;
/** PostgreSQL's own rule: the first five runs of a statement are planned with their values. */
const CUSTOM_PLANS_FIRST = 5;

describe.each(DIALECTS.filter((dialect) => dialect === 'postgres'))('plans of the till writes on %s', (dialect) => {
  let t: TestApp;
  let cashier: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { DATABASE_POOL_SIZE: '1' } });
    cashier = await t.login('cashier');
  });
  afterAll(() => t.close());

  it('plans each statement of a checkout, a payment, a refund and a preview once and then reuses it', async () => {
    const front = await registerIdOf(t);
    const units = await stockedUnits(t, 3, 1000);
    const post = (path: string, payload: object) => t.call({ method: 'POST', url: url(path), cookie: cashier, payload });
    const lines = units.map((unit, index) => ({ ...unit, quantity: index + 1 }));
    for (let sale = 0; sale < SALES; sale += 1) {
      const paid = await post('/orders', cart(lines, [{ identifier: 'cash-payment', value: 10_000 }], { register_id: front }));
      expect(paid.statusCode, paid.body).toBe(200);
      const order = paid.json().data.order;
      const unpaid = await post('/orders', cart(lines, [], { register_id: front, save_unpaid: true }));
      expect(unpaid.statusCode, unpaid.body).toBe(200);
      const payment = await post(`/orders/${unpaid.json().data.order.id}/payments`, { identifier: 'bank-payment', value: 1 });
      expect(payment.statusCode, payment.body).toBe(200);
      const line = order.products[0];
      const refund = await post(`/orders/${order.id}/refund`, {
        products: [{ id: line.id, quantity: 1, condition: 'unspoiled' }],
        total: line.unit_price,
        payment: { identifier: 'cash-payment' },
        register: front,
      });
      expect(refund.statusCode, refund.body).toBe(200);
      const preview = await t.call({ method: 'GET', url: url(`/orders/${order.id}`), cookie: cashier });
      expect(preview.statusCode, preview.body).toBe(200);
    }

    const { rows } = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
      select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(t.database.db);
    const repeated = rows.filter((row) => Number(row.generic_plans) + Number(row.custom_plans) >= SALES);
    // The run repeats at least the session lookup, the cart's read and the order's answer for every sale.
    expect(repeated.length).toBeGreaterThanOrEqual(3);
    const replanned = repeated.filter((row) => Number(row.custom_plans) > CUSTOM_PLANS_FIRST).map((row) => row.statement.slice(0, 300));
    expect(replanned).toEqual([]);
  });
});
