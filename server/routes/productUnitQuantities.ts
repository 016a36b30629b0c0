import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { notFound } from '../errors';
import { IdParamsSchema, NoQuerySchema } from '../../schemas/http';
import { toDecimal } from '../../schemas/money';
import { UnitQuantitiesSchema, type UnitQuantity } from '../../schemas/unitQuantities';

/** GET /products/{id}/units/quantities: the product preview popup's 'Units & Quantities' tab. */
export function productUnitQuantitiesRoutes(app: FastifyInstance, database: Database): void {
  app.get<{ Params: { id: number } }>(
    '/products/:id/units/quantities',
    {
      schema: { params: IdParamsSchema, querystring: NoQuerySchema, response: { 200: UnitQuantitiesSchema } },
      config: { permission: 'catalog.read' },
    },
    async (request): Promise<UnitQuantity[]> => {
      const { db } = database;
      const product = await db.selectFrom('products').select('id').where('id', '=', request.params.id).executeTakeFirst();
      if (!product) throw notFound();
      const rows = await db
        .selectFrom('product_unit_quantities as q')
        .innerJoin('units', 'units.id', 'q.unit_id')
        .select(['q.id', 'units.name as unit_name', 'q.sale_price', 'q.quantity'])
        .where('q.product_id', '=', product.id)
        .orderBy('q.id')
        .execute();
      return rows.map((row) => ({ id: row.id, unit: { name: row.unit_name }, sale_price: toDecimal(row.sale_price), quantity: row.quantity }));
    },
  );
}
