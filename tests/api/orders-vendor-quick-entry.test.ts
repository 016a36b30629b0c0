import { beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';
import { crudAs } from './resourcesHelpers';
import { orderTablesSnapshot, registerIdOf } from './ordersTillHelpers';
import { creditTill, type CreditSessions } from './vendorCreditHelpers';

/**
 * The till credits the vendor of every line: a quick entry (untagged goods: the vendor number and the price
 * typed at the till, sent as a dynamic line with that vendor) credits the typed vendor, and a vendor's
 * tagged item, scanned (its tag's code typed into the till's search) and sold with no vendor chosen,
 * credits its owner. An unknown vendor number is refused on the field.
 */
describe.each(DIALECTS)('quick entry and scanned tags credit their vendor on %s', (dialect) => {
  const t = useTestApp(dialect);
  const sessions: CreditSessions = { cashier: '', admin: '', front: 0 };
  const till = creditTill(t, () => sessions);
  const ledgerOf = (orderId: number) =>
    t.database.db.selectFrom('vendor_sales').select(['vendor_id', 'kind', 'amount']).where('order_id', '=', orderId).orderBy('id').execute();

  beforeAll(async () => {
    [sessions.cashier, sessions.admin] = await Promise.all([t.login('cashier'), t.login('admin')]);
    sessions.front = await registerIdOf(t);
  });

  it('credits the vendor typed in a quick entry: the ledger line and the statement', async () => {
    const before = await till.terms(102);
    const order = await till.sale({
      products: [{ product_type: 'dynamic', name: 'Vendor #102 item', unit_price: 21.2, quantity: 1, tax_type: 'inclusive', vendor_id: 102 }],
      payments: [{ identifier: 'cash-payment', value: 21.2 }],
    });
    expect(order).toMatchObject({ total: 21.2, payment_status: 'paid' });
    expect(order.products.map((line: { name: string; vendor_id: number }) => [line.name, line.vendor_id])).toEqual([['Vendor #102 item', 102]]);
    // 21.20 with the 6 % tax included is 20.00 without it.
    expect(await ledgerOf(order.id)).toEqual([{ vendor_id: 102, kind: 'sale', amount: 200_000 }]);
    expect(await till.salesSince(102, before)).toBe(20);
  });

  it('refuses an unknown vendor number on the line, and writes nothing', async () => {
    const snapshot = await orderTablesSnapshot(t);
    const response = await t.call({
      method: 'POST',
      url: `${API}/orders`,
      cookie: sessions.cashier,
      payload: {
        products: [{ product_type: 'dynamic', name: 'Vendor #999 item', unit_price: 5, quantity: 1, tax_type: 'inclusive', vendor_id: 999 }],
        payments: [{ identifier: 'cash-payment', value: 5 }],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'failed',
      message: 'This vendor does not exist.',
      errors: { 'products.0.vendor_id': ['This vendor does not exist.'] },
      field_errors: [{ identifier: 'invalid', invalid: true, message: 'This vendor does not exist.', name: 'products.0.vendor_id' }],
    });
    expect(await orderTablesSnapshot(t)).toEqual(snapshot);
  });

  it("sells a vendor's tagged item found by its tag's code with no vendor chosen, and credits that vendor", async () => {
    const vendorSession = await t.login('vendor');
    const vendor = crudAs(t, vendorSession);
    const created = await vendor.create('ns.vendor-items', { name: 'Pine Birdhouse', general: { sale_price: 31.8, quantity: 2 } });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.entry.id as number;

    // The tag carries the item's own code, V<vendor>-<id>, and the vendor number.
    const tags = await t.call({ method: 'GET', url: `${API}/tags/ns.vendor-items/items?ids=${id}`, cookie: vendorSession });
    expect(tags.json()).toEqual({ items: [{ id, name: 'Pine Birdhouse', code: `V101-${id}`, vendor_no: 101, price: 31.8 }] });

    // The scanner types the code into the till's search: the item comes first.
    const found = await t.call({ method: 'GET', url: `${API}/pos/products?search=V101-${id}`, cookie: sessions.cashier });
    expect(found.statusCode).toBe(200);
    const [first] = found.json() as Array<{ id: number; units: Array<{ unit_id: number; sale_price: number }> }>;
    expect([first!.id, first!.units[0]!.sale_price]).toEqual([id, 31.8]);

    const before = await till.terms(101);
    const order = await till.sale({
      products: [{ product_type: 'product', product_id: id, unit_id: first!.units[0]!.unit_id, quantity: 1 }],
      payments: [{ identifier: 'cash-payment', value: 31.8 }],
    });
    expect(order.products.map((line: { vendor_id: number }) => line.vendor_id)).toEqual([101]);
    // 31.80 with tax is 30.00 without it.
    expect(await ledgerOf(order.id)).toEqual([{ vendor_id: 101, kind: 'sale', amount: 300_000 }]);
    expect(await till.salesSince(101, before)).toBe(30);
  });
});
