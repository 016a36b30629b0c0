import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';
import { orderTablesSnapshot, registerIdOf, setOptions, unitOf } from './ordersTillHelpers';
import { vendorRequiredOption } from '../../server/db/migrations/019_vendor_required_option';

/**
 * The store option "every line needs a vendor": on in a new store, it refuses a checkout, a hold, the
 * completion of a held order and a line edit that would leave a line crediting no vendor, naming the line;
 * the store's own catalogue goods (no owner) pass. Off, the same cart is sold. A store upgrading with orders
 * gets it stored off (migration 019).
 */
describe.each(DIALECTS)('every line needs a vendor on %s', (dialect) => {
  const t = useTestApp(dialect);
  let cashier: string;
  let front: number;
  let runner: { product_id: number; unit_id: number };
  let mug: { product_id: number; unit_id: number };
  const birdhouse = (vendor?: number | null) => ({
    product_type: 'dynamic' as const,
    name: 'Handmade Birdhouse',
    unit_price: 35,
    quantity: 1,
    tax_type: 'exclusive' as const,
    ...(vendor === undefined ? {} : { vendor_id: vendor }),
  });
  const runnerLine = () => ({ product_type: 'product' as const, ...runner, quantity: 1 });
  const post = (body: object, url = `${API}/orders`, method: 'POST' | 'PUT' = 'POST') =>
    t.call({ method, url, cookie: cashier, payload: { register_id: front, payments: [], ...body } });
  const refusal = (field: string, message: string) => ({
    status: 'failed',
    message,
    errors: { [field]: [message] },
    field_errors: [{ identifier: 'invalid', invalid: true, message, name: field }],
  });
  const LINE_2 = 'Line 2 (Handmade Birdhouse) has no vendor. Choose the vendor who sells it.';

  beforeAll(async () => {
    cashier = await t.login('cashier');
    front = await registerIdOf(t);
    const ids = async (name: string) => ({ product_id: (await unitOf(t, name)).product_id, unit_id: (await unitOf(t, name)).unit_id });
    runner = await ids('Quilted Table Runner');
    mug = await ids('Hand-Thrown Mug');
    await t.database.db.updateTable('products').set({ vendor_id: 101 }).where('id', '=', mug.product_id).execute();
  });
  beforeEach(() => setOptions(t, { every_line_needs_vendor: 'yes' }));

  it('is on in a new store', async () => {
    await t.database.db.deleteFrom('options').where('key', '=', 'every_line_needs_vendor').execute();
    const options = await t.call({ method: 'GET', url: `${API}/options`, cookie: cashier });
    expect(options.json().every_line_needs_vendor).toBe('yes');
  });

  it("refuses checkout and hold while a line credits no vendor, naming it; the store's own goods pass", async () => {
    const snapshot = await orderTablesSnapshot(t);
    const cart = { products: [runnerLine(), birdhouse()], payments: [{ identifier: 'cash-payment', value: 80 }] };
    const refused = await post(cart);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(refusal('products.1.vendor_id', LINE_2));
    const held = await post({ products: [runnerLine(), birdhouse(null)], hold: true });
    expect(held.json()).toEqual(refusal('products.1.vendor_id', LINE_2));
    // A vendor's item whose vendor the cashier cleared would credit nobody either.
    const cleared = await post({ products: [{ product_type: 'product', ...mug, quantity: 1, vendor_id: null }], hold: true });
    expect(cleared.json()).toEqual(refusal('products.0.vendor_id', 'Line 1 (Hand-Thrown Mug) has no vendor. Choose the vendor who sells it.'));
    expect(await orderTablesSnapshot(t)).toEqual(snapshot);

    const sold = await post({ products: [runnerLine(), birdhouse(102)], payments: [{ identifier: 'cash-payment', value: 80 }] });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().data.order.products.map((line: { vendor_id: number | null }) => line.vendor_id)).toEqual([null, 102]);
  });

  it('refuses completing a held order with such a line', async () => {
    const held = await post({ products: [runnerLine(), birdhouse(104)], hold: true });
    expect(held.statusCode, held.body).toBe(200);
    const id = held.json().data.order.id as number;
    const completed = await post(
      { products: [runnerLine(), birdhouse()], payments: [{ identifier: 'cash-payment', value: 80 }] },
      `${API}/orders/${id}`,
      'PUT',
    );
    expect(completed.statusCode).toBe(422);
    expect(completed.json()).toEqual(refusal('products.1.vendor_id', LINE_2));
    expect((await t.call({ method: 'GET', url: `${API}/orders/${id}`, cookie: cashier })).json()).toMatchObject({ payment_status: 'hold' });
  });

  it("refuses a line edit that clears a line's vendor, naming the line by its place in the order", async () => {
    const sold = await post({ products: [runnerLine(), birdhouse(103)], payments: [{ identifier: 'cash-payment', value: 80 }] });
    const order = sold.json().data.order as { id: number; products: Array<{ id: number }> };
    const edit = (lineId: number) =>
      t.call({ method: 'PUT', url: `${API}/orders/${order.id}/product`, cookie: cashier, payload: { products: [{ id: lineId, vendor_id: null }] } });
    const refused = await edit(order.products[1]!.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(refusal('products.0.vendor_id', LINE_2));
    // The runner is the store's own: leaving it without a vendor is accepted.
    expect((await edit(order.products[0]!.id)).statusCode).toBe(200);
  });

  it('sells the same cart with the option off: the line credits nobody', async () => {
    await setOptions(t, { every_line_needs_vendor: 'no' });
    const sold = await post({ products: [runnerLine(), birdhouse()], payments: [{ identifier: 'cash-payment', value: 80 }] });
    expect(sold.statusCode, sold.body).toBe(200);
    const order = sold.json().data.order as { id: number; products: Array<{ vendor_id: number | null }> };
    expect(order.products.map((line) => line.vendor_id)).toEqual([null, null]);
    expect(await t.database.db.selectFrom('vendor_sales').select('vendor_id').where('order_id', '=', order.id).execute()).toEqual([]);
  });

  it('migration 019 stores the option off in a store that has orders, and keeps a value already stored', async () => {
    const stored = () => t.database.db.selectFrom('options').select('value').where('key', '=', 'every_line_needs_vendor').executeTakeFirst();
    await vendorRequiredOption(dialect).up(t.database.db as Kysely<unknown>);
    expect(await stored()).toEqual({ value: '"yes"' });
    await t.database.db.deleteFrom('options').where('key', '=', 'every_line_needs_vendor').execute();
    await vendorRequiredOption(dialect).up(t.database.db as Kysely<unknown>);
    expect(await stored()).toEqual({ value: '"no"' });
  });
});
