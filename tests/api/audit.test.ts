import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';
import { cart, placeOrder, unitOf } from './ordersTillHelpers';
import { todayUtc } from '../../schemas/vendors';

/**
 * The audit trail, from the outside: each audited action is done through the API as the till or the
 * back office does it, then the Audit Log list is read as an administrator and its rows compared with
 * literal values. Refused actions leave no row; nobody can change or delete a row, through the API or
 * in the database.
 */

const AUDIT = `${API}/crud/ns.audit-log`;
const ROLES = ['admin', 'storeadmin', 'manager', 'cashier', 'vendor', 'customer'] as const;

interface AuditRow {
  $id: number;
  created_at: string;
  username: string;
  address: string;
  action: string;
  entity_type: string;
  entity_id: number | null;
  before: Record<string, any> | null;
  after: Record<string, any> | null;
}

describe.each(DIALECTS)('the audit trail on %s', (dialect) => {
  const t = useTestApp(dialect);
  const as: Record<(typeof ROLES)[number], string> = {} as never;

  /** The Audit Log list as the admin reads it (newest first), JSON columns parsed. */
  async function auditRows(filters: Record<string, unknown> = {}, cookie = as.admin): Promise<AuditRow[]> {
    const query = new URLSearchParams({ queryFilters: JSON.stringify(filters), per_page: '100' });
    const response = await t.call({ method: 'GET', url: `${AUDIT}?${query.toString()}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as Array<Record<string, any>>).map((row) => ({
      ...row,
      before: row.before === null ? null : JSON.parse(row.before),
      after: row.after === null ? null : JSON.parse(row.after),
    })) as AuditRow[];
  }
  const rowsFor = async (action: string, entityId: number) => (await auditRows({ action })).filter((row) => row.entity_id === entityId);
  const auditCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  let mug: Awaited<ReturnType<typeof unitOf>>;
  const front = async () => (await t.database.db.selectFrom('cash_registers').select('id').where('name', '=', 'Front Till').executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    for (const role of ROLES) as[role] = await t.login(role);
    mug = await unitOf(t, 'Hand-Thrown Mug');
  });

  it('starts empty: the demo seed audits nothing', async () => {
    expect(await auditCount()).toBe(0);
  });

  it('records a void: who, from where, the order figures before and the status and reason after', async () => {
    const order = await placeOrder(
      t,
      as.cashier,
      cart([{ product_id: mug.product_id, unit_id: mug.unit_id, quantity: 1 }], [{ identifier: 'cash-payment', value: 22 }]),
    );
    const response = await t.call({ method: 'POST', url: `${API}/orders/${order.id}/void`, cookie: as.cashier, payload: { reason: 'Rang up twice' } });
    expect(response.statusCode, response.body).toBe(200);
    const [row, ...more] = await rowsFor('order.void', order.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ username: 'cashier', address: '127.0.0.1', action: 'order.void', entity_type: 'order', entity_id: order.id });
    expect(row!.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row!.before).toMatchObject({ code: order.code, payment_status: 'paid', total: 22, tendered: 22, change: 0 });
    expect(row!.after).toEqual({ code: order.code, payment_status: 'order_void', void_reason: 'Rang up twice' });
  });

  it('keeps a deleted paid order: its figures, lines and payments before deletion', async () => {
    const order = await placeOrder(
      t,
      as.cashier,
      cart(
        [{ product_id: mug.product_id, unit_id: mug.unit_id, quantity: 2 }],
        [
          { identifier: 'card', value: 10 },
          { identifier: 'cash-payment', value: 40 },
        ],
      ),
    );
    const response = await t.call({ method: 'DELETE', url: `${API}/orders/${order.id}`, cookie: as.cashier });
    expect(response.statusCode, response.body).toBe(200);
    expect((await t.call({ method: 'GET', url: `${API}/orders/${order.id}`, cookie: as.admin })).statusCode).toBe(404);

    const [row] = await rowsFor('order.delete', order.id);
    expect(row).toMatchObject({ username: 'cashier', entity_type: 'order', after: null });
    // 2 mugs at 22.00; the card fee of the demo till (3 % truncated to cents + 0.30) on 10.00 is 0.60.
    expect(row!.before).toMatchObject({ code: order.code, payment_status: 'paid', subtotal: 44, cardfee: 0.6, total: 44.6, tendered: 50.6, change: 6 });
    expect(row!.before!.products).toEqual([expect.objectContaining({ name: 'Hand-Thrown Mug', quantity: 2, unit_price: 22, total_price: 44 })]);
    expect(row!.before!.payments.map((payment: { identifier: string; value: number }) => [payment.identifier, payment.value])).toEqual([
      ['card', 10.6],
      ['cash-payment', 40],
    ]);
  });

  it('records a deleted payment with the order before and after', async () => {
    const order = await placeOrder(
      t,
      as.cashier,
      cart([{ product_id: mug.product_id, unit_id: mug.unit_id, quantity: 1 }], [{ identifier: 'cash-payment', value: 10 }], { save_unpaid: true }),
    );
    const payment = order.payments[0];
    const response = await t.call({ method: 'DELETE', url: `${API}/orders/${order.id}/payment/${payment.id}`, cookie: as.manager });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await rowsFor('order.payment_delete', payment.id);
    expect(row).toMatchObject({ username: 'manager', entity_type: 'order_payment' });
    expect(row!.before!.payment).toMatchObject({ order_id: order.id, identifier: 'cash-payment', value: 10 });
    expect(row!.before!.order).toMatchObject({ payment_status: 'partially_paid', total: 22, tendered: 10 });
    expect(row!.after!.order).toMatchObject({ payment_status: 'unpaid', total: 22, tendered: 0 });
  });

  it('records a refund: the refund and the order after, the order before', async () => {
    const order = await placeOrder(
      t,
      as.cashier,
      cart([{ product_id: mug.product_id, unit_id: mug.unit_id, quantity: 2 }], [{ identifier: 'cash-payment', value: 44 }]),
    );
    const response = await t.call({
      method: 'POST',
      url: `${API}/orders/${order.id}/refund`,
      cookie: as.cashier,
      payload: {
        products: [{ id: order.products[0].id, quantity: 1, condition: 'unspoiled' }],
        total: 22,
        payment: { identifier: 'cash-payment' },
        register: await front(),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const refundId = response.json().data.orderRefund.id;
    const [row] = await rowsFor('order.refund', refundId);
    expect(row).toMatchObject({ username: 'cashier', entity_type: 'order_refund' });
    expect(row!.before!.order).toMatchObject({ payment_status: 'paid', total: 44, tendered: 44 });
    expect(row!.after!.order).toMatchObject({ payment_status: 'partially_refunded', total: 44 });
    expect(row!.after!.refund).toMatchObject({
      order_id: order.id,
      total: 22,
      shipping: 0,
      payments: [{ identifier: 'cash-payment', value: 22 }],
      products: [
        { order_product_id: order.products[0].id, refund_type: 'refund_product', quantity: 1, unit_price: 22, total_price: 22, condition: 'unspoiled' },
      ],
    });
  });

  it('records a line sold at the till below the catalogue price, and none for a line at the catalogue price', async () => {
    const scarf = await unitOf(t, 'Silk Scarf');
    const order = await placeOrder(t, as.cashier, {
      products: [
        { product_type: 'product', product_id: mug.product_id, unit_id: mug.unit_id, quantity: 1, unit_price: 18.5 },
        { product_type: 'product', product_id: scarf.product_id, unit_id: scarf.unit_id, quantity: 1 },
      ],
      payments: [{ identifier: 'cash-payment', value: 40 }],
    });
    const rows = (await auditRows({ action: 'order.price_override' })).filter((row) => row.before?.order_id === order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'cashier', entity_type: 'order_product', entity_id: order.products[0].id });
    expect(rows[0]!.before).toEqual({
      order_id: order.id,
      product_id: mug.product_id,
      unit_id: mug.unit_id,
      name: 'Hand-Thrown Mug',
      quantity: 1,
      unit_price: 22,
      source: 'catalogue',
    });
    expect(rows[0]!.after).toEqual({
      order_id: order.id,
      product_id: mug.product_id,
      unit_id: mug.unit_id,
      name: 'Hand-Thrown Mug',
      quantity: 1,
      unit_price: 18.5,
      source: 'checkout',
    });
  });

  it('records a price changed by a line edit', async () => {
    const order = await placeOrder(t, as.cashier, cart([{ product_id: mug.product_id, unit_id: mug.unit_id, quantity: 2 }], [], { save_unpaid: true }));
    const lineId = order.products[0].id;
    const response = await t.call({
      method: 'PUT',
      url: `${API}/orders/${order.id}/product`,
      cookie: as.manager,
      payload: { products: [{ id: lineId, unit_price: 25 }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row, ...more] = await rowsFor('order.price_override', lineId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ username: 'manager', entity_type: 'order_product' });
    expect(row!.before).toMatchObject({ order_id: order.id, name: 'Hand-Thrown Mug', quantity: 2, unit_price: 22, total_price: 44, source: 'order' });
    expect(row!.after).toMatchObject({ order_id: order.id, name: 'Hand-Thrown Mug', quantity: 2, unit_price: 25, total_price: 50, source: 'line_edit' });
  });

  it('records fee-term changes: a new entry, its value replaced, and its deletion', async () => {
    const post = (value: number) =>
      t.call({
        method: 'POST',
        url: `${API}/smp/vendors/commission`,
        cookie: as.storeadmin,
        payload: { value, name: 'commission', vendor_id: 101, start: '2031-02-01' },
      });
    expect((await post(8)).statusCode).toBe(200);
    expect((await post(9.25)).statusCode).toBe(200);
    const saves = (await auditRows({ action: 'vendor.fee_term_save' })).filter((row) => row.after?.start === '2031-02-01');
    // Newest first.
    expect(saves.map((row) => [row.username, row.before, row.after])).toEqual([
      [
        'storeadmin',
        { vendor_id: 101, name: 'commission', value: 8, start: '2031-02-01', is_prorate: 0 },
        { vendor_id: 101, name: 'commission', value: 9.25, start: '2031-02-01', is_prorate: 0 },
      ],
      ['storeadmin', null, { vendor_id: 101, name: 'commission', value: 8, start: '2031-02-01', is_prorate: 0 }],
    ]);
    const entryId = saves[0]!.entity_id!;
    expect((await t.call({ method: 'DELETE', url: `${API}/smp/vendors/commission/${entryId}`, cookie: as.admin })).statusCode).toBe(200);
    const [deleted] = await rowsFor('vendor.fee_term_delete', entryId);
    expect(deleted).toMatchObject({
      username: 'admin',
      entity_type: 'vendor_fee',
      before: { vendor_id: 101, name: 'commission', value: 9.25, start: '2031-02-01' },
      after: null,
    });
  });

  it('records vendor ledger entries (a balance payment) added and deleted', async () => {
    const added = await t.call({
      method: 'POST',
      url: `${API}/smp/vendors/ledger`,
      cookie: as.admin,
      payload: { vendor_id: 102, kind: 'balance_payment', date: '2031-03-04', amount: '75.50', memo: 'Cheque 118' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.id;
    const adminId = (await t.database.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const ledger = { vendor_id: 102, kind: 'balance_payment', date: '2031-03-04', amount: 75.5, memo: 'Cheque 118', author_id: adminId };
    expect(await rowsFor('vendor.ledger_add', id)).toMatchObject([{ username: 'admin', entity_type: 'vendor_ledger', before: null, after: ledger }]);
    expect((await t.call({ method: 'DELETE', url: `${API}/smp/vendors/ledger/${id}`, cookie: as.storeadmin })).statusCode).toBe(200);
    expect(await rowsFor('vendor.ledger_delete', id)).toMatchObject([{ username: 'storeadmin', before: ledger, after: null }]);
  });

  it('records a vendor account payment at the till', async () => {
    const credit = await t.call({
      method: 'POST',
      url: `${API}/smp/vendors/ledger`,
      cookie: as.admin,
      payload: { vendor_id: 103, kind: 'credit', date: todayUtc(), amount: '500' },
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const order = await placeOrder(
      t,
      as.cashier,
      cart([{ product_id: mug.product_id, unit_id: mug.unit_id, quantity: 1 }], [{ identifier: 'account-payment', value: 22, vendor_id: 103 }]),
    );
    const [row] = await rowsFor('order.account_payment', order.payments[0].id);
    expect(row).toMatchObject({ username: 'cashier', entity_type: 'order_payment', after: { order_id: order.id, vendor_id: 103, value: 22 } });
    expect(row!.before!.order).toMatchObject({ payment_status: 'unpaid', total: 22, tendered: 0 });
  });

  it('writes no row when the action is refused (422), even when the audit row was already written in its transaction', async () => {
    const count = await auditCount();
    // The account payment is recorded (and audited) before the instalments are found above the total:
    // the whole checkout rolls back, its audit row with it.
    const refused = await t.call({
      method: 'POST',
      url: `${API}/orders`,
      cookie: as.cashier,
      payload: cart([{ product_id: mug.product_id, unit_id: mug.unit_id, quantity: 1 }], [{ identifier: 'account-payment', value: 22, vendor_id: 103 }], {
        support_instalments: true,
        instalments: [{ date: todayUtc(), amount: 30 }],
      }),
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe('The instalments sum exceeds the order total.');
    const order = await placeOrder(
      t,
      as.cashier,
      cart([{ product_id: mug.product_id, unit_id: mug.unit_id, quantity: 1 }], [{ identifier: 'cash-payment', value: 22 }]),
    );
    const others = [
      await t.call({
        method: 'POST',
        url: `${API}/orders/${order.id}/refund`,
        cookie: as.cashier,
        payload: {
          products: [{ id: order.products[0].id, quantity: 1, condition: 'unspoiled' }],
          total: 21,
          payment: { identifier: 'cash-payment' },
          register: await front(),
        },
      }),
      await t.call({
        method: 'POST',
        url: `${API}/smp/vendors/ledger`,
        cookie: as.admin,
        payload: { vendor_id: 102, kind: 'fee', date: '2031-03-04', amount: '0' },
      }),
      await t.call({
        method: 'POST',
        url: `${API}/smp/vendors/commission`,
        cookie: as.admin,
        payload: { value: 101, name: 'commission', vendor_id: 101, start: '2031-05-01' },
      }),
      await t.call({
        method: 'PUT',
        url: `${API}/orders/${order.id}/product`,
        cookie: as.cashier,
        payload: { products: [{ id: order.products[0].id, unit_price: 0 }] },
      }),
    ];
    expect(others.map((response) => response.statusCode)).toEqual([422, 422, 422, 422]);
    expect(await auditCount()).toBe(count);
  });

  it('records role and password changes made by an administrator, never the password', async () => {
    const created = await t.call({
      method: 'POST',
      url: `${API}/crud/ns.users`,
      cookie: as.admin,
      payload: { username: 'clerk', general: { role: 'cashier', email: 'clerk@example.com', active: 1, password: 'first-pass-1' } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.entry.id;
    const promote = await t.call({
      method: 'PUT',
      url: `${API}/crud/ns.users/${id}`,
      cookie: as.admin,
      payload: { username: 'clerk', general: { role: 'manager' } },
    });
    expect(promote.statusCode, promote.body).toBe(200);
    const reset = await t.call({
      method: 'PUT',
      url: `${API}/crud/ns.users/${id}`,
      cookie: as.storeadmin,
      payload: { username: 'clerk', general: { password: 'second-pass-2' } },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const rows = (await auditRows()).filter((row) => row.entity_type === 'user' && row.entity_id === id);
    expect(rows.map((row) => [row.action, row.username, row.before, row.after])).toEqual([
      ['user.password_change', 'storeadmin', { username: 'clerk' }, { username: 'clerk', password: 'changed' }],
      ['user.role_change', 'admin', { username: 'clerk', role: 'cashier' }, { username: 'clerk', role: 'manager' }],
    ]);
    const stored = await t.database.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity_id', '=', id)
      .where('entity_type', '=', 'user')
      .execute();
    expect(JSON.stringify(stored)).not.toMatch(/pass-|argon/);
  });

  it('filters by user, action and date range, pages on the server, and exports CSV', async () => {
    const cashierId = (await t.database.db.selectFrom('users').select('id').where('username', '=', 'cashier').executeTakeFirstOrThrow()).id;
    const byCashier = await auditRows({ user_id: cashierId });
    expect(byCashier.length).toBeGreaterThan(0);
    expect(new Set(byCashier.map((row) => row.username))).toEqual(new Set(['cashier']));
    const voids = await auditRows({ action: 'order.void' });
    expect(voids.map((row) => row.action)).toEqual(['order.void']);
    expect(await auditRows({ created_at: { startDate: '2000-01-01', endDate: '2000-12-31' } })).toEqual([]);
    const today = todayUtc();
    expect((await auditRows({ created_at: { startDate: today, endDate: today } })).length).toBe(await auditCount());

    const page = await t.call({ method: 'GET', url: `${AUDIT}?per_page=2&page=2`, cookie: as.admin });
    expect(page.json()).toMatchObject({ current_page: 2, per_page: 2, total: await auditCount() });
    expect(page.json().data).toHaveLength(2);

    const exported = await t.call({
      method: 'POST',
      url: `${AUDIT}/export?queryFilters=${encodeURIComponent(JSON.stringify({ action: 'order.void' }))}`,
      cookie: as.admin,
      payload: {},
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const csv = await t.call({ method: 'GET', url: exported.json().url, cookie: as.admin });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('When (UTC),User,Address,Action,Entity,Entity Id,Before,After');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',cashier,127.0.0.1,order.void,order,');
  });

  it('answers the list to administrators and store administrators only', async () => {
    const statuses = await Promise.all(ROLES.map(async (role) => (await t.call({ method: 'GET', url: AUDIT, cookie: as[role] })).statusCode));
    expect(statuses).toEqual([200, 200, 403, 403, 403, 403]);
    expect((await t.call({ method: 'GET', url: AUDIT })).statusCode).toBe(401);
  });

  it('offers no way to create, change or delete an entry through the API, for any role', async () => {
    const [first] = await auditRows();
    const id = first!.$id;
    const before = await t.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    const attempts = (cookie?: string) =>
      Promise.all([
        t.call({ method: 'POST', url: AUDIT, cookie, payload: { username: 'x' } }),
        t.call({ method: 'PUT', url: `${AUDIT}/${id}`, cookie, payload: { username: 'x' } }),
        t.call({ method: 'DELETE', url: `${AUDIT}/${id}`, cookie }),
        t.call({ method: 'GET', url: `${AUDIT}/form-config`, cookie }),
        t.call({ method: 'GET', url: `${AUDIT}/form-config/${id}`, cookie }),
        t.call({ method: 'POST', url: `${AUDIT}/bulk-actions`, cookie, payload: { action: 'delete_selected', entries: [id] } }),
      ]);
    for (const role of ROLES) {
      const codes = (await attempts(as[role])).map((response) => response.statusCode);
      // Readers may name the bulk action: it is not declared, so it is refused as unknown.
      const bulk = role === 'admin' || role === 'storeadmin' ? 422 : 403;
      expect(codes, role).toEqual([403, 403, 403, 403, 403, bulk]);
    }
    expect((await attempts()).map((response) => response.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
    const config = (await t.call({ method: 'GET', url: `${AUDIT}/config`, cookie: as.admin })).json();
    expect(config.links).toEqual({ list: '/dashboard/audit-log', create: '#', edit: '#' });
    expect(config.bulkActions).toEqual([]);
    expect(first!.$id).toBe(id);
    expect((await auditRows())[0]).toMatchObject({ $id: id });
    expect(await t.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('refuses UPDATE and DELETE in the database itself', async () => {
    const before = await t.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    await expect(t.database.db.updateTable('audit_log').set({ username: 'someone else' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.database.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log where id = ${before[0]!.id}`.execute(t.database.db)).rejects.toThrow(/append-only/);
    if (dialect === 'postgres') await expect(sql`truncate audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
    expect(await t.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
