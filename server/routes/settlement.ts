import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { currentUser } from '../plugins/access';
import { EmptyBodySchema, IdParamsSchema, NoQuerySchema } from '../../schemas/http';
import { VendorNumberParamsSchema, type VendorNumberParams } from '../../schemas/vendors';
import {
  CreateRunBodySchema,
  PayoutBodySchema,
  PrintBodySchema,
  ReasonBodySchema,
  type CreateRunBody,
  type PayoutBody,
  type PrintBody,
  type ReasonBody,
} from '../../schemas/settlement';
import { auditActor } from '../services/audit';
import { assertAmountPrecision } from '../services/orders/amountBounds';
import { assertMayReadVendor } from '../services/vendors/vendorAccess';
import {
  cancelPayout,
  createRun,
  listRuns,
  payoutPage,
  postPayout,
  printPayout,
  recordPayout,
  reopenRun,
  reversePayout,
  runCsv,
  runStatementsPage,
  runView,
  vendorPayouts,
} from '../services/settlement';

/** As the receipts: only our inline styles, printed from a same-origin hidden frame. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

type IdParams = { Params: { id: number } };

/**
 * Month-end settlement (README "Month-end settlement"): runs that close the period through a date and
 * freeze each vendor's balance, payouts and invoices printed then posted, reversal, reopening (an
 * administrator's), every vendor's statement printed at once and the run's CSV. Services own the rules.
 */
export function settlementRoutes(app: FastifyInstance, database: Database): void {
  const read = { permission: 'settlement.read' } as const;
  const manage = { permission: 'settlement.manage' } as const;

  app.get('/settlement/runs', { schema: { querystring: NoQuerySchema }, config: read }, () => listRuns(database));

  app.post<{ Body: CreateRunBody }>('/settlement/runs', { schema: { body: CreateRunBodySchema }, config: manage }, (request) =>
    createRun(database, request.body ?? {}, auditActor(request)),
  );

  app.get<IdParams>('/settlement/runs/:id', { schema: { params: IdParamsSchema, querystring: NoQuerySchema }, config: read }, (request) =>
    runView(database, request.params.id),
  );

  app.post<IdParams & { Body: ReasonBody }>(
    '/settlement/runs/:id/reopen',
    { schema: { params: IdParamsSchema, body: ReasonBodySchema }, config: { permission: 'settlement.reopen' } },
    (request) => reopenRun(database, request.params.id, request.body.reason, auditActor(request)),
  );

  app.get<IdParams>(
    '/settlement/runs/:id/statements',
    { schema: { params: IdParamsSchema, querystring: NoQuerySchema }, config: read },
    async (request, reply) => {
      const page = await runStatementsPage(database, request.params.id);
      return reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).header('cache-control', 'no-store').send(page);
    },
  );

  app.get<IdParams>('/settlement/runs/:id/export', { schema: { params: IdParamsSchema, querystring: NoQuerySchema }, config: read }, async (request, reply) => {
    const { filename, stream } = await runCsv(database, request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  app.post<IdParams & { Body: PayoutBody }>(
    '/settlement/runs/:id/payouts',
    {
      schema: { params: IdParamsSchema, body: PayoutBodySchema },
      config: manage,
      preHandler: async (request) => assertAmountPrecision(database, request.body, request),
    },
    (request) => recordPayout(database, request.params.id, request.body, auditActor(request)),
  );

  app.get<IdParams>(
    '/settlement/payouts/:id/document',
    { schema: { params: IdParamsSchema, querystring: NoQuerySchema }, config: read },
    async (request, reply) => {
      const page = await payoutPage(database, request.params.id);
      return reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).header('cache-control', 'no-store').send(page);
    },
  );

  app.post<IdParams & { Body: PrintBody }>(
    '/settlement/payouts/:id/print',
    { schema: { params: IdParamsSchema, body: PrintBodySchema }, config: manage },
    (request) => printPayout(database, request.params.id, request.body, auditActor(request)),
  );

  app.post<IdParams>('/settlement/payouts/:id/post', { schema: { params: IdParamsSchema, body: EmptyBodySchema }, config: manage }, (request) =>
    postPayout(database, request.params.id, auditActor(request)),
  );

  app.post<IdParams & { Body: ReasonBody }>(
    '/settlement/payouts/:id/reverse',
    { schema: { params: IdParamsSchema, body: ReasonBodySchema }, config: manage },
    async (request) => reversePayout(database, request.params.id, request.body.reason, auditActor(request)),
  );

  app.post<IdParams>('/settlement/payouts/:id/cancel', { schema: { params: IdParamsSchema, body: EmptyBodySchema }, config: manage }, (request) =>
    cancelPayout(database, request.params.id, auditActor(request)),
  );

  // A vendor's own payouts (My Statement); staff read any vendor's.
  app.get<{ Params: VendorNumberParams }>(
    '/settlement/vendors/:vendor_id/payouts',
    { schema: { params: VendorNumberParamsSchema, querystring: NoQuerySchema }, config: { permission: 'vendors.read' } },
    async (request) => {
      assertMayReadVendor(currentUser(request), request.params.vendor_id);
      return vendorPayouts(database, request.params.vendor_id);
    },
  );
}
