import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { IdParamsSchema, NoQuerySchema } from '../../schemas/http';
import { PosCategoryProductsQuerySchema, type PosCategoryProductsQuery } from '../../schemas/orders/api';
import { listCategoryProducts, listPosCategories } from '../services/orders/posCatalogue';

/** The till's product grid by category. */
export function posCatalogueRoutes(app: FastifyInstance, database: Database): void {
  app.get(
    '/pos/categories',
    {
      schema: { querystring: NoQuerySchema },
      config: { permission: 'pos.use' },
    },
    () => listPosCategories(database),
  );

  app.get<{ Params: { id: number }; Querystring: PosCategoryProductsQuery }>(
    '/pos/categories/:id/products',
    {
      schema: { params: IdParamsSchema, querystring: PosCategoryProductsQuerySchema },
      config: { permission: 'pos.use' },
    },
    (request) => listCategoryProducts(database, request.params.id, request.query.limit),
  );
}
