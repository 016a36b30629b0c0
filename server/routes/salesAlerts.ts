import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db';
import { currentUser } from '../plugins/access';
import type { UploadContext } from '../uploads/context';
import { readMultipartFiles, validateFields } from '../uploads/multipart';
import { sendStoredFile } from '../uploads/serve';
import { findAlertMedia, listPendingAlerts, loadSalesAlert, performAlertAction, servedAlertFile, type AlertActionResult } from '../services/salesAlerts';
import { storeToday } from '../services/options';
import { NoQuerySchema } from '../../schemas/http';
import {
  ALERT_MAX_FILES,
  ALERT_VIDEO_MAX_BYTES,
  SalesAlertFieldsSchema,
  SalesAlertMediaParamsSchema,
  SalesAlertUserParamsSchema,
  type SalesAlertMediaParams,
  type SalesAlertUserParams,
} from '../../schemas/salesAlerts';

/** The popup sends images[] (PHP style); plain images is read too. */
const FILE_FIELDS = ['images[]', 'images'] as const;
const ADMINS = ['administrator', 'store_administrator'] as const;
/** Actions the vendor and the administrators hear about at once (realtime on). */
const ANNOUNCED = new Set(['vendor_request', 'admin_approve', 'admin_decline', 'admin_set']);

/**
 * Spec 03 §7 sales-alert calls. Both need sales_alerts.read (vendors and administrators); the service then
 * requires sales_alerts.request for vendor_* actions and sales_alerts.approve for admin_* ones, and keeps
 * each vendor to their own alerts. Lives in the uploads context: POST is multipart.
 */
export function salesAlertRoutes(app: FastifyInstance, database: Database, config: Config): void {
  const read = { permission: 'sales_alerts.read' as const };
  const contextOf = (request: FastifyRequest): UploadContext => ({ database, dataDir: config.dataDir, user: currentUser(request), log: request.log });

  const announce = async (result: AlertActionResult) => {
    if (!ANNOUNCED.has(result.action)) return;
    const event = { type: 'sales-alert.changed', data: { action: result.action, request_id: result.requestId, user_id: result.vendorUserId } };
    await app.realtime.publish(event, { userIds: [result.vendorUserId], roles: [...ADMINS] });
  };

  app.get<{ Params: SalesAlertMediaParams }>(
    '/dashboard/sales-alerts/media/:name',
    {
      schema: { params: SalesAlertMediaParamsSchema, querystring: NoQuerySchema },
      config: read,
    },
    async (request, reply) => {
      const file = await findAlertMedia(database, currentUser(request), request.params.name);
      return sendStoredFile(reply, config.dataDir, servedAlertFile(file.storedName, file.mime));
    },
  );

  app.get(
    '/dashboard/sales-alerts',
    {
      schema: { querystring: NoQuerySchema },
      config: { permission: 'sales_alerts.approve' },
    },
    async () => ({ requests: await listPendingAlerts(database) }),
  );

  app.get<{ Params: SalesAlertUserParams }>(
    '/dashboard/sales-alerts/:userId',
    {
      schema: { params: SalesAlertUserParamsSchema, querystring: NoQuerySchema },
      config: read,
    },
    async (request) => ({ salesAlert: await loadSalesAlert(database, currentUser(request), request.params.userId, await storeToday(database.db)) }),
  );

  app.post('/dashboard/sales-alerts', { config: { ...read, multipart: true } }, async (request) => {
    const form = await readMultipartFiles(request, FILE_FIELDS, ALERT_MAX_FILES, ALERT_VIDEO_MAX_BYTES);
    const fields = validateFields(SalesAlertFieldsSchema, form.fields);
    const result = await performAlertAction(contextOf(request), fields, form.files);
    await announce(result).catch((error: unknown) => request.log.warn({ err: error }, 'sales alert event not published'));
    return { status: 'success' as const, message: result.message, data: { request_id: result.requestId, user_id: result.vendorUserId } };
  });
}
