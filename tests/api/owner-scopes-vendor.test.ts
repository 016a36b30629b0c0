import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { allRows, crudAs, type Crud } from './resourcesHelpers';
import { FLOOR } from './floorHelpers';
import { nowUtc } from '../../server/db/time';

/**
 * The demo vendor (vendor_id 101) as an attacker: every way the API offers to reach another vendor's
 * record (oldbarn, vendor 102, and the inactive closedstall, 105) by id, list filter, search, sort,
 * export, bulk action, pick list and space history. Rows of others answer 404 like missing rows
 * (ids are not confirmed); calls the role holds no capability for answer 403.
 */
describe.each(DIALECTS)('owner scopes: a vendor on %s', (dialect) => {
  let t: TestApp;
  let vendorCookie: string;
  let vendor: Crud;
  let ids: Map<string, number>;
  const VENDORS = 'ns.vendors';

  beforeAll(async () => {
    t = await createTestApp(dialect);
    vendorCookie = await t.login('vendor');
    vendor = crudAs(t, vendorCookie);
    ids = new Map((await t.database.db.selectFrom('users').select(['id', 'username']).execute()).map((row) => [row.username, row.id]));
  });
  afterAll(() => t.close());

  const usersSnapshot = () => t.database.db.selectFrom('users').select(['id', 'username', 'email', 'phone', 'active', 'vendor_id']).orderBy('id').execute();

  it('lists only their own vendor record, whatever the search, filter or sort', async () => {
    const own = await vendor.list(VENDORS);
    expect(own.statusCode).toBe(200);
    expect(own.json().total).toBe(1);
    expect(own.json().data.map((row: Record<string, unknown>) => [row.$id, row.username, row.vendor_id, row.email, row.phone])).toEqual([
      [ids.get('vendor'), 'vendor', 101, 'vendor@example.com', null],
    ]);
    // Searching another vendor's name or e-mail finds nothing; a search every e-mail matches finds only their own.
    for (const search of ['oldbarn', 'oldbarn@example.com', 'closedstall', '%', '_']) {
      expect(await allRows(vendor, VENDORS, { search }), search).toEqual([]);
    }
    expect((await allRows(vendor, VENDORS, { search: 'example.com' })).map((row) => row.username)).toEqual(['vendor']);
    // The inactive filter would show closedstall to staff: the vendor is active, so nothing.
    expect(await allRows(vendor, VENDORS, { queryFilters: JSON.stringify({ active: 0 }) })).toEqual([]);
    expect((await allRows(vendor, VENDORS, { active: 'vendor_id', direction: 'desc' })).map((row) => row.username)).toEqual(['vendor']);
    // Staff see every vendor.
    expect((await allRows(crudAs(t, await t.login('cashier')), VENDORS)).map((row) => row.vendor_id)).toEqual([101, 102, 103, 104, 105]);
  });

  it("exports only their own row, also when the export names other vendors' ids", async () => {
    const exportOf = async (entries?: number[]) => {
      const response = await t.call({ method: 'POST', url: `${API}/crud/${VENDORS}/export`, cookie: vendorCookie, payload: entries ? { entries } : {} });
      expect(response.statusCode, response.body).toBe(200);
      const file = await t.call({ method: 'GET', url: response.json().url, cookie: vendorCookie });
      expect(file.statusCode).toBe(200);
      return file.body.split('\r\n').filter((line) => line !== '');
    };
    const header = 'Username,Vendor Number,First Name,Last Name,Email,Phone,Active,Created At';
    const all = await exportOf();
    expect(all).toHaveLength(2);
    expect(all[0]).toBe(header);
    expect(all[1]!.startsWith('vendor,101,Vera,Vendor,vendor@example.com,,1,')).toBe(true);
    expect(await exportOf([ids.get('oldbarn')!, ids.get('closedstall')!])).toEqual([header]);
    const withOwn = await exportOf([ids.get('oldbarn')!, ids.get('vendor')!]);
    expect(withOwn.slice(1).map((line) => line.split(',')[0])).toEqual(['vendor']);
    expect(withOwn.join('\n')).not.toContain('oldbarn');
  });

  it('cannot open an export another user made, even with its URL', async () => {
    const admin = await t.login('admin');
    const made = await t.call({ method: 'POST', url: `${API}/crud/${VENDORS}/export`, cookie: admin, payload: {} });
    expect(made.statusCode).toBe(200);
    const url = made.json().url as string;
    expect(url).toMatch(/^\/api\/nexopos\/v4\/crud-exports\/ns\.vendors--[a-f0-9]{32}\.csv$/);
    const stolen = await t.call({ method: 'GET', url, cookie: vendorCookie });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).not.toContain('oldbarn');
    expect((await t.call({ method: 'GET', url, cookie: await t.login('cashier') })).statusCode).toBe(404);
    const own = await t.call({ method: 'GET', url, cookie: admin });
    expect(own.statusCode).toBe(200);
    expect(own.body.split('\r\n').filter((line) => line !== '')).toHaveLength(6);
  });

  it('cannot open, change or delete another vendor by id, nor through a bulk action', async () => {
    const before = await usersSnapshot();
    const other = ids.get('oldbarn')!;
    // The form, updates and deletes need vendors.manage, which a vendor lacks: 403 for their own record too.
    for (const id of [other, ids.get('vendor')!]) {
      expect((await vendor.form(VENDORS, id)).statusCode).toBe(403);
      expect((await vendor.update(VENDORS, id, { username: 'taken', general: { email: 'x@example.com', vendor_id: 101, active: 1 } })).statusCode).toBe(403);
      expect((await vendor.remove(VENDORS, id)).statusCode).toBe(403);
    }
    const bulk = await vendor.bulk(VENDORS, 'delete_selected', [other, ids.get('closedstall')!]);
    expect(bulk.statusCode).toBe(403);
    expect(bulk.json()).toEqual({ status: 'failed', message: 'You are not allowed to do this.' });
    expect(
      (await vendor.create(VENDORS, { username: 'intruder', general: { email: 'i@example.com', vendor_id: 150, active: 1, password: 'secret123' } }))
        .statusCode,
    ).toBe(403);
    expect(await usersSnapshot()).toEqual(before);
    // The administrators still reach every vendor's form.
    expect((await crudAs(t, await t.login('admin')).form(VENDORS, other)).statusCode).toBe(200);
  });

  it('picks only themselves from the vendor pick list', async () => {
    const pick = (query: string, cookie = vendorCookie) => t.call({ method: 'GET', url: `${API}/smp/vendors${query}`, cookie });
    const own = [{ id: ids.get('vendor'), username: 'vendor', active: 1, vendor_id: 101 }];
    expect((await pick('')).json()).toEqual(own);
    expect((await pick('?filter=all')).json()).toEqual(own);
    expect((await pick('?search=oldbarn')).json()).toEqual([]);
    expect((await pick('?search=102')).json()).toEqual([]);
    expect((await pick('?filter=all&search=closedstall')).json()).toEqual([]);
    expect((await pick('', await t.login('cashier'))).json().map((row: { vendor_id: number }) => row.vendor_id)).toEqual([101, 102, 103, 104]);
  });

  it("reads only their own space history; another vendor's is the 404 of an unknown vendor number", async () => {
    const history = (vendorId: number, cookie = vendorCookie) => t.call({ method: 'GET', url: `${FLOOR}/history/${vendorId}`, cookie });
    const own = await history(101);
    expect(own.statusCode).toBe(200);
    expect(own.json().history.every((entry: { vendor_id: number }) => entry.vendor_id === 101)).toBe(true);
    expect(own.json().history.length).toBeGreaterThan(0);
    const notFound = { status: 'failed', success: false, message: 'This vendor does not exist.' };
    for (const vendorId of [102, 103, 104, 105, 999_999]) {
      const response = await history(vendorId);
      expect(response.statusCode, String(vendorId)).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    // A customer has no space history at all; staff read any vendor's.
    const customer = await t.login('customer');
    expect((await history(101, customer)).statusCode).toBe(404);
    expect((await history(102, customer)).json()).toEqual(notFound);
    const cashier = await t.login('cashier');
    expect((await history(102, cashier)).statusCode).toBe(200);
    expect((await history(102, cashier)).json().history[0].vendor_id).toBe(102);
  });

  it("reads no other vendor's terms, statement, ledger, sale report or sales alert", async () => {
    const refused = [
      { method: 'GET' as const, url: `${API}/smp/vendors/102/statement` },
      { method: 'GET' as const, url: `${API}/smp/vendors/ledger/102` },
      { method: 'GET' as const, url: `${API}/smp/vendors/commission/102` },
      { method: 'GET' as const, url: `${API}/smp/vendors/monthly_rent/102` },
      { method: 'GET' as const, url: `${API}/smp/vendors/pro-rate-fee/102` },
      { method: 'POST' as const, url: `${API}/smp/reports/vendor-sale-report`, payload: { type: 'products_report', user_id: ids.get('oldbarn') } },
      { method: 'GET' as const, url: `${API}/dashboard/sales-alerts/${ids.get('oldbarn')}` },
      { method: 'GET' as const, url: `${API}/dashboard/sales-alerts` },
      { method: 'GET' as const, url: `${API}/users` },
      { method: 'GET' as const, url: `${API}/crud/ns.users` },
      { method: 'GET' as const, url: `${API}/crud/ns.customers` },
      { method: 'GET' as const, url: `${API}/crud/ns.orders` },
    ];
    for (const request of refused) {
      const response = await t.call({ ...request, cookie: vendorCookie });
      expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: `${API}/smp/vendors/101/statement`, cookie: vendorCookie })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `${API}/dashboard/sales-alerts/${ids.get('vendor')}`, cookie: vendorCookie })).statusCode).toBe(200);
  });

  it('lists, reads and deletes only their own media', async () => {
    const now = nowUtc();
    const media = async (name: string, owner: string) =>
      (
        await t.database.db
          .insertInto('medias')
          .values({ name, extension: 'png', slug: `${name}-slug`, user_id: ids.get(owner)!, size: 2048, mime: 'image/png', created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const own = await media('stall-sign', 'vendor');
    const other = await media('barn-sign', 'oldbarn');
    expect((await allRows(vendor, 'ns.medias')).map((row) => row.name)).toEqual(['stall-sign']);
    expect(await allRows(vendor, 'ns.medias', { search: 'barn' })).toEqual([]);
    const list = await t.call({ method: 'GET', url: `${API}/medias?user_id=${ids.get('oldbarn')}`, cookie: vendorCookie });
    expect(list.statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `${API}/medias`, cookie: vendorCookie })).json().data.map((row: { name: string }) => row.name)).toEqual([
      'stall-sign',
    ]);
    // Another's media by id: the CRUD delete and the media manager's bulk delete both answer 404 and delete nothing.
    expect((await vendor.remove('ns.medias', other)).statusCode).toBe(404);
    expect((await vendor.bulk('ns.medias', 'delete_selected', [other])).json().message).toBe('The operation was successful: 0 deleted, 1 failed.');
    expect((await t.call({ method: 'POST', url: `${API}/medias/bulk-delete`, cookie: vendorCookie, payload: { ids: [own, other] } })).statusCode).toBe(404);
    const left = await t.database.db.selectFrom('medias').select('id').where('id', 'in', [own, other]).orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual([own, other]);
  });
});
