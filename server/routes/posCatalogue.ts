import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { IdParamsSchema, NoQuerySchema } from '../../schemas/http';
import { PaymentFeesQuerySchema, PosCategoryProductsQuerySchema, type PaymentFeesQuery, type PosCategoryProductsQuery } from '../../schemas/orders/api';
import { readOptions } from '../services/options';
import { paymentFees } from '../services/orders/paymentFees';
import { listCategoryProducts, listPosCategories } from '../services/orders/posCatalogue';

/** The till's product grid by category, and the fees its payment screen shows before a payment is taken. */
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

  app.get<{ Querystring: PaymentFeesQuery }>(
    '/pos/payment-fees',
    {
      schema: { querystring: PaymentFeesQuerySchema },
      config: { permission: 'pos.use' },
    },
    async (request) => paymentFees(database, await readOptions(database, request), request.query.amount, request.query.screen),
  );
}
