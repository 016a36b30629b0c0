import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { ROLE_LOGINS, loginAll, type Login } from './vendorsHelpers';
import { url } from './ordersTillHelpers';

const STAFF: Login[] = ['admin', 'storeadmin', 'manager', 'cashier'];

describe.each(DIALECTS)("the till's product grid on %s", (dialect) => {
  let t: TestApp;
  let as: Record<Login, string>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    as = await loginAll(t);
  });
  afterAll(() => t.close());
  const get = (path: string, cookie: string | null = as.cashier) => t.call({ method: 'GET', url: url(path), ...(cookie ? { cookie } : {}) });
  const categoryId = async (name: string) =>
    (await t.database.db.selectFrom('product_categories').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  it('GET /pos/categories answers the categories with an available product, by name', async () => {
    const now = new Date().toISOString();
    await t.database.db.insertInto('product_categories').values({ name: 'Empty Shelf', description: null, created_at: now, updated_at: now }).execute();
    expect((await get('/pos/categories')).json()).toEqual([
      { id: expect.any(Number), name: 'Antiques' },
      { id: expect.any(Number), name: 'Crafts' },
      { id: expect.any(Number), name: 'Home Decor' },
      { id: expect.any(Number), name: 'Vintage Clothing' },
    ]);
  });

  it("GET /pos/categories/{id}/products answers a category's available products by name, with units and picture", async () => {
    const crafts = await categoryId('Crafts');
    await t.database.db.updateTable('products').set({ picture: '/uploads/mug.png' }).where('name', '=', 'Hand-Thrown Mug').execute();
    const products = (await get(`/pos/categories/${crafts}/products`)).json();
    expect(products.map((product: { name: string }) => product.name)).toEqual(['Hand-Thrown Mug', 'Quilted Table Runner']);
    expect(products[0]).toMatchObject({
      barcode: '100000000031',
      picture: '/uploads/mug.png',
      units: [{ unit_name: 'Piece', sale_price: 22 }, { unit_name: 'Dozen' }],
    });
    expect(products[1].picture).toBeNull();

    await t.database.db.updateTable('products').set({ status: 'unavailable' }).where('name', '=', 'Quilted Table Runner').execute();
    expect((await get(`/pos/categories/${crafts}/products?limit=5`)).json().map((product: { name: string }) => product.name)).toEqual(['Hand-Thrown Mug']);
    expect((await get('/pos/categories/999999/products')).json()).toEqual([]);
  });

  it('refuses bad addresses and queries, and callers other than staff', async () => {
    expect((await get('/pos/categories/abc/products')).statusCode).toBe(422);
    expect((await get('/pos/categories/1/products?limit=0')).statusCode).toBe(422);
    expect((await get('/pos/categories/1/products?limit=101')).statusCode).toBe(422);
    expect((await get('/pos/categories/1/products?page=2')).statusCode).toBe(422);
    for (const login of ROLE_LOGINS) {
      const expected = STAFF.includes(login) ? 200 : 403;
      expect((await get('/pos/categories', as[login])).statusCode, login).toBe(expected);
      expect((await get('/pos/categories/1/products', as[login])).statusCode, login).toBe(expected);
    }
    expect((await get('/pos/categories', null)).statusCode).toBe(401);
  });
});
