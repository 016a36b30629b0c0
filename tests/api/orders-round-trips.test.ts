import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { cart, registerIdOf, stockedUnits, url } from './ordersTillHelpers';
import type { CheckoutBody } from '../../schemas/orders/api';

/**
 * What each business write costs in statements sent to the database (BEGIN, COMMIT and the session lookup
 * included). On PostgreSQL each is a round trip that waits its turn while other clients read big pages, so
 * the till's latency under load follows this count; reads and writes sent together (server/db/batch.ts) are
 * one statement there. On SQLite the same batches run statement by statement in-process, which costs next
 * to nothing: its ceilings are pinned too, so a change that adds work still shows. The ceilings are literal:
 * a change that adds a statement to one of these calls fails here and has to say why in this file.
 */
// The report day summaries (server/services/reports/summary) add to every order write the read of the order's
// rows and stored parts and the change; both travel in batches the write sends anyway (recomputeOrder: one read
// of the money state and summary rows, one write of figures, ledger and summary). A checkout reads nothing for
// them: a new order's rows are the ones it wrote. Its last batch carries the summary rows, the drawer and the
// order's code, so the rows every checkout shares are held for one statement and the commit.
// A payment and a refund read the options beside the order's lock, a refund sends its audit row with the
// recompute's write and reads its answer with the order's; what earlier refunds gave back is read after the
// lock (one more statement on SQLite), since the lock's own statement sees it as of before any wait.
// A checkout draws the ids of its order, lines and payments with the cart's reads (server/db/drawIds.ts) and
// writes the three in one batch with the stock it takes (one more read on SQLite, three statements fewer on
// PostgreSQL). A refund draws its own id the same way and writes its row, payments, products, drawer and stock in
// one batch (one more read on SQLite, two statements fewer on PostgreSQL).
// On PostgreSQL what is counted is the waits: BEGIN travels with a transaction's first statement, COMMIT with
// the read of its answer, and writes whose answer is not read with the statement after them: a checkout's
// order, lines and payments, a payment's row, every recompute's write (server/db/pipelinedTransactions.ts). A
// payment's answer, read by its route after the commit before, is that read; its id is drawn with the lock. A
// refund's batch travels with the recompute's read, and its stock answer is checked after both (writeBatchKept).
// A checkout's rows and last batch travel with COMMIT and its answer's read: the database refuses a unit without
// stock in that batch (stock_refused, migration 029), so nothing of it has to be read before the commit.
// A list page without filters does not read the store's time zone (only a date filter needs it): the session, the
// total (on PostgreSQL the table's kept row count, or its estimate with, while the table is small, its count in the
// same statement) and the rows; a numbered page after the first reads its rows once it has the total.
const CEILINGS = {
  postgres: { checkoutCash: 3, checkoutCard: 3, payment: 4, refund: 5, preview: 2, ordersPage: 3 },
  sqlite: { checkoutCash: 27, checkoutCard: 25, payment: 19, refund: 37, preview: 8, ordersPage: 3 },
};

describe.each(DIALECTS)('round trips of the till writes on %s', (dialect) => {
  let t: TestApp;
  let cashier: string;
  let front: number;
  let units: Array<{ product_id: number; unit_id: number }>;

  /** The statements `request` sent (the database counts them; nothing else runs against this app meanwhile). */
  async function counted<T>(request: () => Promise<T>): Promise<{ answer: T; statements: number }> {
    const before = t.database.statements();
    const answer = await request();
    return { answer, statements: t.database.statements() - before };
  }

  /** Five catalogue lines (1 to 3 units each) at the front till, paid as `payments`. */
  const fiveLines = (payments: CheckoutBody['payments'], extra: Partial<CheckoutBody> = {}) =>
    cart(
      units.map((unit, index) => ({ ...unit, quantity: (index % 3) + 1 })),
      payments,
      { register_id: front, ...extra },
    );

  const post = (path: string, payload: object) => t.call({ method: 'POST', url: url(path), cookie: cashier, payload });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cashier = await t.login('cashier');
    front = await registerIdOf(t);
    units = await stockedUnits(t, 5, 1000);
    // A first order warms what a running server has warm (statement caches, the payment types read once).
    expect((await post('/orders', fiveLines([{ identifier: 'cash-payment', value: 10_000 }]))).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('checks out five lines paid in cash within its ceiling', async () => {
    const { answer, statements } = await counted(() => post('/orders', fiveLines([{ identifier: 'cash-payment', value: 10_000 }])));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.order.payment_status).toBe('paid');
    expect(statements).toBeLessThanOrEqual(CEILINGS[dialect].checkoutCash);
  });

  it('checks out five lines paid by card within its ceiling', async () => {
    const total = (await post('/orders', fiveLines([], { save_unpaid: true }))).json().data.order.total as number;
    const { answer, statements } = await counted(() => post('/orders', fiveLines([{ identifier: 'card', value: total }])));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.order.payment_status).toBe('paid');
    expect(statements).toBeLessThanOrEqual(CEILINGS[dialect].checkoutCard);
  });

  it('takes a payment on an order within its ceiling', async () => {
    const order = (await post('/orders', fiveLines([], { save_unpaid: true }))).json().data.order;
    const { answer, statements } = await counted(() => post(`/orders/${order.id}/payments`, { identifier: 'bank-payment', value: 1 }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.order.payment_status).toBe('partially_paid');
    expect(statements).toBeLessThanOrEqual(CEILINGS[dialect].payment);
  });

  it('refunds one unspoiled line in cash within its ceiling', async () => {
    const order = (await post('/orders', fiveLines([{ identifier: 'cash-payment', value: 10_000 }]))).json().data.order;
    const line = order.products[0];
    const { answer, statements } = await counted(() =>
      post(`/orders/${order.id}/refund`, {
        products: [{ id: line.id, quantity: 1, condition: 'unspoiled' }],
        total: line.unit_price,
        payment: { identifier: 'cash-payment' },
        register: front,
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.order.payment_status).toBe('partially_refunded');
    expect(statements).toBeLessThanOrEqual(CEILINGS[dialect].refund);
  });

  it('answers an order preview within its ceiling', async () => {
    const order = (await post('/orders', fiveLines([{ identifier: 'cash-payment', value: 10_000 }]))).json().data.order;
    const { answer, statements } = await counted(() => t.call({ method: 'GET', url: url(`/orders/${order.id}`), cookie: cashier }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().id).toBe(order.id);
    expect(statements).toBeLessThanOrEqual(CEILINGS[dialect].preview);
  });

  it.each(['page=1', 'page=2&per_page=10&active=created_at&direction=desc'])('answers the orders list (%s) within its ceiling', async (query) => {
    const { answer, statements } = await counted(() => t.call({ method: 'GET', url: url(`/crud/ns.orders?${query}`), cookie: cashier }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().total).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(CEILINGS[dialect].ordersPage);
  });
});
