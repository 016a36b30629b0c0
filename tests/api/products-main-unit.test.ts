import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS, createTestApp, type TestApp } from './harness';

const AT = '2031-02-01 10:00:00';
/** Enough products that PostgreSQL's plans are those of a store, not of a near-empty table. */
const CATALOGUE = 300;

/**
 * The products list shows each product's main unit: the first unit it was given (product_main_units). A product
 * with several units shows the first one's price and stock; once that unit is removed, the next one. On
 * PostgreSQL the list reaches the units product by product through their index, also in the plan it keeps for
 * every page (a generic plan): before, it read every unit of the store for each page.
 */
describe.each(DIALECTS)('the products list and its main units on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  const insertProduct = async (name: string) =>
    (
      await t.database.db
        .insertInto('products')
        .values({ name, created_at: AT, updated_at: AT } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
  const addUnit = (productId: number, unitId: number, salePrice: number, quantity: number) =>
    t.database.db
      .insertInto('product_unit_quantities')
      .values({ product_id: productId, unit_id: unitId, sale_price: salePrice, quantity, created_at: AT, updated_at: AT } as never)
      .execute();
  const listed = async (search: string) => {
    const response = await t.call({ method: 'GET', url: `${API}/crud/ns.products?page=1&search=${encodeURIComponent(search)}`, cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as Array<Record<string, unknown>>).map((row) => ({ name: row.name, sale_price: row.sale_price, quantity: row.quantity }));
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
  }, 60_000);
  afterAll(() => t.close());

  it('shows the first unit a product was given, then the next once that one is removed', async () => {
    const lantern = await insertProduct('Tin Lantern');
    // The pair (unit 2) is added first: it is the main unit, though the piece's unit id is lower.
    await addUnit(lantern, 2, 180_000, 3);
    await addUnit(lantern, 1, 95_000, 7);
    await insertProduct('Tin Cup');
    expect(await listed('Tin ')).toEqual(
      expect.arrayContaining([
        { name: 'Tin Lantern', sale_price: 18, quantity: 3 },
        { name: 'Tin Cup', sale_price: null, quantity: null },
      ]),
    );
    await t.database.db.deleteFrom('product_unit_quantities').where('product_id', '=', lantern).where('unit_id', '=', 2).execute();
    expect(await listed('Tin Lantern')).toEqual([{ name: 'Tin Lantern', sale_price: 9.5, quantity: 7 }]);
  });

  it.runIf(dialect === 'postgres')('joins the units product by product in the plan a page keeps', async () => {
    await sql`insert into products (name, created_at, updated_at) select 'Crate ' || g, ${AT}, ${AT} from generate_series(1, ${CATALOGUE}::int) as g`.execute(
      t.database.db,
    );
    await sql`insert into product_unit_quantities (product_id, unit_id, sale_price, quantity, created_at, updated_at)
      select p.id, 1, 500, 4, ${AT}, ${AT} from products p where p.name like 'Crate %'`.execute(t.database.db);
    await sql`analyze`.execute(t.database.db);
    // The list's join as the page statement writes it, planned once for any limit and offset, as a named
    // statement's kept plan is.
    const plan = await t.database.db.connection().execute(async (db) => {
      await sql`set plan_cache_mode = force_generic_plan`.execute(db);
      try {
        await sql`prepare page_of_products(int, int) as
          select p.id, u.sale_price, u.quantity from products p
          left join product_main_units u on u.product_id = p.id
          order by p.created_at desc, p.id desc limit $1 offset $2`.execute(db);
        const explained = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) execute page_of_products(10, 20)`.execute(db);
        await sql`deallocate page_of_products`.execute(db);
        return explained.rows[0]!['QUERY PLAN'];
      } finally {
        await sql`reset plan_cache_mode`.execute(db);
      }
    });
    const reads: Array<{ type: string; condition: string | null }> = [];
    const walk = (node: Record<string, unknown>) => {
      if (node['Relation Name'] === 'product_unit_quantities')
        reads.push({ type: node['Node Type'] as string, condition: (node['Index Cond'] as string | undefined) ?? null });
      for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
    };
    walk((plan as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) {
      expect(read.type).toMatch(/Index/);
      expect(read.condition).toMatch(/product_id = /);
    }
  });
});
