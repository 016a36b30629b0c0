import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { ROLE_LOGINS, STAFF, currentMonth, loginAll, only, url, type Login } from './vendorsHelpers';
import { previousMonthOf } from '../../schemas/vendors';

describe.each(DIALECTS)('pro-rate fees on %s', (dialect) => {
  let t: TestApp;
  let as: Record<Login, string>;
  const month = currentMonth();
  // 310 a month: the 'rate' fee is 10 per remaining day, exact.
  const good = {
    start: month.first,
    days: month.days,
    newprice: 310,
    proratefee: 10 * month.days,
    vendor_id: 102,
    memo: 'Moved to booth B',
    calcoptions: 'rate',
    updateRentFee: 'no',
  };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    as = await loginAll(t);
  });
  afterAll(() => t.close());
  const post = (payload: object, cookie = as.admin) => t.call({ method: 'POST', url: url('/smp/vendors/pro-rate-fee'), cookie, payload });

  it('records a rate pro-rate the server agrees with, and lists it as price, days, prorate', async () => {
    const saved = await post(good);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      status: 'success',
      message: 'Successfully Saved',
      data: { vendor_id: 102, price: 310, days: month.days, prorate: 10 * month.days, calcoptions: 'rate', memo: 'Moved to booth B' },
    });
    const list = (await t.call({ method: 'GET', url: url('/smp/vendors/pro-rate-fee/102'), cookie: as.cashier })).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ start: month.first, value: `310,${month.days},${10 * month.days}` });
    // The rent did not change: updateRentFee was no.
    expect((await t.call({ method: 'GET', url: url('/smp/vendors/monthly_rent/102'), cookie: as.admin })).json().commissions).toHaveLength(1);
  });

  it('records a flat fee and, with updateRentFee yes, the new monthly rent from the start day in the same write', async () => {
    const saved = await post({
      ...good,
      start: month.last,
      days: 1,
      newprice: '99.99',
      proratefee: '99.99',
      calcoptions: 'flat',
      updateRentFee: 'yes',
      vendor_id: 104,
    });
    expect(saved.statusCode).toBe(200);
    const rent = (await t.call({ method: 'GET', url: url('/smp/vendors/monthly_rent/104'), cookie: as.admin })).json();
    expect(rent.commissions[0]).toMatchObject({ start: month.last, value: 99.99, is_prorate: 1 });
    const user = await t.database.db.selectFrom('users').select('monthly_rent').where('vendor_id', '=', 104).executeTakeFirstOrThrow();
    // A term starting mid-month shows in the list from the next month (the pro-rate covers this one).
    const values = user.monthly_rent.split(',');
    expect(values).toHaveLength(12);
    expect(values[month.month - 1]).toBe(month.days === 1 ? '99.99' : '225');
  });

  it('refuses bad pro-rates with the spec messages and stores nothing', async () => {
    const before = await t.database.db.selectFrom('vendor_prorate_fees').selectAll().orderBy('id').execute();
    const outside = previousMonthOf(month.first).startDate;
    const cases: Array<[object, number, string, string]> = [
      [{ ...good, days: 0 }, 422, 'days', 'Please Select Exact Rental Days'],
      [{ ...good, days: -3 }, 422, 'days', 'Please Select Exact Rental Days'],
      [{ ...good, days: month.days - 1 }, 422, 'days', 'Please Select Exact Rental Days'],
      [{ ...good, newprice: -5 }, 422, 'newprice', 'Please Input Correct New Rental Price'],
      [{ ...good, newprice: 0 }, 422, 'newprice', 'Please Input Correct New Rental Price'],
      [{ ...good, proratefee: 10 * month.days + 0.01 }, 422, 'proratefee', `The pro-rate fee for this price, start and method is ${10 * month.days}.`],
      [{ ...good, calcoptions: 'flat' }, 422, 'proratefee', 'The pro-rate fee for this price, start and method is 310.'],
      [{ ...good, start: outside, days: 28 }, 422, 'start', 'The start date must be in the current month.'],
      [{ ...good, start: '2999-01-01', days: 31 }, 422, 'start', 'The start date must be in the current month.'],
      [{ ...good, start: 'soon' }, 422, 'start', 'This field has an invalid format.'],
      [{ ...good, calcoptions: 'weekly' }, 422, 'calcoptions', 'This field has a value that is not allowed.'],
      [{ ...good, updateRentFee: 'maybe' }, 422, 'updateRentFee', 'This field has a value that is not allowed.'],
    ];
    for (const [payload, status, field, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().errors[field], JSON.stringify(payload)).toContain(message);
    }
    expect((await post({ ...good, vendor_id: 999 })).statusCode).toBe(404);
    expect(await t.database.db.selectFrom('vendor_prorate_fees').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('lets only administrators record and delete; a vendor reads only their own list', async () => {
    for (const login of ['manager', 'cashier', 'vendor', 'customer'] as const) expect((await post(good, as[login])).statusCode).toBe(403);
    const statuses: Record<string, number> = {};
    for (const login of ROLE_LOGINS)
      statuses[login] = (await t.call({ method: 'GET', url: url('/smp/vendors/pro-rate-fee/102'), cookie: as[login] })).statusCode;
    expect(statuses).toEqual(only(STAFF, 200));
    expect((await t.call({ method: 'GET', url: url('/smp/vendors/pro-rate-fee/101'), cookie: as.vendor })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: url('/smp/vendors/pro-rate-fee/999'), cookie: as.admin })).statusCode).toBe(404);
    const id = (await post(good)).json().data.id;
    for (const login of ['manager', 'cashier', 'vendor', 'customer'] as const) {
      expect((await t.call({ method: 'DELETE', url: url(`/smp/vendors/pro-rate-fee/${id}`), cookie: as[login] })).statusCode).toBe(403);
    }
    const deleted = await t.call({ method: 'DELETE', url: url(`/smp/vendors/pro-rate-fee/${id}`), cookie: as.storeadmin });
    expect(deleted.json()).toEqual({ status: 'success', message: 'Successfully Deleted' });
    expect((await t.call({ method: 'DELETE', url: url(`/smp/vendors/pro-rate-fee/${id}`), cookie: as.admin })).statusCode).toBe(404);
  });
});
