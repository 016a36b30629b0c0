import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { invalid } from '../errors';
import { currentUser } from '../plugins/access';
import { NoQuerySchema } from '../../schemas/http';
import { can } from '../../schemas/permissions';
import { ReportParamsSchema, ReportQuerySchema, reportPeriodErrors, type DashboardAnswer, type ReportParams, type ReportQuery } from '../../schemas/reports';
import { periodWithDefaults } from '../../schemas/vendors';
import { readOptions, storeTimeZone, storeToday } from '../services/options';
import { reportCsv, reportFileName, runReport, staffDashboard, vendorDashboard } from '../services/reports';

/** The period asked for (default: the store's current month), or 422 naming the field at fault. */
async function reportPeriod(database: Database, query: ReportQuery) {
  const today = await storeToday(database.db);
  const errors = reportPeriodErrors(query, today);
  if (errors) throw invalid(Object.values(errors)[0]![0]!, errors);
  return periodWithDefaults(query.startDate, query.endDate, today);
}

/**
 * The reports (schemas/reports REPORTS: each figure defined once there) as JSON for the screens and as a
 * streamed CSV download, and the dashboard's figures for the signed-in role.
 */
export function reportRoutes(app: FastifyInstance, database: Database): void {
  app.get<{ Params: ReportParams; Querystring: ReportQuery }>(
    '/reports/:kind',
    { schema: { params: ReportParamsSchema, querystring: ReportQuerySchema }, config: { permission: 'reports.read' } },
    async (request) => runReport(database, request.params.kind, await reportPeriod(database, request.query)),
  );

  app.get<{ Params: ReportParams; Querystring: ReportQuery }>(
    '/reports/:kind/csv',
    { schema: { params: ReportParamsSchema, querystring: ReportQuerySchema }, config: { permission: 'reports.read' } },
    async (request, reply) => {
      const report = await runReport(database, request.params.kind, await reportPeriod(database, request.query));
      const [zone, options] = await Promise.all([storeTimeZone(database.db), readOptions(database, request)]);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportFileName(report)}"`)
        .header('cache-control', 'no-store')
        .send(reportCsv(report, zone, options.ns_currency_precision));
    },
  );

  app.get(
    '/dashboard/figures',
    { schema: { querystring: NoQuerySchema }, config: { permission: 'dashboard.read' } },
    async (request): Promise<DashboardAnswer> => {
      const user = currentUser(request);
      if (can(user.role, 'reports.dashboard')) return staffDashboard(database);
      if (user.role === 'vendor' && user.vendor_id !== null) return vendorDashboard(database, user);
      return { role: 'other', today: await storeToday(database.db) };
    },
  );
}
