import { beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';
import { registerCalls } from './registersHelpers';
import { buildReportStore } from './reportsFixtures';
import { nowUtc } from '../../server/db/time';
import { storeTimeZone } from '../../server/services/options';
import { figureSumsBySpan } from '../../server/services/reports/figureSums';
import { lineSumsByBoth } from '../../server/services/reports/lineSums';
import { figuresOf } from '../../schemas/reports';
import { periodSpan } from '../../server/services/reports/spans';

/**
 * The dashboard's open registers come from the register sessions open now (register, who opened it, since
 * when, the float counted); a vendor's last payout is the latest posted payout that was not reversed.
 */
describe.each(DIALECTS)('dashboard registers and payouts on %s', (dialect) => {
  const t = useTestApp(dialect);
  const figures = async (cookie: string) => {
    const response = await t.call({ method: 'GET', url: `${API}/dashboard/figures`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  let manager: string;
  let cashier: string;
  let vendor: string;
  beforeAll(async () => {
    manager = await t.login('manager');
    cashier = await t.login('cashier');
    vendor = await t.login('vendor');
  });

  it('lists an open session with its register, opener, opening time and float; a closed one drops off', async () => {
    const calls = registerCalls(t);
    const now = nowUtc();
    const register = (
      await t.database.db
        .insertInto('cash_registers')
        .values({ name: 'Dashboard Till', status: 'closed', description: null, balance: 0, used_by: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const opened = await calls.open(cashier, { register_id: register, total: 75.5 });
    expect(opened.statusCode, opened.body).toBe(200);
    const session = opened.json().data.id as number;
    await t.database.db.updateTable('register_sessions').set({ opened_at: '2025-03-03 15:00:00' }).where('id', '=', session).execute();
    const mine = (await figures(manager)).open_registers.filter((entry: { register: string }) => entry.register === 'Dashboard Till');
    expect(mine).toEqual([{ id: session, register: 'Dashboard Till', opened_by: 'cashier', opened_at: '2025-03-03 15:00:00', opening: 75.5 }]);

    const closed = await calls.close(cashier, session, { total: 75.5 });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await figures(manager)).open_registers.filter((entry: { register: string }) => entry.register === 'Dashboard Till')).toEqual([]);
  });

  it('shows the vendor the latest posted payout, not a reversed, unposted or invoiced one', async () => {
    expect((await figures(vendor)).last_payout).toBeNull();
    const db = t.database.db;
    const run = (
      await db
        .insertInto('settlement_runs')
        .values({ period_start: '2025-08-01', through: '2025-08-31', status: 'closed', created_by: null, created_at: '2025-09-01 12:00:00' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const payout = (
      kind: 'payout' | 'invoice',
      method: 'cheque' | 'cash' | 'transfer' | null,
      amount: number,
      status: 'posted' | 'reversed' | 'printed',
      postedAt: string | null,
    ) => ({
      run_id: run,
      vendor_id: 101,
      kind,
      method,
      reference: null,
      amount,
      advance: 0,
      print_count: 1,
      status,
      created_at: '2025-09-01 12:00:00',
      posted_at: postedAt,
    });
    await db
      .insertInto('vendor_payouts')
      .values([
        payout('payout', 'cheque', 1_200_000, 'posted', '2025-09-02 14:00:00'),
        payout('payout', 'transfer', 450_000, 'reversed', '2025-09-03 14:00:00'),
        payout('payout', 'cash', 300_000, 'printed', null),
        payout('invoice', null, 990_000, 'posted', '2025-09-04 14:00:00'),
        payout('payout', 'cash', 50_000, 'posted', '2025-08-20 14:00:00'),
      ])
      .execute();
    expect((await figures(vendor)).last_payout).toEqual({ amount: 120, date: '2025-09-02', method: 'cheque' });
  });
});

/**
 * The dashboard's cheaper reads: top vendors and items from one read of the month's lines, and the figure sums
 * without the lines' own discounts; each gives what the reports give on the same hand-built days.
 */
describe.each(DIALECTS)('dashboard rankings from one read of the lines on %s', (dialect) => {
  const t = useTestApp(dialect);
  beforeAll(async () => {
    await buildReportStore(t);
  });

  const fixtureSpan = async () => periodSpan('period', { startDate: '2025-03-03', endDate: '2025-03-04' }, await storeTimeZone(t.database.db));

  it('sums net sales, sales, the average basket, taxes and collected without the lines, as the report by day totals them', async () => {
    const figures = figuresOf((await figureSumsBySpan(t.database, [await fixtureSpan()], 'without-line-discounts')).get('period')!);
    const { net_sales, orders, average_basket, taxes, collected } = figures;
    expect({ net_sales, orders, average_basket, taxes, collected }).toEqual({
      net_sales: 1_882_400,
      orders: 3,
      average_basket: 700_800,
      taxes: 35_200,
      collected: 1_882_400,
    });
  });

  it('ranks the vendors and the items of the span by net sales, as the reports do', async () => {
    const span = await fixtureSpan();
    const [vendors, items] = await lineSumsByBoth(t.database, ['vendor', 'item'], span, 3);
    expect(vendors).toEqual([
      { key: 103, quantity: 1, gross: 1_490_000, discounts: 230_000, refunds: 0 },
      { key: 101, quantity: 5, gross: 642_500, discounts: 0, refunds: 220_000 },
      { key: 102, quantity: 1, gross: 199_900, discounts: 0, refunds: 0 },
    ]);
    expect(items.map((entry) => [entry.key, entry.quantity, entry.gross - entry.discounts - entry.refunds])).toEqual([
      ['Oak Rocking Chair', 1, 1_260_000],
      ['Hand-Thrown Mug', 2, 220_000],
      ['Beeswax Candles', 3, 202_500],
    ]);
  });
});
