import { beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS } from './harness';
import { AUDIT, ROLES, useAuditTrail } from './auditHelpers';
import { cart, placeOrder, unitOf } from './ordersTillHelpers';
import { todayUtc } from '../../schemas/vendors';

/**
 * The audit trail of orders, from the outside: each audited action is done through the API as the till
 * or the back office does it, then the Audit Log list is read as an administrator and its rows compared
 * with literal values; then the list itself: its filters, pages, CSV export and who may read it.
 * Back-office actions, refusals and immutability: audit-back-office.test.ts.
 */

describe.each(DIALECTS)('the audit trail on %s', (dialect) => {
  const { t, as, auditRows, rowsFor, auditCount, front } = useAuditTrail(dialect);

  let mug: Awaited<ReturnType<typeof unitOf>>;

  beforeAll(async () => {
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
});
