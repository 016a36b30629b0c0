import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { currentUser } from '../plugins/access';
import { NoQuerySchema } from '../../schemas/http';
import {
  InstalmentBodySchema,
  InstalmentPayBodySchema,
  InstalmentUpdateBodySchema,
  OrderInstalmentParamsSchema,
  OrderParamsSchema,
  RefundBodySchema,
  UpdateProductsBodySchema,
  type InstalmentBody,
  type InstalmentPayBody,
  type InstalmentUpdateBody,
  type OrderInstalmentParams,
  type OrderParams,
  type RefundBody,
  type UpdateProductsBody,
} from '../../schemas/orders/api';
import { ORDER_UPDATED_MESSAGE, updateOrderProducts } from '../services/orders/lineEdits';
import { listRefunds } from '../services/orders/refundAnswers';
import { REFUNDED_MESSAGE, refundOrder } from '../services/orders/refunds';
import {
  INSTALMENT_CREATED_MESSAGE,
  INSTALMENT_DELETED_MESSAGE,
  INSTALMENT_PAID_MESSAGE,
  INSTALMENT_UPDATED_MESSAGE,
  createInstalment,
  deleteInstalment,
  listInstalments,
  payInstalment,
  updateInstalment,
} from '../services/orders/instalments';
import { refundProductFields } from '../services/orders/refundFields';
import { auditActor } from '../services/audit';
import { assertAmountPrecision } from '../services/orders/amountBounds';

/**
 * Spec 03 §7: line edits, refunds and instalments of an order, and the refund product popup's fields.
 * Reads are orders.read (a customer only reaches their own orders: 404 otherwise); writes are orders.manage.
 */
export function orderFlowRoutes(app: FastifyInstance, database: Database): void {
  app.put<{ Params: OrderParams; Body: UpdateProductsBody }>(
    '/orders/:id/product',
    {
      schema: { params: OrderParamsSchema, body: UpdateProductsBodySchema },
      config: { permission: 'orders.manage' },
      preHandler: (request) => assertAmountPrecision(database, request.body, request),
    },
    async (request) => {
      const order = await updateOrderProducts(database, request.params.id, request.body, currentUser(request).id, currentUser(request), auditActor(request));
      return { status: 'success', message: ORDER_UPDATED_MESSAGE, data: { order } };
    },
  );

  app.get<{ Params: OrderParams }>(
    '/orders/:id/refunds',
    {
      schema: { params: OrderParamsSchema, querystring: NoQuerySchema },
      config: { permission: 'orders.read' },
    },
    async (request) => ({ refunds: await listRefunds(database, request.params.id, currentUser(request)) }),
  );

  app.post<{ Params: OrderParams; Body: RefundBody }>(
    '/orders/:id/refund',
    {
      schema: { params: OrderParamsSchema, body: RefundBodySchema },
      config: { permission: 'orders.manage' },
    },
    async (request) => {
      // The options are read, and the amounts' precision checked, beside the order's lock.
      const data = await refundOrder(database, request.params.id, request.body, currentUser(request).id, currentUser(request), auditActor(request), request);
      return { status: 'success', message: REFUNDED_MESSAGE, data };
    },
  );

  app.get<{ Params: OrderParams }>(
    '/orders/:id/instalments',
    {
      schema: { params: OrderParamsSchema, querystring: NoQuerySchema },
      config: { permission: 'orders.read' },
    },
    (request) => listInstalments(database, request.params.id, currentUser(request)),
  );

  app.post<{ Params: OrderParams; Body: InstalmentBody }>(
    '/orders/:id/instalments',
    {
      schema: { params: OrderParamsSchema, body: InstalmentBodySchema },
      config: { permission: 'orders.manage' },
      preHandler: (request) => assertAmountPrecision(database, request.body, request),
    },
    async (request) => {
      const instalment = await createInstalment(database, request.params.id, request.body);
      return { status: 'success', message: INSTALMENT_CREATED_MESSAGE, data: { instalment } };
    },
  );

  app.put<{ Params: OrderInstalmentParams; Body: InstalmentUpdateBody }>(
    '/orders/:id/instalments/:instalmentId',
    {
      schema: { params: OrderInstalmentParamsSchema, body: InstalmentUpdateBodySchema },
      config: { permission: 'orders.manage' },
      preHandler: (request) => assertAmountPrecision(database, request.body, request),
    },
    async (request) => {
      const instalment = await updateInstalment(database, request.params.id, request.params.instalmentId, request.body);
      return { status: 'success', message: INSTALMENT_UPDATED_MESSAGE, data: { instalment } };
    },
  );

  app.delete<{ Params: OrderInstalmentParams }>(
    '/orders/:id/instalments/:instalmentId',
    {
      schema: { params: OrderInstalmentParamsSchema },
      config: { permission: 'orders.manage' },
    },
    async (request) => {
      await deleteInstalment(database, request.params.id, request.params.instalmentId);
      return { status: 'success', message: INSTALMENT_DELETED_MESSAGE };
    },
  );

  app.post<{ Params: OrderInstalmentParams; Body: InstalmentPayBody }>(
    '/orders/:id/instalments/:instalmentId/pay',
    {
      schema: { params: OrderInstalmentParamsSchema, body: InstalmentPayBodySchema },
      config: { permission: 'orders.manage' },
    },
    async (request) => {
      const data = await payInstalment(
        database,
        request.params.id,
        request.params.instalmentId,
        request.body.payment_type,
        currentUser(request).id,
        currentUser(request),
        auditActor(request),
      );
      return { status: 'success', message: INSTALMENT_PAID_MESSAGE, data };
    },
  );

  app.get(
    '/fields/ns.refund-product',
    {
      schema: { querystring: NoQuerySchema },
      config: { permission: 'orders.manage' },
    },
    () => refundProductFields(),
  );
}
