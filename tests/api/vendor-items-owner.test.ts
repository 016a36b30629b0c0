import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { allRows, crudAs } from './resourcesHelpers';
import { cart, placeOrder, registerIdOf, unitOf } from './ordersTillHelpers';

/**
 * Items belong to vendors: a product's owning vendor (products.vendor_id) is set in the products form,
 * shown and filtered in the list, and inherited by the lines sold, which credit that vendor with no vendor
 * chosen at the till. A vendor chosen by the cashier wins and is written to the audit trail.
 */
describe.each(DIALECTS)('products owned by vendors on %s', (dialect) => {
  let t: TestApp;
  let manager: string;
  let cashier: string;
  let runner: Awaited<ReturnType<typeof unitOf>>;
  let front: number;
  const PRODUCTS = 'ns.products';

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await t.login('manager');
    cashier = await t.login('cashier');
    runner = await unitOf(t, 'Quilted Table Runner');
    front = await registerIdOf(t);
  });
  afterAll(() => t.close());

  const auditRows = () =>
    t.database.db
      .selectFrom('audit_log')
      .select(['username', 'entity_type', 'before', 'after'])
      .where('action', '=', 'order.vendor_change')
      .orderBy('id')
      .execute();
  const creditsOf = (orderId: number) =>
    t.database.db.selectFrom('vendor_sales').select(['vendor_id', 'kind', 'amount']).where('order_id', '=', orderId).orderBy('id').execute();

  it('sets the owning vendor in the form; the list shows and filters it; an unknown vendor number is refused', async () => {
    const crud = crudAs(t, manager);
    const saved = await crud.update(PRODUCTS, runner.product_id, { name: 'Quilted Table Runner', general: { vendor_id: 102 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const owned = await allRows(crud, PRODUCTS, { queryFilters: JSON.stringify({ vendor_id: 102 }) });
    expect(owned.map((row) => [row.name, row.vendor_name])).toEqual([['Quilted Table Runner', 'oldbarn (#102)']]);
    const form = await crud.form(PRODUCTS, runner.product_id);
    const field = (form.json().form.tabs.general.fields as Array<{ name: string; value: unknown; options: Array<{ label: string; value: unknown }> }>).find(
      (candidate) => candidate.name === 'vendor_id',
    )!;
    expect(field.value).toBe(102);
    expect(field.options.map((option) => option.label)).toEqual([
      'closedstall (#105)',
      'craftcorner (#104)',
      'oldbarn (#102)',
      'retroroom (#103)',
      'vendor (#101)',
    ]);
    const unknown = await crud.update(PRODUCTS, runner.product_id, { name: 'Quilted Table Runner', general: { vendor_id: 999 } });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['general.vendor_id']);
    // The store's own goods: every other demo product has no vendor.
    const storeOwn = await allRows(crud, PRODUCTS);
    expect(storeOwn.filter((row) => row.vendor_name !== null).map((row) => row.name)).toEqual(['Quilted Table Runner']);
  });

  it('credits the owning vendor when the cashier chooses none, with nothing written to the audit trail', async () => {
    const order = await placeOrder(
      t,
      cashier,
      cart([{ product_id: runner.product_id, unit_id: runner.unit_id, quantity: 1 }], [{ identifier: 'cash-payment', value: 45 }], { register_id: front }),
    );
    expect(order.products.map((line: { vendor_id: number | null }) => line.vendor_id)).toEqual([102]);
    expect(await creditsOf(order.id)).toEqual([{ vendor_id: 102, kind: 'sale', amount: 450_000 }]);
    expect(await auditRows()).toEqual([]);
  });

  it('keeps the vendor the cashier chose and audits the change, at the till and in a line edit', async () => {
    const order = await placeOrder(
      t,
      cashier,
      cart([{ product_id: runner.product_id, unit_id: runner.unit_id, quantity: 1, vendor_id: 103 }], [{ identifier: 'cash-payment', value: 45 }], {
        register_id: front,
      }),
    );
    expect(order.products.map((line: { vendor_id: number | null }) => line.vendor_id)).toEqual([103]);
    expect(await creditsOf(order.id)).toEqual([{ vendor_id: 103, kind: 'sale', amount: 450_000 }]);
    const lineId = order.products[0].id as number;
    const edited = await t.call({
      method: 'PUT',
      url: `${API}/orders/${order.id}/product`,
      cookie: cashier,
      payload: { products: [{ id: lineId, vendor_id: 101 }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const common = { order_id: order.id, product_id: runner.product_id, name: 'Quilted Table Runner' };
    expect((await auditRows()).map((row) => ({ ...row, before: JSON.parse(String(row.before)), after: JSON.parse(String(row.after)) }))).toEqual([
      {
        username: 'cashier',
        entity_type: 'order_product',
        before: { ...common, vendor_id: 102, source: 'product' },
        after: { ...common, vendor_id: 103, source: 'checkout' },
      },
      {
        username: 'cashier',
        entity_type: 'order_product',
        before: { ...common, vendor_id: 103, source: 'order' },
        after: { ...common, vendor_id: 101, source: 'line_edit' },
      },
    ]);
    // The credit moved with the line: 103 gave back what it had, 101 has it now.
    expect(await creditsOf(order.id)).toEqual([
      { vendor_id: 103, kind: 'sale', amount: 450_000 },
      { vendor_id: 101, kind: 'sale', amount: 450_000 },
      { vendor_id: 103, kind: 'sale', amount: -450_000 },
    ]);
  });
});
