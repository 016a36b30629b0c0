import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './harness';
import { useTestApp } from './suite';
import { line, registerCalls, url } from './registersHelpers';
import { REGISTER_MESSAGES } from '../../schemas/registers';
import { nowUtc } from '../../server/db/time';

/**
 * A day at a till of the test's own (closed until opened): refused while closed, opened with a counted float, three
 * sales, a cash refund, cash in and out, closed 1.00 short; every figure of the Z report written by hand
 * from those orders, refunds and movements.
 */
describe.each(DIALECTS)('register sessions and the Z report on %s', (dialect) => {
  const t = useTestApp(dialect);
  let calls: ReturnType<typeof registerCalls>;
  let cashier: string;
  let manager: string;
  let back: number;
  let session: number;

  beforeAll(async () => {
    calls = registerCalls(t);
    cashier = await t.login('cashier');
    manager = await t.login('manager');
    const now = nowUtc();
    back = (
      await t.database.db
        .insertInto('cash_registers')
        .values({ name: 'Side Till', status: 'closed', description: null, balance: 0, used_by: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  it('refuses a sale on a register without an open session; parking an order on hold is allowed', async () => {
    const sale = await calls.checkout(cashier, { products: [line(53)], payments: [{ identifier: 'cash-payment', value: 53 }], register_id: back });
    expect(sale.statusCode).toBe(422);
    expect(sale.json().errors).toEqual({ register_id: [REGISTER_MESSAGES.closedForSale] });
    const held = await calls.checkout(cashier, { products: [line(10)], payments: [], register_id: back, hold: true });
    expect(held.statusCode).toBe(200);
  });

  it('opens with a float counted by denomination (1 × 100 + 2 × 20 + 10 × 1 = 150.00); a second open is refused', async () => {
    const opened = await calls.open(cashier, {
      register_id: back,
      counts: [
        { denomination: 100, quantity: 1 },
        { denomination: 20, quantity: 2 },
        { denomination: 1, quantity: 10 },
      ],
    });
    expect(opened.statusCode).toBe(200);
    session = opened.json().data.id;
    const again = await calls.open(manager, { register_id: back, total: 10 });
    expect([again.statusCode, again.json().message]).toEqual([409, 'This register is already open: cashier holds its session.']);
    const register = await t.database.db.selectFrom('cash_registers').select(['status', 'balance']).where('id', '=', back).executeTakeFirstOrThrow();
    expect(register).toEqual({ status: 'opened', balance: 1_500_000 });
  });

  it('refuses negative, missing and mismatched counts', async () => {
    expect((await calls.open(manager, { register_id: back, total: -5 })).statusCode).toBe(422);
    expect((await calls.open(manager, { register_id: back, counts: [{ denomination: 20, quantity: -1 }] })).statusCode).toBe(422);
    expect((await calls.close(cashier, session, { total: -0.01 })).statusCode).toBe(422);
    const missing = await calls.close(cashier, session, {});
    expect([missing.statusCode, missing.json().message]).toEqual([422, 'Count the drawer: by denomination or as a total.']);
    const mismatch = await calls.close(cashier, session, { counts: [{ denomination: 50, quantity: 1 }], total: 40 });
    expect([mismatch.statusCode, mismatch.json().message]).toEqual([422, 'The total does not match the denominations counted.']);
    expect((await calls.cash(manager, session, { type: 'out', amount: 1000, reason: 'Too much' })).json().message).toBe(
      'The drawer does not hold that much cash.',
    );
  });

  it("lets a manager move cash in a cashier's session (the holder's refusal to others is shown below)", async () => {
    expect((await calls.cash(manager, session, { type: 'in', amount: 0.5, reason: 'Check' })).statusCode).toBe(200);
    expect((await calls.cash(manager, session, { type: 'out', amount: 0.5, reason: 'Check back' })).statusCode).toBe(200);
    expect((await calls.cash(manager, session, { type: 'out', amount: 1, reason: '   ' })).json().message).toBe('Write the reason for this cash movement.');
  });

  it('adds up the day: sales by tender, refunds, cash movements, taxes, first and last order, expected cash', async () => {
    // A: 53.00 (tax 3.00) paid 60.00 cash, 7.00 change. B: 106.00 (tax 6.00) by bank transfer. C: 21.20 (tax 1.20) in cash.
    const a = await calls.checkout(cashier, { products: [line(53)], payments: [{ identifier: 'cash-payment', value: 60 }], register_id: back });
    const b = await calls.checkout(cashier, { products: [line(106)], payments: [{ identifier: 'bank-payment', value: 106 }], register_id: back });
    const c = await calls.checkout(cashier, { products: [line(21.2)], payments: [{ identifier: 'cash-payment', value: 21.2 }], register_id: back });
    for (const response of [a, b, c]) expect(response.statusCode, response.body).toBe(200);
    const orderC = c.json().data.order;
    // C comes back in full, in cash, from this register.
    const refund = await calls.refund(cashier, orderC.id, {
      products: [{ id: orderC.products[0].id, quantity: 1, condition: 'damaged' }],
      total: 21.2,
      payment: { identifier: 'cash-payment' },
      register: back,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await calls.cash(cashier, session, { type: 'in', amount: 5, reason: 'Coins from the safe' })).statusCode).toBe(200);
    expect((await calls.cash(cashier, session, { type: 'out', amount: 20, reason: 'Bank deposit bag' })).statusCode).toBe(200);

    const report = (await calls.report(cashier, session)).json();
    expect(report.orders).toEqual({
      count: 3,
      voided: 0,
      total: 180.2,
      taxes: 10.2,
      first: { code: a.json().data.order.code, created_at: expect.any(String) },
      last: { code: orderC.code, created_at: expect.any(String) },
      held: 1,
    });
    expect(report.sales_by_tender).toEqual([
      { identifier: 'bank-payment', label: 'Bank Transfer', count: 1, amount: 106 },
      { identifier: 'cash-payment', label: 'Cash', count: 2, amount: 81.2 },
    ]);
    expect(report.refunds).toEqual({ count: 1, total: 21.2, by_tender: [{ identifier: 'cash-payment', label: 'Cash', amount: 21.2 }] });
    expect(report.cash_moves.map(({ type, amount, reason, author }: Record<string, unknown>) => ({ type, amount, reason, author }))).toEqual([
      { type: 'in', amount: 0.5, reason: 'Check', author: 'manager' },
      { type: 'out', amount: 0.5, reason: 'Check back', author: 'manager' },
      { type: 'in', amount: 5, reason: 'Coins from the safe', author: 'cashier' },
      { type: 'out', amount: 20, reason: 'Bank deposit bag', author: 'cashier' },
    ]);
    // 150.00 + 81.20 cash sales − 7.00 change − 21.20 cash refund + 5.50 in − 20.50 out = 188.00.
    expect(report.drawer).toEqual({
      opening: 150,
      cash_sales: 81.2,
      change: 7,
      cash_refunds: 21.2,
      cash_in: 5.5,
      cash_out: 20.5,
      corrections: 0,
      expected: 188,
      counted: null,
      difference: null,
    });
  });

  it('closes 1.00 short: the four figures stored once, the report reprinted as stored; closing twice is refused', async () => {
    const closed = await calls.close(cashier, session, { total: 187 });
    expect([closed.statusCode, closed.json().message]).toEqual([200, REGISTER_MESSAGES.closed]);
    const row = await t.database.db
      .selectFrom('register_sessions')
      .select(['status', 'opening', 'expected', 'counted', 'difference', 'acceptance'])
      .where('id', '=', session)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'closed', opening: 1_500_000, expected: 1_880_000, counted: 1_870_000, difference: -10_000, acceptance: 'not_needed' });
    const again = await calls.close(cashier, session, { total: 187 });
    expect([again.statusCode, again.json().message]).toEqual([409, REGISTER_MESSAGES.alreadyClosed]);

    const report = (await calls.report(cashier, session)).json();
    expect(report.drawer).toMatchObject({ expected: 188, counted: 187, difference: -1 });
    expect(report.session).toMatchObject({ status: 'closed', opened_by: 'cashier', closed_by: 'cashier', acceptance: 'not_needed' });
    // The report of a closed session is read as written at closing, not recomputed from the row.
    await t.database.db.updateTable('register_sessions').set({ opening: 0 }).where('id', '=', session).execute();
    expect((await calls.report(cashier, session)).json()).toEqual(report);

    const page = await t.call({ method: 'GET', url: url(`/receipts/z-report/${session}`), cookie: cashier });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const text of ['Z Report', 'Side Till', 'Bank deposit bag', 'Expected Cash', '$188.00', 'Counted Cash', '$187.00', 'Short', '$1.00'])
      expect(page.body).toContain(text);

    const list = (await t.call({ method: 'GET', url: url(`/register-sessions?register_id=${back}`), cookie: cashier })).json();
    expect(list.data[0]).toMatchObject({ id: session, status: 'closed', expected: 188, counted: 187, difference: -1 });
  });

  it('refuses cash on the closed register: a sale, a cash refund; the drawer and orders stay as they were', async () => {
    const sale = await calls.checkout(cashier, { products: [line(53)], payments: [{ identifier: 'cash-payment', value: 53 }], register_id: back });
    expect(sale.json().errors).toEqual({ register_id: [REGISTER_MESSAGES.closedForSale] });
    const order = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('register_id', '=', back)
      .where('total', '=', 530_000)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const lineId = (await t.database.db.selectFrom('order_products').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow()).id;
    const refund = await calls.refund(cashier, order.id, {
      products: [{ id: lineId, quantity: 1, condition: 'damaged' }],
      total: 53,
      payment: { identifier: 'cash-payment' },
      register: back,
    });
    expect([refund.statusCode, refund.json().message]).toEqual([409, 'The register Side Till is closed: open it before cash goes in or out of its drawer.']);
    expect(await t.database.db.selectFrom('order_refunds').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
    expect((await t.database.db.selectFrom('cash_registers').select('balance').where('id', '=', back).executeTakeFirstOrThrow()).balance).toBe(1_870_000);
  });

  it('a difference above the threshold (5.00) waits for a manager, who accepts it with a note', async () => {
    const opened = (await calls.open(cashier, { register_id: back, total: 100 })).json().data.id;
    const closed = await calls.close(cashier, opened, { total: 90 });
    expect([closed.statusCode, closed.json().message]).toEqual([200, REGISTER_MESSAGES.closedAwaiting]);
    expect((await calls.accept(cashier, opened, { note: 'ok' })).statusCode).toBe(403);
    expect((await calls.accept(manager, opened, { note: '' })).statusCode).toBe(422);
    const accepted = await calls.accept(manager, opened, { note: 'A 10.00 note paid out for milk, receipt in the drawer.' });
    expect(accepted.statusCode).toBe(200);
    expect((await calls.report(cashier, opened)).json().session).toMatchObject({
      acceptance: 'accepted',
      accepted_by: 'manager',
      acceptance_note: 'A 10.00 note paid out for milk, receipt in the drawer.',
    });
    expect((await calls.accept(manager, opened, { note: 'again' })).statusCode).toBe(409);

    // A manager closing over the threshold writes the note at once, or is refused.
    const own = (await calls.open(manager, { register_id: back, total: 100 })).json().data.id;
    const noNote = await calls.close(manager, own, { total: 110 });
    expect([noNote.statusCode, noNote.json().message]).toEqual([422, REGISTER_MESSAGES.noteRequired]);
    expect((await calls.cash(cashier, own, { type: 'in', amount: 1, reason: 'Mine' })).json().message).toBe(
      'This register session belongs to manager: only they or a manager may do this.',
    );
    const withNote = await calls.close(manager, own, { total: 110, note: 'A customer left 10.00 for a layaway.' });
    expect(withNote.json().data).toEqual({ acceptance: 'accepted' });

    // Two tills opening and closing at the same instant: one wins each time, the other hears 409.
    const racing = await Promise.all([calls.open(cashier, { register_id: back, total: 10 }), calls.open(manager, { register_id: back, total: 10 })]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const raced = racing.find((response) => response.statusCode === 200)!.json().data.id;
    const closings = await Promise.all([calls.close(manager, raced, { total: 10 }), calls.close(manager, raced, { total: 10 })]);
    expect(closings.map((response) => response.statusCode).sort()).toEqual([200, 409]);

    const audit = await t.database.db.selectFrom('audit_log').select('action').where('entity_type', '=', 'register_session').orderBy('id').execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      'register.open',
      'register.cash_move',
      'register.cash_move',
      'register.cash_move',
      'register.cash_move',
      'register.close',
      'register.open',
      'register.close',
      'register.accept_difference',
      'register.open',
      'register.close',
      'register.open',
      'register.close',
    ]);
  });
});
