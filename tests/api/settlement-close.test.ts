import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './harness';
import { useTestApp } from './suite';
import { registerIdOf } from './ordersTillHelpers';
import { storeToday } from '../../server/services/options';
import { addVendor, amounts, closeThrough, pastSale, runOf, statementOf, url, vendorIn } from './settlementHelpers';

/**
 * Month-end settlement, closing: the worked statement of a published mall, the frozen figures of a closed
 * period (a later refund lands in the open period), the writes a closed period refuses, and reopening.
 * Vendor 150 (8.5 % commission, rent 172.80) is this file's own; the demo vendors are in every run too.
 */
describe.each(DIALECTS)('settlement: closing a period on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin: string;
  let manager: string;
  let storeadmin: string;
  let cashier: string;
  let front: number;
  let saleId: number;
  let lineId: number;
  const september = { startDate: '2025-09-01', endDate: '2025-09-30' };

  beforeAll(async () => {
    admin = await t.login('admin');
    manager = await t.login('manager');
    storeadmin = await t.login('storeadmin');
    cashier = await t.login('cashier');
    front = await registerIdOf(t);
    await addVendor(t, admin, { number: 150, username: 'quiltcorner', commission: 8.5, rent: 172.8 });
    const order = await pastSale(t, cashier, front, { vendor: 150, price: 360, day: '2025-09-14' });
    saleId = order.id;
    lineId = order.products[0]!.id;
  });

  it('settles the worked statement: sales 360.00, commission 8.5 %, rent 172.80, payout 156.60', async () => {
    const view = await closeThrough(t, manager, '2025-09-30');
    expect(view.run).toMatchObject({ period: september, status: 'closed', latest: true });
    const quilts = vendorIn(view, 150);
    expect(amounts(quilts)).toEqual({
      salesWithoutTax: 360,
      commission: 30.6,
      purchasesWithoutTax: 0,
      monthlyRent: 172.8,
      previousMonthNet: 0,
      fees: 0,
      balancePayments: 0,
      credits: 0,
    });
    expect(quilts).toMatchObject({ balance: 156.6, paid: 0, owed: 156.6, available: 156.6, action: 'pay' });
    // The run's lines are the statement's, term for term.
    expect(await statementOf(t, manager, 150, september)).toEqual({ ...amounts(quilts), balance: 156.6 });
    const audit = await t.database.db.selectFrom('audit_log').select(['username', 'entity_id', 'after']).where('action', '=', 'settlement.close').execute();
    expect(audit.map((row) => [row.username, row.entity_id, JSON.parse(String(row.after)).through])).toEqual([['manager', view.run.id, '2025-09-30']]);
  });

  it('keeps the closed statement when one of its orders is refunded later: the refund counts in the open period', async () => {
    const run = (await t.database.db.selectFrom('settlement_runs').select('id').executeTakeFirstOrThrow()).id;
    const closedBefore = await statementOf(t, admin, 150, september);
    const runBefore = vendorIn(await runOf(t, admin, run), 150);
    const thisMonthBefore = await statementOf(t, admin, 150);
    const refund = await t.call({
      method: 'POST',
      url: url(`/orders/${saleId}/refund`),
      cookie: cashier,
      payload: { products: [{ id: lineId, quantity: 1, condition: 'unspoiled' }], total: 360, payment: { identifier: 'cash-payment' }, register: front },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await statementOf(t, admin, 150, september)).toEqual(closedBefore);
    expect(vendorIn(await runOf(t, admin, run), 150)).toEqual(runBefore);
    const thisMonth = await statementOf(t, admin, 150);
    expect(thisMonth.salesWithoutTax! - thisMonthBefore.salesWithoutTax!).toBe(-360);
    const ledger = await t.database.db.selectFrom('vendor_sales').select(['date', 'amount']).where('order_id', '=', saleId).orderBy('id').execute();
    expect(ledger.map((row) => [row.date, Number(row.amount)])).toEqual([
      ['2025-09-14', 3_600_000],
      [await storeToday(t.database.db), -3_600_000],
    ]);
  });

  it('refuses writes dated inside the closed period with a clear message, and takes them after it', async () => {
    const closed =
      'The period through 2025-09-30 is closed for settlement: nothing dated inside it can change. Date it later, or ask an administrator to reopen the period.';
    const ledger = (date: string) =>
      t.call({ method: 'POST', url: url('/smp/vendors/ledger'), cookie: admin, payload: { vendor_id: 150, kind: 'credit', date, amount: 5 } });
    const inside = await ledger('2025-09-30');
    expect([inside.statusCode, inside.json()]).toEqual([409, { status: 'failed', message: closed }]);
    const commission = await t.call({
      method: 'POST',
      url: url('/smp/vendors/commission'),
      cookie: admin,
      payload: { name: 'commission', value: 5, vendor_id: 150, start: '2025-09-01' },
    });
    expect([commission.statusCode, commission.json().message]).toEqual([409, closed]);
    const fee = (
      await t.database.db.selectFrom('vendor_fees').select('id').where('vendor_id', '=', 150).where('name', '=', 'commission').executeTakeFirstOrThrow()
    ).id;
    const removed = await t.call({ method: 'DELETE', url: url(`/smp/vendors/commission/${fee}`), cookie: admin });
    expect([removed.statusCode, removed.json().message]).toEqual([409, closed]);
    expect((await ledger('2025-10-01')).statusCode).toBe(200);
    expect((await statementOf(t, admin, 150, september)).balance).toBe(156.6);
  });

  it('refuses a run through today or later, and one through a date already settled', async () => {
    const today = await storeToday(t.database.db);
    const now = await t.call({ method: 'POST', url: url('/settlement/runs'), cookie: manager, payload: { through: today } });
    expect([now.statusCode, now.json().errors]).toEqual([422, { through: ['The settlement date must be before today: today is still open for sales.'] }]);
    const again = await t.call({ method: 'POST', url: url('/settlement/runs'), cookie: manager, payload: { through: '2025-09-15' } });
    expect([again.statusCode, again.json().message]).toEqual([409, 'Vendors are already settled through 2025-09-30. Pick a later date.']);
    const bad = await t.call({ method: 'POST', url: url('/settlement/runs'), cookie: manager, payload: { through: '2025-02-30' } });
    expect(bad.statusCode).toBe(422);
  });

  it('lets only an administrator reopen the period, with a reason written to the audit trail', async () => {
    const run = (await t.database.db.selectFrom('settlement_runs').select('id').executeTakeFirstOrThrow()).id;
    const reopen = (cookie: string, reason: string) => t.call({ method: 'POST', url: url(`/settlement/runs/${run}/reopen`), cookie, payload: { reason } });
    expect((await reopen(storeadmin, 'late invoice')).statusCode).toBe(403);
    expect((await reopen(manager, 'late invoice')).statusCode).toBe(403);
    expect((await reopen(admin, '  ')).json().errors).toEqual({ reason: ['Give a reason.'] });
    const reopened = await reopen(admin, 'A fee was missed');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().run).toMatchObject({ status: 'reopened', latest: false, reopen_reason: 'A fee was missed' });
    // The period takes writes again.
    const ledger = await t.call({
      method: 'POST',
      url: url('/smp/vendors/ledger'),
      cookie: admin,
      payload: { vendor_id: 150, kind: 'fee', date: '2025-09-30', amount: 6.6 },
    });
    expect(ledger.statusCode).toBe(200);
    const audit = await t.database.db.selectFrom('audit_log').select(['username', 'before', 'after']).where('action', '=', 'settlement.reopen').execute();
    expect(audit.map((row) => [row.username, JSON.parse(String(row.before)).through, JSON.parse(String(row.after)).reason])).toEqual([
      ['admin', '2025-09-30', 'A fee was missed'],
    ]);
    // Closing again settles the same period with what it holds now: 156.60 − 6.60.
    const again = await closeThrough(t, manager, '2025-09-30');
    expect(again.run.period).toEqual(september);
    expect(vendorIn(again, 150)).toMatchObject({ balance: 150 });
  });

  it('lets one of two staff closing the same period at once win', async () => {
    const close = () => t.call({ method: 'POST', url: url('/settlement/runs'), cookie: manager, payload: { through: '2025-10-31' } });
    const answers = await Promise.all([close(), close()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe('Vendors are already settled through 2025-10-31. Pick a later date.');
    const standing = await t.database.db
      .selectFrom('settlement_runs')
      .select(['period_start', 'through'])
      .where('status', '=', 'closed')
      .orderBy('through')
      .execute();
    expect(standing).toEqual([
      { period_start: '2025-09-01', through: '2025-09-30' },
      { period_start: '2025-10-01', through: '2025-10-31' },
    ]);
  });
});
