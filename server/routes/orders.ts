import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { currentUser } from '../plugins/access';
import { NoQuerySchema } from '../../schemas/http';
import {
  AddPaymentBodySchema,
  CheckoutBodySchema,
  CompleteHeldBodySchema,
  DeliveryBodySchema,
  HeldOrdersQuerySchema,
  ORDER_STATUSES_ANSWER,
  OrderParamsSchema,
  OrderPaymentParamsSchema,
  PosProductQuerySchema,
  ProcessingBodySchema,
  VoidBodySchema,
  type AddPaymentBody,
  type CheckoutBody,
  type DeliveryStatus,
  type HeldOrdersQuery,
  type OrderParams,
  type OrderPaymentParams,
  type PosProductQuery,
  type ProcessStatus,
} from '../../schemas/orders/api';
import type { Role } from '../../schemas/roles';
import { readOptions } from '../services/options';
import { assertMaySeeOrder, loadOrderAnswer } from '../services/orders/answer';
import { loadOrderProducts } from '../services/orders/answerLines';
import { loadPayments } from '../services/orders/answerPayments';
import { checkout, completeHeldOrder } from '../services/orders/checkout';
import { listHeldOrders } from '../services/orders/heldOrders';
import {
  DELETED_MESSAGE,
  DELIVERY_MESSAGE,
  PROCESSING_MESSAGE,
  VOIDED_MESSAGE,
  deleteOrder,
  setDeliveryStatus,
  setProcessStatus,
  voidOrder,
} from '../services/orders/lifecycle';
import { listPaymentTypes, listRegisterOptions, searchPosProducts } from '../services/orders/lookups';
import { addOrderPayment, deletePayment } from '../services/orders/payments';
import { auditActor } from '../services/audit';
import { assertAmountPrecision } from '../services/orders/amountBounds';

/** Staff hear about every order write (the orders list and an open Order Options popup refresh). */
const STAFF: Role[] = ['administrator', 'store_administrator', 'manager', 'cashier'];

export const PAYMENT_RECORDED = 'The payment has been recorded.';
export const PAYMENT_DELETED = 'The payment has been deleted.';

/**
 * Spec 03 §7 order calls and the till's checkout: orders, payments, void, delete, processing and
 * delivery, payment types, cash registers and the till's product search. Reads need orders.read (a
 * customer only sees their own orders, else 404); writes need orders.manage, the till pos.use.
 */
export function orderRoutes(app: FastifyInstance, database: Database): void {
  const changed = async (id: number) => app.realtime.publish({ type: 'order.changed', data: { id } }, { roles: STAFF });

  // ------------------------------------------------------------ pick lists and the till (static paths first)

  // The Details tab's status editors offer what the server accepts (spec 03 §2: the lists come from the server).
  app.get(
    '/orders/statuses',
    {
      schema: { querystring: NoQuerySchema },
      config: { permission: 'orders.read' },
    },
    () => ORDER_STATUSES_ANSWER,
  );

  app.get(
    '/orders/payments',
    {
      schema: { querystring: NoQuerySchema },
      config: { permission: 'orders.read' },
    },
    () => listPaymentTypes(database),
  );

  app.get(
    '/cash-registers/types',
    {
      schema: { querystring: NoQuerySchema },
      config: { permission: 'orders.manage' },
    },
    () => listRegisterOptions(database),
  );

  app.get<{ Querystring: PosProductQuery }>(
    '/pos/products',
    {
      schema: { querystring: PosProductQuerySchema },
      config: { permission: 'pos.use' },
    },
    (request) => searchPosProducts(database, request.query.search, request.query.limit),
  );

  app.get<{ Querystring: HeldOrdersQuery }>(
    '/orders/held',
    {
      schema: { querystring: HeldOrdersQuerySchema },
      config: { permission: 'pos.use' },
    },
    (request) => listHeldOrders(database, request.query.search),
  );

  app.post<{ Body: CheckoutBody }>(
    '/orders',
    {
      schema: { body: CheckoutBodySchema },
      config: { permission: 'pos.use' },
    },
    async (request) => {
      // The checkout reads the options in its first batch and checks the amounts' precision there.
      const { message, order } = await checkout(database, request.body, currentUser(request), auditActor(request));
      await changed(order.id);
      return { status: 'success', message, data: { order } };
    },
  );

  app.put<{ Params: OrderParams; Body: CheckoutBody }>(
    '/orders/:id',
    {
      schema: { params: OrderParamsSchema, body: CompleteHeldBodySchema },
      config: { permission: 'pos.use' },
      preHandler: (request) => assertAmountPrecision(database, request.body, request),
    },
    async (request) => {
      const { message, order } = await completeHeldOrder(database, request.params.id, request.body, currentUser(request), auditActor(request));
      await changed(order.id);
      return { status: 'success', message, data: { order } };
    },
  );

  // ------------------------------------------------------------ one order

  app.get<{ Params: OrderParams }>(
    '/orders/:id',
    {
      schema: { params: OrderParamsSchema, querystring: NoQuerySchema },
      config: { permission: 'orders.read' },
    },
    (request) => loadOrderAnswer(database.db, request.params.id, currentUser(request)),
  );

  app.get<{ Params: OrderParams }>(
    '/orders/:id/products',
    {
      schema: { params: OrderParamsSchema, querystring: NoQuerySchema },
      config: { permission: 'orders.read' },
    },
    async (request) => {
      await assertMaySeeOrder(database.db, request.params.id, currentUser(request));
      return loadOrderProducts(database.db, request.params.id);
    },
  );

  app.get<{ Params: OrderParams }>(
    '/orders/:id/payments',
    {
      schema: { params: OrderParamsSchema, querystring: NoQuerySchema },
      config: { permission: 'orders.read' },
    },
    async (request) => {
      await assertMaySeeOrder(database.db, request.params.id, currentUser(request));
      return loadPayments(database.db, request.params.id);
    },
  );

  app.post<{ Params: OrderParams; Body: AddPaymentBody }>(
    '/orders/:id/payments',
    {
      schema: { params: OrderParamsSchema, body: AddPaymentBodySchema },
      config: { permission: 'orders.manage' },
    },
    async (request) => {
      // The options are read, and the amount's precision checked, in the payment's first batch.
      // The order's answer lists the new payment: no read of its own.
      const { paymentId, order } = await addOrderPayment(database, request.params.id, request.body, currentUser(request), auditActor(request), request);
      const payment = order.payments.find((entry) => entry.id === paymentId)!;
      await changed(order.id);
      return { status: 'success', message: PAYMENT_RECORDED, data: { payment, order } };
    },
  );

  app.delete<{ Params: OrderPaymentParams }>(
    '/orders/:id/payment/:paymentId',
    {
      schema: { params: OrderPaymentParamsSchema },
      config: { permission: 'orders.manage' },
    },
    async (request) => {
      const order = await deletePayment(
        database,
        request.params.id,
        request.params.paymentId,
        await readOptions(database),
        auditActor(request),
        currentUser(request),
      );
      await changed(order.id);
      return { status: 'success', message: PAYMENT_DELETED, data: { order } };
    },
  );

  app.post<{ Params: OrderParams; Body: { reason: string } }>(
    '/orders/:id/void',
    {
      schema: { params: OrderParamsSchema, body: VoidBodySchema },
      config: { permission: 'orders.manage' },
    },
    async (request) => {
      await voidOrder(database, request.params.id, request.body.reason, auditActor(request));
      await changed(request.params.id);
      return { status: 'success', message: VOIDED_MESSAGE };
    },
  );

  app.delete<{ Params: OrderParams }>(
    '/orders/:id',
    {
      schema: { params: OrderParamsSchema },
      config: { permission: 'orders.manage' },
    },
    async (request) => {
      await deleteOrder(database, request.params.id, auditActor(request));
      await changed(request.params.id);
      return { status: 'success', message: DELETED_MESSAGE };
    },
  );

  app.post<{ Params: OrderParams; Body: { process_status: ProcessStatus } }>(
    '/orders/:id/processing',
    {
      schema: { params: OrderParamsSchema, body: ProcessingBodySchema },
      config: { permission: 'orders.manage' },
    },
    async (request) => {
      await setProcessStatus(database, request.params.id, request.body.process_status);
      await changed(request.params.id);
      return { status: 'success', message: PROCESSING_MESSAGE };
    },
  );

  app.post<{ Params: OrderParams; Body: { delivery_status: DeliveryStatus } }>(
    '/orders/:id/delivery',
    {
      schema: { params: OrderParamsSchema, body: DeliveryBodySchema },
      config: { permission: 'orders.manage' },
    },
    async (request) => {
      await setDeliveryStatus(database, request.params.id, request.body.delivery_status);
      await changed(request.params.id);
      return { status: 'success', message: DELIVERY_MESSAGE };
    },
  );
}
