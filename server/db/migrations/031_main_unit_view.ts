import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * product_main_units (migration 016) names a product's first unit as the unit no other of its units precedes,
 * the same rows as before (the lowest id per product), written so that PostgreSQL can join it product by product.
 *
 * As `q.id = (select min(f.id) … where f.product_id = q.product_id)` the planner could not estimate the view
 * (one row, whatever the table held), so the products list joined it by building the whole view and filtering it
 * for each listed product: every unit of the store read, with a subquery each, for a page of ten. In a store of
 * 200 products under the mixed load, that page took 3.6 ms of PostgreSQL's time a call and was a quarter of
 * its work (`pg_stat_statements`); with NOT EXISTS the view becomes an anti-join that the list reaches through
 * (product_id, unit_id)'s index, one product at a time (0.3 ms there). SQLite planned both forms alike.
 */
export function mainUnitView(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`drop view product_main_units`.execute(db);
      await sql`create view product_main_units as
        select q.product_id, q.unit_id, q.sale_price, q.quantity
        from product_unit_quantities q
        where not exists (select 1 from product_unit_quantities f where f.product_id = q.product_id and f.id < q.id)`.execute(db);
    },
  };
}
