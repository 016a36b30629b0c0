import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { ROLE_LOGINS, STAFF, currentMonth, insertLedger, insertSale, loginAll, only, syncLedger, url, userIdOf, type Login } from './vendorsHelpers';
import { fromDecimal } from '../../schemas/money';

describe.each(DIALECTS)('vendor balance, statement and sale report on %s', (dialect) => {
  let t: TestApp;
  let as: Record<Login, string>;
  const march = { startDate: '2025-03-01', endDate: '2025-03-31' };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    as = await loginAll(t);
    // Vendor 105: commission 5 %, rent 100 from 1970; 10 % from 2025-03-15.
    await t.call({
      method: 'POST',
      url: url('/smp/vendors/commission'),
      cookie: as.admin,
      payload: { value: 10, name: 'commission', vendor_id: 105, start: '2025-03-15' },
    });
    await insertSale(t, { vendor: 105, withoutTax: '200', at: '2025-03-05 10:00:00' });
    await insertSale(t, { vendor: 105, withoutTax: '100', at: '2025-03-20 15:30:00' });
    await insertSale(t, { vendor: 105, withoutTax: '999', at: '2025-03-21 09:00:00', status: 'order_void' });
    await insertSale(t, { vendor: 105, withoutTax: '50', at: '2025-03-22 09:00:00', status: 'hold' });
    await insertSale(t, { vendor: 105, withoutTax: '70', at: '2025-04-01 00:00:00' });
    await insertSale(t, { vendor: 105, withoutTax: '80', at: '2025-02-20 12:00:00' });
    await insertSale(t, { vendor: 101, buyer: 105, withoutTax: '30', at: '2025-03-10 11:00:00' });
    await insertLedger(t, 105, 'fee', '2025-03-03', '12.5');
    await insertLedger(t, 105, 'balance_payment', '2025-03-09', '40');
    await insertLedger(t, 105, 'credit', '2025-03-31', '5.25');
    await insertLedger(t, 105, 'credit', '2025-04-01', '1000');
    await t.database.db
      .insertInto('vendor_prorate_fees')
      .values({
        vendor_id: 105,
        start: '2025-03-16',
        price: fromDecimal('16'),
        days: 16,
        prorate: fromDecimal('8'),
        memo: null,
        calcoptions: 'rate',
        created_at: '2025-03-16 09:00:00',
        author_id: null,
      })
      .execute();
  });
  afterAll(() => t.close());

  it('answers each term of the statement and the balance they add up to', async () => {
    const response = await t.call({ method: 'GET', url: url('/smp/vendors/105/statement?startDate=2025-03-01&endDate=2025-03-31'), cookie: as.manager });
    expect(response.statusCode).toBe(200);
    const statement = response.json();
    expect(statement.period).toEqual(march);
    const amounts = Object.fromEntries(statement.lines.map((line: { term: string; amount: number }) => [line.term, line.amount]));
    expect(amounts).toEqual({
      salesWithoutTax: 300,
      commission: 20,
      purchasesWithoutTax: 30,
      monthlyRent: 100,
      previousMonthNet: 76,
      fees: 20.5,
      balancePayments: 40,
      credits: 5.25,
    });
    expect(statement.balance).toBe(98.75);
    expect(statement.commission_rate).toBe(10);
  });

  it('subtracts refunded products, without their tax, on the day of the refund', async () => {
    const june = (query: string) => t.call({ method: 'GET', url: url(`/smp/vendors/104/statement?${query}`), cookie: as.admin });
    const linesOf = async (query: string) =>
      Object.fromEntries((await june(query)).json().lines.map((line: { term: string; amount: number }) => [line.term, line.amount]));
    await insertSale(t, { vendor: 104, withoutTax: '100', at: '2025-06-10 10:00:00', status: 'partially_refunded' });
    const line = await t.database.db
      .selectFrom('order_products')
      .select(['id', 'order_id'])
      .where('vendor_id', '=', 104)
      .where('created_at', '=', '2025-06-10 10:00:00')
      .executeTakeFirstOrThrow();
    const refund = await t.database.db
      .insertInto('order_refunds')
      .values({
        order_id: line.order_id,
        total: fromDecimal('40'),
        shipping: 0,
        author_id: await userIdOf(t, 'cashier'),
        register_id: null,
        created_at: '2025-07-02 09:00:00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('order_refunded_products')
      .values({
        order_refund_id: refund.id,
        order_id: line.order_id,
        order_product_id: line.id,
        product_id: null,
        unit_price: fromDecimal('40'),
        quantity: 1,
        discount_type: null,
        discount_percentage: 0,
        discount: 0,
        total_product_coupons: 0,
        tax_value: 0,
        total_price: fromDecimal('40'),
        condition: 'damaged',
        refund_type: 'refund_product',
        description: null,
        created_at: '2025-07-02 09:00:00',
      })
      .execute();
    await syncLedger(t, line.order_id, '2025-07-02 09:00:00');
    // The sale stays in June; the refund lowers July's sales, and its commission with it.
    expect((await linesOf('startDate=2025-06-01&endDate=2025-06-30')).salesWithoutTax).toBe(100);
    const july = await linesOf('startDate=2025-07-01&endDate=2025-07-31');
    expect(july.salesWithoutTax).toBe(-40);
    expect(july.commission).toBe(0);
  });

  it('defaults the period to the current month', async () => {
    const month = currentMonth();
    const statement = (await t.call({ method: 'GET', url: url('/smp/vendors/105/statement'), cookie: as.admin })).json();
    expect(statement.period).toEqual({ startDate: month.first, endDate: month.last });
    expect(statement.lines.find((line: { term: string }) => line.term === 'monthlyRent').amount).toBe(100);
  });

  it('lets a vendor read only their own statement and refuses bad periods', async () => {
    const statuses: Record<string, number> = {};
    for (const login of ROLE_LOGINS) statuses[login] = (await t.call({ method: 'GET', url: url('/smp/vendors/105/statement'), cookie: as[login] })).statusCode;
    expect(statuses).toEqual(only(STAFF, 200));
    expect((await t.call({ method: 'GET', url: url('/smp/vendors/101/statement'), cookie: as.vendor })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: url('/smp/vendors/999/statement'), cookie: as.admin })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: url('/smp/vendors/999/statement'), cookie: as.vendor })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: url('/smp/vendors/105/statement?startDate=2025-03-31&endDate=2025-03-01'), cookie: as.admin })).statusCode).toBe(
      422,
    );
    expect((await t.call({ method: 'GET', url: url('/smp/vendors/105/statement?startDate=March'), cookie: as.admin })).statusCode).toBe(422);
    const impossible = await t.call({ method: 'GET', url: url('/smp/vendors/105/statement?startDate=2025-02-30'), cookie: as.admin });
    expect(impossible.statusCode).toBe(422);
    expect(Object.keys(impossible.json().errors)).toEqual(['startDate']);
  });

  it('answers the vendor sale report with the same balance', async () => {
    const userId = await userIdOf(t, 'closedstall');
    const body = { ...march, type: 'products_report', user_id: userId };
    const response = await t.call({ method: 'POST', url: url('/smp/reports/vendor-sale-report'), cookie: as.cashier, payload: body });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.result.map((line: { total_price_without_tax: number }) => line.total_price_without_tax)).toEqual([200, 100]);
    // The lists of the period's year, from the entries: commission 10 % from 2025-03-15 shows from April.
    expect(report.vendor).toMatchObject({
      id: userId,
      vendor_id: 105,
      monthly_rent: '100,100,100,100,100,100,100,100,100,100,100,100',
      commission: '5,5,5,10,10,10,10,10,10,10,10,10',
    });
    expect(report.vendor_monthly_sale_previous.total_net).toBe(76);
    expect(report).toMatchObject({ total_fee: 20.5, total_credit: 5.25, total_balance_payment: 40, balance: 98.75 });
    const statuses: Record<string, number> = {};
    for (const login of ROLE_LOGINS)
      statuses[login] = (await t.call({ method: 'POST', url: url('/smp/reports/vendor-sale-report'), cookie: as[login], payload: body })).statusCode;
    expect(statuses).toEqual(only(STAFF, 200));
    const own = await t.call({
      method: 'POST',
      url: url('/smp/reports/vendor-sale-report'),
      cookie: as.vendor,
      payload: { type: 'products_report', user_id: await userIdOf(t, 'vendor') },
    });
    expect(own.statusCode).toBe(200);
    expect(
      (
        await t.call({
          method: 'POST',
          url: url('/smp/reports/vendor-sale-report'),
          cookie: as.admin,
          payload: { ...body, user_id: await userIdOf(t, 'cashier') },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'POST', url: url('/smp/reports/vendor-sale-report'), cookie: as.admin, payload: { ...body, type: 'sales' } })).statusCode,
    ).toBe(422);
  });
  it('records ledger entries through the API, and the statement follows them', async () => {
    const entry = { vendor_id: 105, kind: 'credit', date: '2025-03-15', amount: '1.25', memo: 'Bag refund' };
    const balanceNow = async () =>
      (await t.call({ method: 'GET', url: url('/smp/vendors/105/statement?startDate=2025-03-01'), cookie: as.admin })).json().balance;
    for (const login of ['manager', 'cashier', 'vendor', 'customer'] as const) {
      expect((await t.call({ method: 'POST', url: url('/smp/vendors/ledger'), cookie: as[login], payload: entry })).statusCode).toBe(403);
    }
    const saved = await t.call({ method: 'POST', url: url('/smp/vendors/ledger'), cookie: as.storeadmin, payload: entry });
    expect(saved.json()).toMatchObject({ status: 'success', message: 'Successfully Saved', data: { kind: 'credit', amount: 1.25, memo: 'Bag refund' } });
    expect(await balanceNow()).toBe(100);
    const listed = await t.call({ method: 'GET', url: url('/smp/vendors/ledger/105?startDate=2025-03-01&endDate=2025-03-31'), cookie: as.cashier });
    expect(listed.json().map((row: { kind: string; amount: number }) => [row.kind, row.amount])).toEqual([
      ['fee', 12.5],
      ['balance_payment', 40],
      ['credit', 1.25],
      ['credit', 5.25],
    ]);
    expect((await t.call({ method: 'GET', url: url('/smp/vendors/ledger/105'), cookie: as.vendor })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: url('/smp/vendors/ledger/101'), cookie: as.vendor })).statusCode).toBe(200);
    const cases: Array<[object, string]> = [
      [{ ...entry, amount: -1 }, 'amount'],
      [{ ...entry, amount: 0 }, 'amount'],
      [{ ...entry, date: '2025-02-30' }, 'date'],
      [{ ...entry, kind: 'gift' }, 'kind'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.call({ method: 'POST', url: url('/smp/vendors/ledger'), cookie: as.admin, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    expect((await t.call({ method: 'POST', url: url('/smp/vendors/ledger'), cookie: as.admin, payload: { ...entry, vendor_id: 999 } })).statusCode).toBe(404);
    const id = saved.json().data.id;
    expect((await t.call({ method: 'DELETE', url: url(`/smp/vendors/ledger/${id}`), cookie: as.cashier })).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: url(`/smp/vendors/ledger/${id}`), cookie: as.admin })).json()).toEqual({
      status: 'success',
      message: 'Successfully Deleted',
    });
    expect((await t.call({ method: 'DELETE', url: url(`/smp/vendors/ledger/${id}`), cookie: as.admin })).statusCode).toBe(404);
    expect(await balanceNow()).toBe(98.75);
  });
});
