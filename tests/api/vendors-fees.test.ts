import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { ROLE_LOGINS, currentMonth, loginAll, url, type Login } from './vendorsHelpers';
import { monthlyLists, type FeeEntry } from '../../schemas/vendors';

const STAFF: Login[] = ['admin', 'storeadmin', 'manager', 'cashier'];
const ADMINS: Login[] = ['admin', 'storeadmin'];

describe.each(DIALECTS)('vendor lists and fee terms on %s', (dialect) => {
  let t: TestApp;
  let as: Record<Login, string>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    as = await loginAll(t);
  });
  afterAll(() => t.close());

  const statusFor = async (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) => {
    const statuses: Partial<Record<Login, number>> = {};
    for (const login of ROLE_LOGINS)
      statuses[login] = (await t.call({ method, url: url(path), cookie: as[login], ...(payload ? { payload } : {}) })).statusCode;
    return statuses;
  };
  const only = (allowed: Login[], yes: number, no = 403) => Object.fromEntries(ROLE_LOGINS.map((login) => [login, allowed.includes(login) ? yes : no]));

  it('refuses every vendor route without a session', async () => {
    const routes: Array<['GET' | 'POST' | 'DELETE', string, object?]> = [
      ['GET', '/smp/vendors'],
      ['GET', '/users'],
      ['GET', '/smp/vendors/commission/101'],
      ['GET', '/smp/vendors/pro-rate-fee/101'],
      ['GET', '/smp/vendors/101/statement'],
      ['GET', '/smp/vendors/ledger/101'],
      ['DELETE', '/smp/vendors/commission/1'],
      ['DELETE', '/smp/vendors/pro-rate-fee/1'],
      ['DELETE', '/smp/vendors/ledger/1'],
      ['POST', '/smp/vendors/ledger', { vendor_id: 101, kind: 'fee', date: '2030-01-01', amount: 1 }],
      ['POST', '/smp/vendors/commission', { value: 1, name: 'commission', vendor_id: 101, start: '2030-01-01' }],
      [
        'POST',
        '/smp/vendors/pro-rate-fee',
        { start: '2030-01-01', days: 31, newprice: 1, proratefee: 1, vendor_id: 101, calcoptions: 'flat', updateRentFee: 'no' },
      ],
      ['POST', '/smp/reports/vendor-sale-report', { type: 'products_report', user_id: 1 }],
    ];
    for (const [method, path, payload] of routes) {
      const response = await t.call({ method, url: url(path), ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('lists active vendors by default, all on request, and searches by name or number', async () => {
    const active = (await t.call({ method: 'GET', url: url('/smp/vendors'), cookie: as.cashier })).json();
    expect(active.map((row: { vendor_id: number }) => row.vendor_id)).toEqual([101, 102, 103, 104]);
    expect(Object.keys(active[0]).sort()).toEqual(['active', 'id', 'username', 'vendor_id']);
    const all = (await t.call({ method: 'GET', url: url('/smp/vendors?filter=all'), cookie: as.cashier })).json();
    expect(all.map((row: { vendor_id: number }) => row.vendor_id)).toEqual([101, 102, 103, 104, 105]);
    const byName = (await t.call({ method: 'GET', url: url('/smp/vendors?filter=all&search=STALL'), cookie: as.admin })).json();
    expect(byName.map((row: { username: string }) => row.username)).toEqual(['closedstall']);
    const byNumber = (await t.call({ method: 'GET', url: url('/smp/vendors?search=103'), cookie: as.admin })).json();
    expect(byNumber.map((row: { username: string }) => row.username)).toEqual(['retroroom']);
    const wildcard = (await t.call({ method: 'GET', url: url('/smp/vendors?search=%25'), cookie: as.admin })).json();
    expect(wildcard).toEqual([]);
    expect((await t.call({ method: 'GET', url: url('/smp/vendors?filter=some'), cookie: as.admin })).statusCode).toBe(422);
    expect(await statusFor('GET', '/smp/vendors')).toEqual(only([...STAFF, 'vendor'], 200));
  });

  it('lists users for staff only', async () => {
    const users = (await t.call({ method: 'GET', url: url('/users'), cookie: as.cashier })).json();
    expect(users.length).toBeGreaterThanOrEqual(10);
    expect(users.find((row: { username: string }) => row.username === 'admin')).toMatchObject({ active: 1, vendor_id: null });
    expect(Object.keys(users[0]).sort()).toEqual(['active', 'id', 'username', 'vendor_id']);
    expect(await statusFor('GET', '/users')).toEqual(only(STAFF, 200));
    expect((await t.call({ method: 'GET', url: url('/users') })).statusCode).toBe(401);
  });

  it('answers the commissions and the entry in force; a vendor reads only their own', async () => {
    const answer = (await t.call({ method: 'GET', url: url('/smp/vendors/monthly_rent/102'), cookie: as.manager })).json();
    expect(answer.commissions).toHaveLength(1);
    expect(answer.current).toMatchObject({ name: 'monthly_rent', value: 150, vendor_id: 102, start: '1970-01-01', is_prorate: 0 });
    const own = await t.call({ method: 'GET', url: url('/smp/vendors/commission/101'), cookie: as.vendor });
    expect(own.statusCode).toBe(200);
    expect(own.json().current.value).toBe(7.5);
    expect(await statusFor('GET', '/smp/vendors/commission/102')).toEqual(only(STAFF, 200));
    expect((await t.call({ method: 'GET', url: url('/smp/vendors/commission/999'), cookie: as.admin })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: url('/smp/vendors/commission/999'), cookie: as.vendor })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: url('/smp/vendors/rent/102'), cookie: as.admin })).statusCode).toBe(422);
  });

  it('saves an entry, refreshes the comma lists in the same write, and edits it by its start', async () => {
    const { year } = currentMonth();
    const saved = await t.call({
      method: 'POST',
      url: url('/smp/vendors/commission'),
      cookie: as.storeadmin,
      payload: { value: 180, name: 'monthly_rent', vendor_id: 104, start: `${year}-03-01` },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'success', message: 'Successfully Saved' });
    expect(saved.json().data.commissions.map((entry: { start: string }) => entry.start)).toEqual([`${year}-03-01`, '1970-01-01']);
    const listOf = async () =>
      await t.database.db.selectFrom('users').select(['monthly_rent', 'commission']).where('vendor_id', '=', 104).executeTakeFirstOrThrow();
    expect((await listOf()).monthly_rent).toBe('225,225,180,180,180,180,180,180,180,180,180,180');
    const edited = await t.call({
      method: 'POST',
      url: url('/smp/vendors/commission'),
      cookie: as.admin,
      payload: { value: '190.5', name: 'monthly_rent', vendor_id: 104, start: `${year}-3-1`, is_prorate: true },
    });
    expect(edited.json().data.commissions).toHaveLength(2);
    expect(edited.json().data.commissions[0]).toMatchObject({ value: 190.5, is_prorate: 1 });
    expect((await listOf()).monthly_rent).toBe('225,225,190.5,190.5,190.5,190.5,190.5,190.5,190.5,190.5,190.5,190.5');

    const id = edited.json().data.commissions[0].id as number;
    // admin deletes it; storeadmin, who may delete too, then finds it gone.
    expect(await statusFor('DELETE', `/smp/vendors/commission/${id}`)).toEqual({ ...only(ADMINS, 200, 403), storeadmin: 404 });
    const after = (await t.call({ method: 'GET', url: url('/smp/vendors/monthly_rent/104'), cookie: as.admin })).json();
    expect(after.commissions).toHaveLength(1);
    expect((await listOf()).monthly_rent).toBe('225,225,225,225,225,225,225,225,225,225,225,225');
  });

  it('answers Successfully Deleted, 404 for an unknown entry and 409 for the last one', async () => {
    const { year } = currentMonth();
    const saved = (
      await t.call({
        method: 'POST',
        url: url('/smp/vendors/commission'),
        cookie: as.admin,
        payload: { value: 9, name: 'commission', vendor_id: 102, start: `${year}-01-01` },
      })
    ).json();
    const id = saved.data.commissions[0].id;
    const deleted = await t.call({ method: 'DELETE', url: url(`/smp/vendors/commission/${id}`), cookie: as.admin });
    expect(deleted.json()).toEqual({ status: 'success', message: 'Successfully Deleted' });
    expect((await t.call({ method: 'DELETE', url: url(`/smp/vendors/commission/${id}`), cookie: as.admin })).statusCode).toBe(404);
    const only1970 = (await t.call({ method: 'GET', url: url('/smp/vendors/commission/102'), cookie: as.admin })).json().commissions[0].id;
    expect((await t.call({ method: 'DELETE', url: url(`/smp/vendors/commission/${only1970}`), cookie: as.admin })).statusCode).toBe(409);
  });

  it('lets only administrators save, and refuses bad input with the spec messages, storing nothing', async () => {
    const good = { value: 8, name: 'commission', vendor_id: 103, start: '2030-01-01' };
    expect(await statusFor('POST', '/smp/vendors/commission', good)).toMatchObject({ manager: 403, cashier: 403, vendor: 403, customer: 403 });
    const before = await t.database.db.selectFrom('vendor_fees').selectAll().orderBy('id').execute();
    const cases: Array<[object, number, string, string]> = [
      [{ ...good, start: '2026-13-01' }, 422, 'start', 'Please Input A Valid Month (1 ~ 12)'],
      [{ ...good, start: '2026-01-00' }, 422, 'start', 'Please Input A Valid Day'],
      [{ ...good, start: '2026-02-30' }, 422, 'start', 'Please Input A Valid Day'],
      [{ ...good, start: '1969-12-31' }, 422, 'start', 'Please Input A Valid Year'],
      [{ ...good, name: 'monthly_rent', value: -5 }, 422, 'value', 'The monthly rent must be zero or more.'],
      [{ ...good, value: 100.5 }, 422, 'value', 'The commission must be a percentage from 0 to 100.'],
      [{ ...good, value: 'lots' }, 422, 'value', 'This field has a value that is not allowed.'],
      [{ ...good, name: 'rent' }, 422, 'name', 'This field has a value that is not allowed.'],
      [{ ...good, vendor_id: 0 }, 422, 'vendor_id', 'This field must be at least 1.'],
      [{ ...good, extra: 1 }, 422, 'extra', 'This field is not allowed.'],
    ];
    for (const [payload, status, field, message] of cases) {
      const response = await t.call({ method: 'POST', url: url('/smp/vendors/commission'), cookie: as.admin, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().errors[field], JSON.stringify(payload)).toContain(message);
    }
    const unknown = await t.call({ method: 'POST', url: url('/smp/vendors/commission'), cookie: as.admin, payload: { ...good, vendor_id: 999 } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'failed', message: 'This vendor does not exist.' });
    expect(await t.database.db.selectFrom('vendor_fees').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('keeps the comma lists consistent when two entries are posted at once', async () => {
    const { year } = currentMonth();
    const post = (value: number, start: string) =>
      t.call({ method: 'POST', url: url('/smp/vendors/commission'), cookie: as.admin, payload: { value, name: 'commission', vendor_id: 103, start } });
    const answers = await Promise.all([post(8, `${year}-02-01`), post(9, `${year}-06-01`), post(8.5, `${year}-04-10`), post(9.5, `${year}-11-01`)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const entries = await t.database.db.selectFrom('vendor_fees').select(['id', 'name', 'value', 'start']).where('vendor_id', '=', 103).execute();
    const user = await t.database.db.selectFrom('users').select(['commission', 'monthly_rent']).where('vendor_id', '=', 103).executeTakeFirstOrThrow();
    expect(user).toEqual(monthlyLists(entries as FeeEntry[], year));
    expect(user.commission).toBe('7.5,8,8,8,8.5,9,9,9,9,9,9.5,9.5');
  });
});
