import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { crudAs, type Crud } from './resourcesHelpers';
import { cart, placeOrder, setStock, stockOf, unitOf } from './ordersTillHelpers';
import { nextOrderCode } from '../../server/services/orders/orderCode';

const PRODUCTS = 'ns.products';

describe.each(DIALECTS)('stock ledger and store time zone on %s', (dialect) => {
  let t: TestApp;
  let admin: Crud;
  let adminCookie: string;
  let cashier: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    adminCookie = await t.login('admin');
    admin = crudAs(t, adminCookie);
    cashier = await t.login('cashier');
  });
  afterAll(() => t.close());

  it('a product form opened before a sale cannot undo it; an adjustment from the current quantity is a movement', async () => {
    const mug = await unitOf(t, 'Hand-Thrown Mug');
    await setStock(t, mug.product_id, mug.unit_id, 28);
    const opened = (await admin.form(PRODUCTS, mug.product_id)).json().form.tabs.units.fields[0].value;
    const line = opened.find((row: { unit_id: number }) => row.unit_id === mug.unit_id);
    expect(line).toMatchObject({ quantity: 28, expected_quantity: 28 });

    await placeOrder(t, cashier, cart([{ product_id: mug.product_id, unit_id: mug.unit_id, quantity: 2 }], [], { save_unpaid: true }));
    expect(await stockOf(t, mug.product_id, mug.unit_id)).toBe(26);

    const withQuantity = (quantity: number, expected: number) =>
      opened.map((row: { unit_id: number }) => (row.unit_id === mug.unit_id ? { ...row, quantity, expected_quantity: expected } : row));
    const stale = await admin.update(PRODUCTS, mug.product_id, { units: { quantities: withQuantity(30, 28) } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 'failed', message: 'The quantity changed to 26 while you edited it. Check it and save again.' });
    expect(await stockOf(t, mug.product_id, mug.unit_id)).toBe(26);

    // Saving the form untouched (quantity as opened) leaves the sale standing: 26, not 28.
    expect((await admin.update(PRODUCTS, mug.product_id, { units: { quantities: opened } })).statusCode).toBe(200);
    expect(await stockOf(t, mug.product_id, mug.unit_id)).toBe(26);

    const saved = await admin.update(PRODUCTS, mug.product_id, { units: { quantities: withQuantity(30, 26) } });
    expect(saved.statusCode).toBe(200);
    expect(await stockOf(t, mug.product_id, mug.unit_id)).toBe(30);
    const movement = await t.database.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('product_id', '=', mug.product_id)
      .where('unit_id', '=', mug.unit_id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(movement).toMatchObject({ reason: 'adjustment', quantity: 4, quantity_before: 26, quantity_after: 30, order_id: null });
    expect(movement.author_id).not.toBeNull();

    // The form shows the current quantity.
    const reopened = (await admin.form(PRODUCTS, mug.product_id)).json().form.tabs.units.fields[0].value;
    expect(reopened.find((row: { unit_id: number }) => row.unit_id === mug.unit_id)).toMatchObject({ quantity: 30, expected_quantity: 30 });
  });

  it('the database refuses a negative quantity, whatever statement tries', async () => {
    const mug = await unitOf(t, 'Hand-Thrown Mug');
    await expect(
      sql`update product_unit_quantities set quantity = -1 where product_id = ${mug.product_id} and unit_id = ${mug.unit_id}`.execute(t.database.db),
    ).rejects.toThrow();
    expect(await stockOf(t, mug.product_id, mug.unit_id)).toBe(30);
  });

  it('the store time zone: a bad name is refused with 422, a real one is stored', async () => {
    const bad = await t.call({ method: 'POST', url: `${API}/options`, cookie: adminCookie, payload: { ns_store_timezone: 'Mars/Olympus' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ ns_store_timezone: ['This field must be a time zone name such as America/Chicago.'] });
    const good = await t.call({ method: 'POST', url: `${API}/options`, cookie: adminCookie, payload: { ns_store_timezone: 'America/Chicago' } });
    expect(good.statusCode).toBe(200);
    const read = await t.call({ method: 'GET', url: `${API}/options`, cookie: adminCookie });
    expect(read.json().ns_store_timezone).toBe('America/Chicago');
  });

  it('a sale at 23:30 on 31 January in Chicago (05:30Z on 1 February) is coded 260131 and counts in January', async () => {
    const code = await t.database.db.transaction().execute((trx) => nextOrderCode(trx, '2026-02-01 05:30:00'));
    expect(code).toBe('260131-001');

    const mug = await unitOf(t, 'Hand-Thrown Mug');
    const order = await placeOrder(
      t,
      cashier,
      cart([{ product_id: mug.product_id, unit_id: mug.unit_id, quantity: 1, vendor_id: 101 }], [{ identifier: 'cash-payment', value: 100 }]),
    );
    await t.database.db.updateTable('orders').set({ created_at: '2026-02-01 05:30:00' }).where('id', '=', order.id).execute();
    const vendor = await t.database.db.selectFrom('users').select('id').where('username', '=', 'vendor').executeTakeFirstOrThrow();
    const report = async (startDate: string, endDate: string) =>
      (
        await t.call({
          method: 'POST',
          url: `${API}/smp/reports/vendor-sale-report`,
          cookie: adminCookie,
          payload: { startDate, endDate, type: 'products_report', user_id: vendor.id },
        })
      )
        .json()
        .result.map((row: { order_id: number }) => row.order_id);
    expect(await report('2026-01-01', '2026-01-31')).toContain(order.id);
    expect(await report('2026-02-01', '2026-02-28')).not.toContain(order.id);
  });
});
