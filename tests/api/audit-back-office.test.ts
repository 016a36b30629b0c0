import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API, DIALECTS } from './harness';
import { AUDIT, ROLES, useAuditTrail } from './auditHelpers';
import { cart, placeOrder, unitOf } from './ordersTillHelpers';
import { todayUtc } from '../../schemas/vendors';

/**
 * The audit trail of the back office, from the outside: fee terms, vendor ledger entries, account
 * payments and user changes are made through the API, then the Audit Log list is read as an
 * administrator and its rows compared with literal values. Refused actions leave no row; nobody can
 * change or delete a row, through the API or in the database. Orders and the list: audit-orders.test.ts.
 */

describe.each(DIALECTS)('the audit trail on %s', (dialect) => {
  const { t, as, auditRows, rowsFor, auditCount, front } = useAuditTrail(dialect);

  let mug: Awaited<ReturnType<typeof unitOf>>;

  beforeAll(async () => {
    mug = await unitOf(t, 'Hand-Thrown Mug');
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
