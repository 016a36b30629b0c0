import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { allRows, crudAs, savedId, type Crud } from './resourcesHelpers';
import { DUPLICATE_UNIT_MESSAGE, QUANTITY_ENTRY_MESSAGE, UNKNOWN_UNIT_MESSAGE } from '../../server/crud/hooks/products';

const PRODUCTS = 'ns.products';

describe.each(DIALECTS)('catalog resources on %s', (dialect) => {
  let t: TestApp;
  let admin: Crud;
  let unitIds: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = crudAs(t, await t.login('admin'));
    const units = await t.database.db.selectFrom('units').select(['id', 'identifier']).execute();
    unitIds = Object.fromEntries(units.map((unit) => [unit.identifier, unit.id]));
  });
  afterAll(() => t.close());

  const quantitiesOf = (productId: number) =>
    t.database.db
      .selectFrom('product_unit_quantities')
      .select(['unit_id', 'sale_price', 'quantity'])
      .where('product_id', '=', productId)
      .orderBy('unit_id')
      .execute();

  it('lists products with their category, price and stock through the relations, searchable by name prefix and barcode', async () => {
    const config = await admin.config(PRODUCTS);
    expect(config.statusCode).toBe(200);
    expect(Object.keys(config.json().columns)).toEqual([
      'name',
      'barcode',
      'sku',
      'category_name',
      'vendor_name',
      'sale_price',
      'quantity',
      'type',
      'tax_type',
      'status',
      'created_at',
    ]);
    expect(
      config
        .json()
        .queryFilters.find((field: { name: string }) => field.name === 'category_id')
        .options.map((option: { label: string }) => option.label),
    ).toEqual(['Antiques', 'Crafts', 'Home Decor', 'Vintage Clothing']);
    const byName = await allRows(admin, PRODUCTS, { search: 'silk' });
    expect(byName.map((row) => row.name)).toEqual(['Silk Scarf']);
    // The demo seeds 20 scarves at 19.99; its orders sell 1, then 2 that come back unspoiled.
    expect(byName[0]).toMatchObject({ category_name: 'Vintage Clothing', tax_type: 'inclusive', sale_price: 19.99, quantity: 19 });
    expect((await allRows(admin, PRODUCTS, { search: '100000000031' })).map((row) => row.name)).toEqual(['Hand-Thrown Mug']);
  });

  it('creates a product with its unit quantities in one save and loads them back in the edit form', async () => {
    const response = await admin.create(PRODUCTS, {
      name: 'Cast Iron Skillet',
      general: { barcode: '200000000011', sku: 'SKU-CI01', type: 'product', tax_type: 'exclusive', status: 'available' },
      units: {
        quantities: [
          { unit_id: unitIds.piece, sale_price: '39.95', quantity: 4 },
          { unit_id: unitIds.pair, sale_price: 75, quantity: 1 },
        ],
      },
    });
    const id = savedId(response);
    expect(await quantitiesOf(id)).toEqual([
      { unit_id: unitIds.piece, sale_price: 399_500, quantity: 4 },
      { unit_id: unitIds.pair, sale_price: 750_000, quantity: 1 },
    ]);
    const form = (await admin.form(PRODUCTS, id)).json().form;
    expect(form.main.value).toBe('Cast Iron Skillet');
    expect(form.tabs.units.fields[0].value).toEqual([
      { unit_id: unitIds.piece, sale_price: 39.95, quantity: 4, expected_quantity: 4 },
      { unit_id: unitIds.pair, sale_price: 75, quantity: 1, expected_quantity: 1 },
    ]);

    // An update replaces the list: the pair goes, the dozen comes, the piece changes.
    const updated = await admin.update(PRODUCTS, id, {
      units: {
        quantities: [
          { unit_id: unitIds.piece, sale_price: 41, quantity: 3, expected_quantity: 4 },
          { unit_id: unitIds.dozen, sale_price: 400, quantity: 1 },
        ],
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(await quantitiesOf(id)).toEqual([
      { unit_id: unitIds.piece, sale_price: 410_000, quantity: 3 },
      { unit_id: unitIds.dozen, sale_price: 4_000_000, quantity: 1 },
    ]);
    // An update that does not send the tab leaves the quantities alone.
    expect((await admin.update(PRODUCTS, id, { general: { status: 'unavailable' } })).statusCode).toBe(200);
    expect(await quantitiesOf(id)).toHaveLength(2);

    expect((await admin.remove(PRODUCTS, id)).statusCode).toBe(200);
    expect(await quantitiesOf(id)).toEqual([]);
  });

  it('rolls the whole save back when a unit does not exist: no product, no quantities', async () => {
    const before = await t.database.db.selectFrom('products').select('id').execute();
    const response = await admin.create(PRODUCTS, {
      name: 'Ghost Lamp',
      general: { type: 'product', tax_type: 'exclusive', status: 'available' },
      units: {
        quantities: [
          { unit_id: unitIds.piece, sale_price: 10, quantity: 1 },
          { unit_id: 999_999, sale_price: 10, quantity: 1 },
        ],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'units.quantities': [UNKNOWN_UNIT_MESSAGE] });
    expect(await t.database.db.selectFrom('products').select('id').execute()).toEqual(before);
    expect(await t.database.db.selectFrom('products').select('id').where('name', '=', 'Ghost Lamp').execute()).toEqual([]);

    // On update too: the product keeps its name and its quantities.
    const mug = await t.database.db.selectFrom('products').select('id').where('name', '=', 'Hand-Thrown Mug').executeTakeFirstOrThrow();
    const stock = await quantitiesOf(mug.id);
    const refused = await admin.update(PRODUCTS, mug.id, { name: 'Renamed Mug', units: { quantities: [{ unit_id: 999_999, sale_price: 1, quantity: 1 }] } });
    expect(refused.statusCode).toBe(422);
    expect(await quantitiesOf(mug.id)).toEqual(stock);
    expect((await t.database.db.selectFrom('products').select('name').where('id', '=', mug.id).executeTakeFirstOrThrow()).name).toBe('Hand-Thrown Mug');
  });

  it('refuses malformed or repeated unit lines and the product form rules', async () => {
    const base = { name: 'Odd Item', general: { type: 'product', tax_type: 'exclusive', status: 'available' } };
    const bad = [
      [{ unit_id: unitIds.piece, sale_price: -1, quantity: 1 }],
      [{ unit_id: unitIds.piece, sale_price: 'ten', quantity: 1 }],
      [{ unit_id: 'piece', sale_price: 1, quantity: 1 }],
      [{ unit_id: unitIds.piece, sale_price: 1, quantity: -2 }],
      'not a list',
    ];
    for (const quantities of bad) {
      const response = await admin.create(PRODUCTS, { ...base, units: { quantities } });
      expect(response.statusCode, JSON.stringify(quantities)).toBe(422);
      expect(response.json().errors).toEqual({ 'units.quantities': [QUANTITY_ENTRY_MESSAGE] });
    }
    const twice = await admin.create(PRODUCTS, {
      ...base,
      units: {
        quantities: [
          { unit_id: unitIds.piece, sale_price: 1, quantity: 1 },
          { unit_id: unitIds.piece, sale_price: 2, quantity: 1 },
        ],
      },
    });
    expect(twice.json().errors).toEqual({ 'units.quantities': [DUPLICATE_UNIT_MESSAGE] });
    const noName = await admin.create(PRODUCTS, { general: { type: 'gadget', tax_type: 'exclusive', status: 'available' } });
    expect(noName.statusCode).toBe(422);
    expect(Object.keys(noName.json().errors).sort()).toEqual(['general.type', 'name']);
    const taken = await admin.create(PRODUCTS, { ...base, general: { ...base.general, barcode: '100000000017' } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toHaveProperty(['general.barcode']);
  });

  it('manages categories and units; a unit in use cannot be deleted', async () => {
    const category = savedId(await admin.create('ns.products-categories', { name: 'Garden', general: { description: 'Outdoor things.' } }));
    expect((await allRows(admin, 'ns.products-categories')).map((row) => row.name)).toContain('Garden');
    expect((await admin.remove('ns.products-categories', category)).statusCode).toBe(200);

    const unit = savedId(await admin.create('ns.units', { name: 'Box of Six', general: { identifier: 'box-6', value: 6 } }));
    const badIdentifier = await admin.update('ns.units', unit, { general: { identifier: 'Box Six' } });
    expect(badIdentifier.statusCode).toBe(422);
    expect(badIdentifier.json().errors).toHaveProperty(['general.identifier']);
    const duplicate = await admin.create('ns.units', { name: 'Another Piece', general: { identifier: 'piece', value: 1 } });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toHaveProperty(['general.identifier']);
    expect((await admin.create('ns.units', { name: 'Nothing', general: { identifier: 'nothing', value: 0 } })).statusCode).toBe(422);

    const inUse = await admin.remove('ns.units', unitIds.piece!);
    expect(inUse.statusCode).toBe(409);
    expect((await admin.remove('ns.units', unit)).statusCode).toBe(200);
  });
});
