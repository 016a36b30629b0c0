import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { forUpdate } from '../../db/dialect';
import { nowUtc } from '../../db/time';
import { conflict, forbidden, invalid, notFound } from '../../errors';
import type { UploadContext } from '../../uploads/context';
import type { ReceivedFile } from '../../uploads/multipart';
import { can } from '../../../schemas/permissions';
import {
  SALES_ALERT_MESSAGES as M,
  VENDOR_ACTIONS,
  dateOnly,
  draftProblem,
  optionalId,
  otherPendingExists,
  overlapMessage,
  overlappingApproved,
  reviewedStatus,
  transitionProblem,
  type ActionType,
  type AlertDraft,
  type SalesAlertFields,
} from '../../../schemas/salesAlerts';
import { checkAlertFiles, removeAlertFiles, storeAlertFiles, type StoredMedia } from './media';
import { findVendor, vendorRequests, type AlertRequestRow } from './view';

export interface AlertActionResult {
  action: ActionType;
  message: string;
  /** The request acted on; null once it is gone (cancelled, deleted). */
  requestId: number | null;
  /** The vendor whose alerts changed. */
  vendorUserId: number;
}

type Trx = Transaction<DB>;
const isVendorAction = (action: ActionType) => (VENDOR_ACTIONS as readonly string[]).includes(action);

function draftOf(fields: SalesAlertFields): AlertDraft {
  const date = (value: string | undefined) => (value ? dateOnly(value) : null);
  return {
    alert_type: fields.alert_type ?? 'default_alert',
    request_content: fields.request_content ?? '',
    startDate: date(fields.startDate),
    endDate: date(fields.endDate),
  };
}

/** Columns a draft sets: a default alert has no dates. */
function draftColumns(draft: AlertDraft, fields: SalesAlertFields) {
  const isRange = draft.alert_type === 'range_alert';
  return {
    request_content: draft.request_content.trim(),
    request_note: fields.request_note ?? '',
    is_default: isRange ? 0 : 1,
    range_start: isRange ? draft.startDate : null,
    range_end: isRange ? draft.endDate : null,
  };
}

/** The request an action names: 422 without one, 404 when missing, 403 for a vendor's other vendor. */
async function requestFor(db: Kysely<DB>, ctx: UploadContext, fields: SalesAlertFields): Promise<AlertRequestRow> {
  const id = optionalId(fields.request_id);
  if (id === null) throw invalid(M.requestRequired, { request_id: [M.requestRequired] });
  const row = await db.selectFrom('sales_alert_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(M.notFound);
  if (!can(ctx.user.role, 'sales_alerts.approve') && row.user_id !== ctx.user.id) throw forbidden(M.notYours);
  return row;
}

/** The vendor an action is about; an administrator's direct alert needs one selected (§5). */
async function vendorOf(ctx: UploadContext, fields: SalesAlertFields): Promise<{ vendorUserId: number; request: AlertRequestRow | null }> {
  const { action_type: action } = fields;
  if (action === 'admin_set') {
    const id = optionalId(fields.request_user);
    const vendor = id === null ? null : await findVendor(ctx.database.db, id);
    if (!vendor) throw invalid(M.vendorRequired, { request_user: [M.vendorRequired] });
    return { vendorUserId: vendor.id, request: null };
  }
  const requestUser = optionalId(fields.request_user);
  if (isVendorAction(action) && requestUser !== null && requestUser !== ctx.user.id) throw forbidden(M.notYours);
  const isNew = action === 'vendor_request' && optionalId(fields.request_id) === null;
  if (isNew) return { vendorUserId: ctx.user.id, request: null };
  const request = await requestFor(ctx.database.db, ctx, fields);
  return { vendorUserId: request.user_id, request };
}

async function addMedia(trx: Trx, requestId: number, media: readonly StoredMedia[], now: string): Promise<void> {
  if (media.length === 0) return;
  await trx
    .insertInto('sales_alert_media')
    .values(
      media.map((item, position) => ({
        request_id: requestId,
        stored_name: item.storedName,
        kind: item.kind,
        mime: item.mime,
        position,
        created_at: now,
      })),
    )
    .execute();
}

async function mediaNames(trx: Trx, requestId: number): Promise<string[]> {
  const rows = await trx.selectFrom('sales_alert_media').select('stored_name').where('request_id', '=', requestId).execute();
  return rows.map((row) => row.stored_name);
}

interface Applied {
  message: string;
  requestId: number | null;
  removedFiles: string[];
}

/** The action itself, inside the transaction that holds the vendor's lock; `requests` are theirs, read under it. */
async function apply(trx: Trx, ctx: UploadContext, fields: SalesAlertFields, requests: AlertRequestRow[], media: StoredMedia[]): Promise<Applied> {
  const now = nowUtc();
  const action = fields.action_type;
  const requestId = optionalId(fields.request_id);
  const current = requestId === null ? null : (requests.find((r) => r.id === requestId) ?? null);
  if (action !== 'admin_set' && !(action === 'vendor_request' && requestId === null) && !current) throw notFound(M.notFound);

  if (action === 'vendor_request' || action === 'admin_set') {
    const draft = draftOf(fields);
    const problem = draftProblem(draft, requests, current?.id ?? null);
    if (problem) throw problem.field === 'overlap' ? conflict(problem.message) : invalid(problem.message, { [problem.field]: [problem.message] });
    const columns = draftColumns(draft, fields);
    if (action === 'admin_set') {
      const row = await trx
        .insertInto('sales_alert_requests')
        .values({
          user_id: optionalId(fields.request_user)!,
          ...columns,
          approve_type: 'approve',
          approve_note: fields.approve_note ?? '',
          request_date: now,
          approve_date: now,
          approve_admin_id: ctx.user.id,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await addMedia(trx, row.id, media, now);
      return { message: M.set, requestId: row.id, removedFiles: [] };
    }
    if (otherPendingExists(requests, current?.id ?? null)) throw conflict(M.onePending);
    const resubmitted = {
      ...columns,
      approve_type: 'pending' as const,
      approve_note: '',
      approve_date: null,
      approve_admin_id: null,
      request_date: now,
      updated_at: now,
    };
    if (!current) {
      const row = await trx
        .insertInto('sales_alert_requests')
        .values({ user_id: ctx.user.id, ...resubmitted, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await addMedia(trx, row.id, media, now);
      return { message: M.created, requestId: row.id, removedFiles: [] };
    }
    await trx.updateTable('sales_alert_requests').set(resubmitted).where('id', '=', current.id).execute();
    // New files replace the old ones; an edit without files keeps them.
    const removedFiles = media.length > 0 ? await mediaNames(trx, current.id) : [];
    if (media.length > 0) await trx.deleteFrom('sales_alert_media').where('request_id', '=', current.id).execute();
    await addMedia(trx, current.id, media, now);
    return { message: M.updated, requestId: current.id, removedFiles };
  }

  const request = current!;
  const problem = transitionProblem(action, request);
  if (problem) throw conflict(problem);
  if (action === 'vendor_cancel' || action === 'vendor_delete') {
    const removedFiles = await mediaNames(trx, request.id);
    await trx.deleteFrom('sales_alert_requests').where('id', '=', request.id).execute();
    return { message: action === 'vendor_cancel' ? M.cancelled : M.deleted, requestId: null, removedFiles };
  }
  if (action === 'admin_approve' && request.is_default === 0 && request.range_start && request.range_end) {
    const blocked = overlappingApproved(requests, { start: request.range_start, end: request.range_end }, request.id);
    if (blocked) throw conflict(overlapMessage(blocked));
  }
  await trx
    .updateTable('sales_alert_requests')
    .set({
      approve_type: reviewedStatus(action),
      approve_note: fields.approve_note ?? '',
      approve_date: now,
      approve_admin_id: ctx.user.id,
      updated_at: now,
    })
    .where('id', '=', request.id)
    .execute();
  return { message: action === 'admin_approve' ? M.approved : M.declined, requestId: request.id, removedFiles: [] };
}

/**
 * POST /dashboard/sales-alerts: one action in one transaction, under a lock on the vendor's row so two
 * approvals cannot both pass the overlap check. Files are checked first, written before the transaction
 * and removed again when it fails; files a change drops are removed after the commit.
 */
export async function performAlertAction(ctx: UploadContext, fields: SalesAlertFields, files: readonly ReceivedFile[]): Promise<AlertActionResult> {
  const action = fields.action_type;
  if (isVendorAction(action) ? !can(ctx.user.role, 'sales_alerts.request') : !can(ctx.user.role, 'sales_alerts.approve')) {
    throw forbidden(isVendorAction(action) ? M.vendorOnly : M.adminOnly);
  }
  const takesFiles = action === 'vendor_request' || action === 'admin_set';
  const checked = takesFiles ? await checkAlertFiles(files) : [];
  const { vendorUserId } = await vendorOf(ctx, fields);
  const media = await storeAlertFiles(ctx.dataDir, checked);
  let applied: Applied;
  try {
    applied = await ctx.database.db.transaction().execute(async (trx) => {
      await forUpdate(ctx.database.dialect, trx.selectFrom('users').select('id').where('id', '=', vendorUserId)).execute();
      return apply(trx, ctx, fields, await vendorRequests(trx, vendorUserId), media);
    });
  } catch (error) {
    await removeAlertFiles(
      ctx.dataDir,
      media.map((item) => item.storedName),
      ctx.log,
    );
    throw error;
  }
  await removeAlertFiles(ctx.dataDir, applied.removedFiles, ctx.log);
  return { action, message: applied.message, requestId: applied.requestId, vendorUserId };
}
