import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';
import { FIXTURE_CRUD } from './crud-fixtures';
import { DEFAULT_CRUD_DIRS } from '../../server/crud';
import { NO_CODE_MESSAGE, START_MESSAGE } from '../../server/routes/tags';
import { ITEM_NOT_FOUND } from '../../server/services/tags/tagItems';

/** Tags are printed from a products list: ns.products (staff), and test.vendor-items, a list scoped by owning vendor. */
describe.each(DIALECTS)('item tags on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let cashier: string;
  let vendor: string;
  let customer: string;
  let mug: number;
  let scarf: number;
  let runner: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, { crud: { ...FIXTURE_CRUD, crudDirs: [...DEFAULT_CRUD_DIRS, ...FIXTURE_CRUD.crudDirs] } });
    [admin, cashier, vendor, customer] = await Promise.all([t.login('admin'), t.login('cashier'), t.login('vendor'), t.login('customer')]);
    const ids = new Map((await t.database.db.selectFrom('products').select(['id', 'name']).execute()).map((row) => [row.name, row.id]));
    mug = ids.get('Hand-Thrown Mug')!;
    scarf = ids.get('Silk Scarf')!;
    runner = ids.get('Quilted Table Runner')!;
    // Owning vendors: the column comes with vendors' own items; added here when this schema lacks it.
    try {
      await sql`select vendor_id from products where id = 0`.execute(t.database.db);
    } catch {
      await sql`alter table products add column vendor_id integer`.execute(t.database.db);
    }
    await sql`update products set vendor_id = ${101} where id = ${mug}`.execute(t.database.db);
    await sql`update products set vendor_id = ${102} where id = ${scarf}`.execute(t.database.db);
  });
  afterAll(() => t.close());

  const items = (cookie: string, namespace: string, ids: string) => t.call({ method: 'GET', url: `${API}/tags/${namespace}/items?ids=${ids}`, cookie });
  const print = (cookie: string, namespace: string, query: string) => t.call({ method: 'GET', url: `${API}/tags/${namespace}/print?${query}`, cookie });

  it("answers each item's tag: the code the till finds it by, the vendor number, the name and the first unit's price", async () => {
    const response = await items(cashier, 'ns.products', `${mug},${scarf}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      items: [
        { id: mug, name: 'Hand-Thrown Mug', code: '100000000031', vendor_no: 101, price: 22 },
        { id: scarf, name: 'Silk Scarf', code: '100000000062', vendor_no: 102, price: 19.99 },
      ],
    });
    expect((await items(admin, 'ns.products', String(runner))).json().items).toEqual([
      { id: runner, name: 'Quilted Table Runner', code: '100000000048', vendor_no: null, price: 45 },
    ]);
  });

  it('prints a Letter sheet from the chosen label on, going on to a second sheet', async () => {
    const response = await print(cashier, 'ns.products', `layout=sheet&start=29&items=${mug}x2,${scarf}x1`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = response.body;
    expect(page).toContain('@page{size:8.5in 11in;margin:0}');
    expect(page).toContain('.tag{position:absolute;width:2.625in;height:1in;');
    const tags = [...page.matchAll(/<div class="tag" data-item="(\d+)" data-row="(\d+)" data-column="(\d+)" style="([^"]+)">/g)].map(
      ([, item, row, column, style]) => [Number(item), Number(row), Number(column), style],
    );
    expect(tags).toEqual([
      [mug, 10, 2, 'left:2.9375in;top:9.5in'],
      [mug, 10, 3, 'left:5.6875in;top:9.5in'],
      [scarf, 1, 1, 'left:0.1875in;top:0.5in'],
    ]);
    expect(page.match(/<section class="sheet"/g)).toHaveLength(2);
    expect(page.match(/>\$22\.00</g)).toHaveLength(2);
    expect(page).toContain('>$19.99<');
    expect(page.match(/>Vendor #101</g)).toHaveLength(2);
    expect(page).toContain('>Vendor #102<');
    // 101 modules of 0.01 in plus two quiet zones of 10: 1.21 in wide, 0.4 in tall.
    expect(page).toContain('data-code="100000000031" data-modules="101" data-module-width="0.01" width="1.21in" height="0.4in" viewBox="0 0 121 1"');
  });

  it('prints one thermal label per page', async () => {
    const response = await print(admin, 'ns.products', `layout=thermal&items=${scarf}x2`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('@page{size:2.25in 1.25in;margin:0}');
    expect(response.body.match(/<section class="sheet"/g)).toHaveLength(2);
    expect(response.body).toContain('data-code="100000000062" data-modules="101" data-module-width="0.01" width="1.21in" height="0.55in"');
  });

  it('lets a vendor print tags of their own items only, through the scope of the list they print from', async () => {
    const own = await items(vendor, 'test.vendor-items', String(mug));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().items).toEqual([{ id: mug, name: 'Hand-Thrown Mug', code: '100000000031', vendor_no: 101, price: 22 }]);
    expect((await print(vendor, 'test.vendor-items', `layout=thermal&items=${mug}x1`)).statusCode).toBe(200);

    // Another vendor's item, an item of no vendor, or a mix: 404 as for an id that does not exist.
    for (const ids of [String(scarf), String(runner), `${mug},${scarf}`, '999999']) {
      const response = await items(vendor, 'test.vendor-items', ids);
      expect(response.statusCode, ids).toBe(404);
      expect(response.json()).toEqual({ status: 'failed', message: ITEM_NOT_FOUND });
    }
    const other = await print(vendor, 'test.vendor-items', `layout=sheet&items=${mug}x1,${scarf}x1`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Silk Scarf');

    // Staff read every item of the same list.
    expect((await items(cashier, 'test.vendor-items', `${mug},${scarf}`)).json().items.map((item: { vendor_no: number }) => item.vendor_no)).toEqual([
      101, 102,
    ]);
  });

  it("prints from a vendor's My Items list (ns.vendor-items): their own items only, staff refused", async () => {
    const own = await items(vendor, 'ns.vendor-items', String(mug));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().items).toEqual([{ id: mug, name: 'Hand-Thrown Mug', code: '100000000031', vendor_no: 101, price: 22 }]);
    expect((await print(vendor, 'ns.vendor-items', `layout=sheet&start=4&items=${mug}x2`)).statusCode).toBe(200);
    const other = await items(vendor, 'ns.vendor-items', `${mug},${scarf}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ status: 'failed', message: ITEM_NOT_FOUND });
    expect((await items(cashier, 'ns.vendor-items', String(mug))).statusCode).toBe(403);
  });

  it('refuses lists the role may not read (403) and namespaces that are not products lists (404)', async () => {
    expect((await items(vendor, 'ns.products', String(mug))).statusCode).toBe(403);
    expect((await print(vendor, 'ns.products', `layout=sheet&items=${mug}x1`)).statusCode).toBe(403);
    expect((await items(customer, 'test.vendor-items', String(mug))).statusCode).toBe(403);
    expect((await items(admin, 'ns.units', '1')).statusCode).toBe(404);
    expect((await items(admin, 'ns.nothing', '1')).statusCode).toBe(404);
    expect((await items(admin, 'ns.products', '999999')).statusCode).toBe(404);
  });

  it('refuses a start outside the layout, too many tags and items without a code, without a server error', async () => {
    const thermalStart = await print(admin, 'ns.products', `layout=thermal&start=2&items=${mug}x1`);
    expect(thermalStart.statusCode).toBe(422);
    expect(thermalStart.json().errors).toEqual({ start: [START_MESSAGE] });
    const tooMany = await print(admin, 'ns.products', `layout=sheet&items=${mug}x300,${scarf}x300,${runner}x1`);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ items: ['At most 600 tags can be printed at once, and 300 of one item.'] });

    await sql`update products set barcode = null, sku = null where id = ${runner}`.execute(t.database.db);
    expect((await items(admin, 'ns.products', String(runner))).json().items[0].code).toBeNull();
    const noCode = await print(admin, 'ns.products', `layout=sheet&items=${mug}x1,${runner}x1`);
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().errors).toEqual({ 'items.1': [NO_CODE_MESSAGE] });

    for (const query of [
      'layout=sheet&start=31&items=1x1',
      'layout=a4&items=1x1',
      'layout=sheet&items=1x0',
      'layout=sheet&items=1x1000',
      'layout=sheet&items=x',
      'layout=sheet',
    ]) {
      const response = await print(admin, 'ns.products', query);
      expect(response.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, query).toBeLessThan(500);
    }
    expect((await items(admin, 'ns.products', '0')).statusCode).toBe(422);
  });

  it('offers Print Tags as a POPUP bulk action to whoever reads the list, and runs nothing for it on the server', async () => {
    const config = await t.call({ method: 'GET', url: `${API}/crud/ns.products/config`, cookie: cashier });
    expect(config.json().bulkActions).toEqual([{ identifier: 'print_tags', label: 'Print Tags', type: 'POPUP', component: 'item-tags' }]);
    const adminConfig = await t.call({ method: 'GET', url: `${API}/crud/ns.products/config`, cookie: admin });
    expect(adminConfig.json().bulkActions.map((action: { identifier: string }) => action.identifier)).toEqual([
      'delete_selected',
      'accept_pending',
      'print_tags',
    ]);
    const bulk = await t.call({
      method: 'POST',
      url: `${API}/crud/ns.products/bulk-actions`,
      cookie: admin,
      payload: { action: 'print_tags', entries: [mug] },
    });
    expect(bulk.statusCode).toBe(422);
    expect(bulk.json().errors).toEqual({ action: ['This action is not supported.'] });
  });
});
