import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { currentUser } from '../plugins/access';
import { forbidden, invalid } from '../errors';
import { IdParamsSchema, NoQuerySchema } from '../../schemas/http';
import {
  FeeEntryBodySchema,
  FeeTermsParamsSchema,
  LedgerBodySchema,
  PeriodQuerySchema,
  ProrateBodySchema,
  VendorListQuerySchema,
  VendorNumberParamsSchema,
  VendorSaleReportBodySchema,
  periodErrors,
  periodWithDefaults,
  type FeeEntryBody,
  type FeeTermsParams,
  type LedgerBody,
  type PeriodQuery,
  type ProrateBody,
  type VendorListQuery,
  type VendorNumberParams,
  type VendorSaleReportBody,
} from '../../schemas/vendors';
import { storeToday } from '../services/options';
import { deleteFeeEntry, listFeeTerms, saveFeeEntry } from '../services/vendors/feeTerms';
import { deleteProrateFee, listProrateFees, recordProrateFee } from '../services/vendors/prorateFees';
import { assertMayReadVendor, findVendor, findVendorByUserId } from '../services/vendors/vendorAccess';
import { vendorStatement } from '../services/vendors/vendorBalance';
import { vendorSaleReport } from '../services/vendors/vendorSaleReport';
import { listUsers, listVendors } from '../services/vendors/vendorLists';
import { deleteLedgerEntry, listLedger, recordLedgerEntry } from '../services/vendors/ledger';
import { auditActor } from '../services/audit';

const SAVED = { status: 'success', message: 'Successfully Saved' } as const;
const DELETED = { status: 'success', message: 'Successfully Deleted' } as const;

/** The period asked for (default: the current month of the store's calendar), or 422 with the field at fault. */
async function periodOf(database: Database, query: { startDate?: string; endDate?: string }) {
  const errors = periodErrors(query.startDate, query.endDate);
  if (errors) throw invalid(Object.values(errors)[0]![0]!, errors);
  return periodWithDefaults(query.startDate, query.endDate, await storeToday(database.db));
}

/**
 * Vendor fee terms, pro-rate fees, the vendor balance (statement, sale report, and the ledger of fees,
 * balance payments and credits it adds) and the user pickers: spec 02 §7 and spec 03 §7.
 * Only admins change terms (vendors.manage); a vendor reads only their own (assertMayReadVendor).
 */
export function vendorRoutes(app: FastifyInstance, database: Database): void {
  app.get<{ Querystring: VendorListQuery }>(
    '/smp/vendors',
    {
      schema: { querystring: VendorListQuerySchema },
      config: { permission: 'vendors.read' },
    },
    (request) => listVendors(database, request.query, currentUser(request)),
  );

  app.get<{ Querystring: VendorListQuery }>(
    '/users',
    {
      schema: { querystring: VendorListQuerySchema },
      config: { permission: 'users.list' },
    },
    (request) => listUsers(database, request.query),
  );

  app.get<{ Params: VendorNumberParams }>(
    '/smp/vendors/pro-rate-fee/:vendor_id',
    {
      schema: { params: VendorNumberParamsSchema, querystring: NoQuerySchema },
      config: { permission: 'vendors.read' },
    },
    async (request) => {
      assertMayReadVendor(currentUser(request), request.params.vendor_id);
      return listProrateFees(database, request.params.vendor_id);
    },
  );

  app.post<{ Body: ProrateBody }>(
    '/smp/vendors/pro-rate-fee',
    {
      schema: { body: ProrateBodySchema },
      config: { permission: 'vendors.manage' },
    },
    async (request) => ({
      ...SAVED,
      data: await recordProrateFee(database, request.body, currentUser(request).id, auditActor(request), await storeToday(database.db)),
    }),
  );

  app.delete<{ Params: { id: number } }>(
    '/smp/vendors/pro-rate-fee/:id',
    {
      schema: { params: IdParamsSchema },
      config: { permission: 'vendors.manage' },
    },
    async (request) => {
      await deleteProrateFee(database, request.params.id);
      return DELETED;
    },
  );

  app.post<{ Body: FeeEntryBody }>(
    '/smp/vendors/commission',
    {
      schema: { body: FeeEntryBodySchema },
      config: { permission: 'vendors.manage' },
    },
    async (request) => ({ ...SAVED, data: await saveFeeEntry(database, request.body, auditActor(request), await storeToday(database.db)) }),
  );

  app.delete<{ Params: { id: number } }>(
    '/smp/vendors/commission/:id',
    {
      schema: { params: IdParamsSchema },
      config: { permission: 'vendors.manage' },
    },
    async (request) => {
      await deleteFeeEntry(database, request.params.id, auditActor(request), await storeToday(database.db));
      return DELETED;
    },
  );

  app.get<{ Params: VendorNumberParams; Querystring: PeriodQuery }>(
    '/smp/vendors/ledger/:vendor_id',
    {
      schema: { params: VendorNumberParamsSchema, querystring: PeriodQuerySchema },
      config: { permission: 'vendors.read' },
    },
    async (request) => {
      assertMayReadVendor(currentUser(request), request.params.vendor_id);
      return listLedger(database, request.params.vendor_id, await periodOf(database, request.query));
    },
  );

  app.post<{ Body: LedgerBody }>(
    '/smp/vendors/ledger',
    {
      schema: { body: LedgerBodySchema },
      config: { permission: 'vendors.manage' },
    },
    async (request) => ({ ...SAVED, data: await recordLedgerEntry(database, request.body, currentUser(request).id, auditActor(request)) }),
  );

  app.delete<{ Params: { id: number } }>(
    '/smp/vendors/ledger/:id',
    {
      schema: { params: IdParamsSchema },
      config: { permission: 'vendors.manage' },
    },
    async (request) => {
      await deleteLedgerEntry(database, request.params.id, auditActor(request));
      return DELETED;
    },
  );

  app.get<{ Params: VendorNumberParams; Querystring: PeriodQuery }>(
    '/smp/vendors/:vendor_id/statement',
    {
      schema: { params: VendorNumberParamsSchema, querystring: PeriodQuerySchema },
      config: { permission: 'vendors.read' },
    },
    async (request) => {
      assertMayReadVendor(currentUser(request), request.params.vendor_id);
      const period = await periodOf(database, request.query);
      return vendorStatement(database, await findVendor(database.db, request.params.vendor_id), period);
    },
  );

  app.get<{ Params: FeeTermsParams }>(
    '/smp/vendors/:name/:vendor_id',
    {
      schema: { params: FeeTermsParamsSchema, querystring: NoQuerySchema },
      config: { permission: 'vendors.read' },
    },
    async (request) => {
      assertMayReadVendor(currentUser(request), request.params.vendor_id);
      return listFeeTerms(database, request.params.name, request.params.vendor_id, await storeToday(database.db));
    },
  );

  app.post<{ Body: VendorSaleReportBody }>(
    '/smp/reports/vendor-sale-report',
    {
      schema: { body: VendorSaleReportBodySchema },
      config: { permission: 'vendors.read' },
    },
    async (request) => {
      const user = currentUser(request);
      if (user.role === 'vendor' && user.id !== request.body.user_id) throw forbidden();
      const period = await periodOf(database, request.body);
      return vendorSaleReport(database, await findVendorByUserId(database.db, request.body.user_id), period);
    },
  );
}
