import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { allRows, crudAs, type Crud } from './resourcesHelpers';
import { nowUtc } from '../../server/db/time';

const ORDERS = 'ns.orders';

describe.each(DIALECTS)('orders, media and documents lists on %s', (dialect) => {
  let t: TestApp;
  let cashier: Crud;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    cashier = crudAs(t, await t.login('cashier'));
  });
  afterAll(() => t.close());

  it('configures the orders list: six columns, status and date filters, no create link, no bulk action', async () => {
    const config = (await cashier.config(ORDERS)).json();
    expect(Object.keys(config.columns)).toEqual(['code', 'customer_name', 'cashier', 'total', 'payment_status', 'created_at']);
    expect(config.columns.total).toMatchObject({ label: 'Total', type: 'money', $ignoreSort: false });
    expect(config.queryFilters.map((field: { name: string; type: string }) => [field.name, field.type])).toEqual([
      ['payment_status', 'select'],
      ['created_at', 'daterangepicker'],
    ]);
    expect(config.links.create).toBe('#');
    expect(config.bulkActions).toEqual([]);
  });

  it('lists orders with customer, cashier, decimal totals and the Options popup', async () => {
    const rows = await allRows(cashier, ORDERS);
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      expect(row.$actions).toEqual([{ identifier: 'options', label: 'Options', type: 'POPUP', component: 'ns-orders-preview-popup' }]);
      expect(row.code).toMatch(/^\d{6}-\d{3}$/);
      expect(typeof row.total).toBe('number');
    }
    const layaway = rows.find((row) => row.payment_status === 'partially_paid')!;
    expect(layaway).toMatchObject({ customer_name: 'Carl Customer', cashier: 'cashier', total: 190 });
    // Newest first by default.
    const dates = rows.map((row) => String(row.created_at));
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('filters by payment status and date range, searches by code prefix, sorts by total', async () => {
    const paid = await allRows(cashier, ORDERS, { queryFilters: JSON.stringify({ payment_status: 'paid' }) });
    expect(paid.map((row) => row.total).sort()).toEqual([216, 90.99]);
    expect(await allRows(cashier, ORDERS, { queryFilters: JSON.stringify({ payment_status: 'lost' }) })).toEqual([]);
    const today = nowUtc().slice(0, 10);
    const recent = await allRows(cashier, ORDERS, { queryFilters: JSON.stringify({ created_at: { startDate: '2000-01-01', endDate: today } }) });
    expect(recent.length).toBeGreaterThan(0);
    const code = String(paid[0]!.code);
    expect((await allRows(cashier, ORDERS, { search: code })).map((row) => row.code)).toEqual([code]);
    expect((await allRows(cashier, ORDERS, { search: code.slice(0, 6) })).every((row) => String(row.code).startsWith(code.slice(0, 6)))).toBe(true);
    const byTotal = await allRows(cashier, ORDERS, { active: 'total', direction: 'asc' });
    expect(byTotal.map((row) => row.total)).toEqual([...byTotal.map((row) => row.total as number)].sort((a, b) => a - b));
  });

  it('is read-only: no form, create, update, delete or bulk delete, for any role', async () => {
    const order = (await allRows(cashier, ORDERS))[0]!.$id as number;
    for (const username of ['admin', 'cashier']) {
      const crud = crudAs(t, await t.login(username));
      expect((await crud.form(ORDERS)).statusCode).toBe(403);
      expect((await crud.form(ORDERS, order)).statusCode).toBe(403);
      expect((await crud.create(ORDERS, { code: '990101-001' })).statusCode).toBe(403);
      expect((await crud.update(ORDERS, order, { code: '990101-001' })).statusCode).toBe(403);
      expect((await crud.remove(ORDERS, order)).statusCode).toBe(403);
      expect((await crud.bulk(ORDERS, 'delete_selected', [order])).statusCode).toBe(403);
    }
    expect(await t.database.db.selectFrom('orders').select('id').execute()).toHaveLength(8);
  });

  it('shows a customer only their own orders, and vendors none', async () => {
    const customer = crudAs(t, await t.login('customer'));
    const own = await t.database.db
      .selectFrom('orders')
      .innerJoin('customers', 'customers.id', 'orders.customer_id')
      .innerJoin('users', 'users.id', 'customers.user_id')
      .where('users.username', '=', 'customer')
      .select('orders.code')
      .orderBy('orders.code')
      .execute();
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(8);
    const rows = await allRows(customer, ORDERS);
    expect(rows.map((row) => row.code).sort()).toEqual(own.map((row) => row.code));
    const foreign = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where(
        'code',
        'not in',
        own.map((row) => row.code),
      )
      .executeTakeFirstOrThrow();
    // Someone else's order is not found, not forbidden: its existence is not revealed.
    expect((await customer.list(ORDERS, { queryFilters: JSON.stringify({}) })).statusCode).toBe(200);
    expect((await customer.form(ORDERS, foreign.id)).statusCode).toBe(403);
    const vendor = crudAs(t, await t.login('vendor'));
    expect((await vendor.list(ORDERS)).statusCode).toBe(403);
  });

  it('lists uploaded media and documents read-only; users delete their own, administrators any', async () => {
    const ids = new Map((await t.database.db.selectFrom('users').select(['id', 'username']).execute()).map((user) => [user.username, user.id]));
    const now = nowUtc();
    const media = (name: string, owner: string) =>
      t.database.db
        .insertInto('medias')
        .values({ name, extension: 'png', slug: `${name}-slug`, user_id: ids.get(owner)!, size: 2048, mime: 'image/png', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    const document = (name: string, owner: string) =>
      t.database.db
        .insertInto('documents')
        .values({
          name,
          description: 'Signed lease.',
          extension: 'pdf',
          stored_name: `${name}-stored`,
          type: 'vendor',
          custom_id: 101,
          user_id: ids.get(owner)!,
          size: 4096,
          mime: 'application/pdf',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const own = await media('booth-photo', 'vendor');
    const others = await media('till-photo', 'cashier');
    const lease = await document('lease', 'vendor');

    const vendor = crudAs(t, await t.login('vendor'));
    const rows = await allRows(vendor, 'ns.medias');
    // A vendor lists only their own uploads; an administrator lists everyone's.
    expect(rows.map((row) => [row.name, row.uploader, row.size])).toEqual([['booth-photo', 'vendor', 2048]]);
    expect((await allRows(crudAs(t, await t.login('admin')), 'ns.medias')).map((row) => row.name)).toEqual(['till-photo', 'booth-photo']);
    expect((await vendor.config('ns.medias')).json().links.create).toBe('#');
    expect((await vendor.create('ns.medias', { name: 'x' })).statusCode).toBe(403);
    expect((await vendor.form('ns.medias', own.id)).statusCode).toBe(403);
    // Another user's file is outside the vendor's scope: not found.
    expect((await vendor.remove('ns.medias', others.id)).statusCode).toBe(404);
    expect((await vendor.remove('ns.medias', own.id)).statusCode).toBe(200);
    const admin = crudAs(t, await t.login('admin'));
    expect((await admin.remove('ns.medias', others.id)).statusCode).toBe(200);

    expect((await allRows(vendor, 'ns.documents')).map((row) => [row.name, row.type, row.uploader])).toEqual([['lease', 'vendor', 'vendor']]);
    const customer = crudAs(t, await t.login('customer'));
    expect((await customer.remove('ns.documents', lease.id)).statusCode).toBe(404);
    expect((await vendor.bulk('ns.documents', 'delete_selected', [lease.id])).json().message).toBe('The operation was successful: 1 deleted, 0 failed.');
  });

  it('puts every shipped resource in the menu under its group', async () => {
    const response = await t.call({ method: 'GET', url: `${API}/menu`, cookie: await t.login('admin') });
    const groups = response.json() as Array<{ id: string; label: string; items: Array<{ label: string; path: string }> }>;
    // Registers is a group of the static menu (its Register Sessions screen), so it comes before the groups resources bring.
    const shipped = ['Vendors', 'Registers', 'Orders', 'Catalog', 'Customers', 'Users', 'Expenses'];
    expect(groups.map((group) => group.label).filter((label) => shipped.includes(label))).toEqual(shipped);
    // The media and document lists join the Media group, wherever the static menu places it.
    expect(groups.find((group) => group.id === 'media')!.items.map((item) => item.label)).toEqual(expect.arrayContaining(['Media List', 'Documents']));
    expect(groups.find((group) => group.id === 'catalog')!.items.map((item) => [item.label, item.path])).toEqual([
      ['Products', '/dashboard/products'],
      ['Categories', '/dashboard/products/categories'],
      ['Units', '/dashboard/units'],
      ['Coupons', '/dashboard/coupons'],
    ]);
  });
});
