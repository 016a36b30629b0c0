import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { currentUser } from '../plugins/access';
import { paymentReceipt, refundReceipt, saleReceipt, zReportReceipt } from '../services/receipts';
import { IdParamsSchema } from '../../schemas/http';
import { ReceiptQuerySchema, type ReceiptKind, type ReceiptQuery } from '../../schemas/receipts';

/** Nothing but our inline styles may run or load; the page is printed from a same-origin hidden frame. */
const RECEIPT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const RENDER = { sale: saleReceipt, payment: paymentReceipt, refund: refundReceipt } as const;

/** Server-rendered receipts at the printing URLs of the options ({reference_id} is the order, payment or refund id). */
export function receiptRoutes(app: FastifyInstance, database: Database): void {
  for (const kind of Object.keys(RENDER) as ReceiptKind[]) {
    app.get<{ Params: { id: number }; Querystring: ReceiptQuery }>(
      `/receipts/${kind}/:id`,
      {
        schema: { params: IdParamsSchema, querystring: ReceiptQuerySchema },
        config: { permission: 'orders.read' },
      },
      async (request, reply) => {
        const page = await RENDER[kind](database, currentUser(request), request.params.id, request.query.paper ?? '80mm');
        return reply.type('text/html; charset=utf-8').header('content-security-policy', RECEIPT_CSP).header('cache-control', 'no-store').send(page);
      },
    );
  }

  // A register session's Z report, printed through the same hidden frame as the receipts.
  app.get<{ Params: { id: number }; Querystring: ReceiptQuery }>(
    '/receipts/z-report/:id',
    {
      schema: { params: IdParamsSchema, querystring: ReceiptQuerySchema },
      config: { permission: 'registers.read' },
    },
    async (request, reply) => {
      const page = await zReportReceipt(database, request.params.id, request.query.paper ?? '80mm');
      return reply.type('text/html; charset=utf-8').header('content-security-policy', RECEIPT_CSP).header('cache-control', 'no-store').send(page);
    },
  );
}
