import type { Kysely, Selectable } from 'kysely';
import type { DB, SalesAlertRequestsTable, UserRow } from '../../db/schema';
import type { Database } from '../../db';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../sessions';
import { can } from '../../../schemas/permissions';
import { alertInUse, SALES_ALERT_MESSAGES, type SalesAlertRequestView, type SalesAlertView } from '../../../schemas/salesAlerts';
import { alertMediaUrl } from './media';

export type AlertRequestRow = Selectable<SalesAlertRequestsTable>;

const VENDOR_NOT_FOUND = 'The vendor was not found.';

/** Today as 'YYYY-MM-DD' in UTC: the day the alert in use is looked up for. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A vendor reads and acts on their own alerts only; administrators on any vendor's. */
export function assertMayAccess(user: SessionUser, vendorUserId: number): void {
  if (can(user.role, 'sales_alerts.approve')) return;
  if (user.id !== vendorUserId) throw forbidden(SALES_ALERT_MESSAGES.notYours);
}

/** The vendor a request is for: a user holding a vendor_id; anything else is "no vendor selected". */
export async function findVendor(db: Kysely<DB>, userId: number): Promise<Pick<UserRow, 'id' | 'username' | 'vendor_id'> | null> {
  const row = await db.selectFrom('users').select(['id', 'username', 'vendor_id']).where('id', '=', userId).executeTakeFirst();
  return row && row.vendor_id !== null ? row : null;
}

export async function vendorRequests(db: Kysely<DB>, userId: number): Promise<AlertRequestRow[]> {
  return db.selectFrom('sales_alert_requests').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/** GET /dashboard/sales-alerts/{userId}: the vendor, the alert in use today, and every request with its media. */
export async function loadSalesAlert(database: Database, user: SessionUser, userId: number, today = todayUtc()): Promise<SalesAlertView> {
  assertMayAccess(user, userId);
  const { db } = database;
  const vendor = await findVendor(db, userId);
  if (!vendor) throw notFound(VENDOR_NOT_FOUND);
  const requests = await vendorRequests(db, userId);
  const ids = requests.map((r) => r.id);
  const media =
    ids.length === 0
      ? []
      : await db
          .selectFrom('sales_alert_media')
          .select(['request_id', 'stored_name'])
          .where('request_id', 'in', ids)
          .orderBy('request_id')
          .orderBy('position')
          .execute();
  const adminIds = [...new Set(requests.map((r) => r.approve_admin_id).filter((id): id is number => id !== null))];
  const admins = adminIds.length === 0 ? [] : await db.selectFrom('users').select(['id', 'username']).where('id', 'in', adminIds).execute();
  const adminName = new Map(admins.map((a) => [a.id, a.username]));
  const views = requests.map((r): SalesAlertRequestView => ({
    id: r.id,
    request_content: r.request_content,
    request_note: r.request_note,
    approve_type: r.approve_type,
    approve_note: r.approve_note,
    is_default: r.is_default,
    range_start: r.range_start,
    range_end: r.range_end,
    request_date: r.request_date,
    approve_date: r.approve_date,
    requested_images: media.filter((m) => m.request_id === r.id).map((m) => alertMediaUrl(m.stored_name)),
    alert_approve_admin: r.approve_admin_id === null ? null : (adminName.get(r.approve_admin_id) ?? null),
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
  return { id: vendor.id, username: vendor.username, default_sale_alert: alertInUse(views, today), sale_alert_requests: views };
}

/** GET media/{name}: the file of a request the caller may read. */
export async function findAlertMedia(database: Database, user: SessionUser, storedName: string): Promise<{ storedName: string; mime: string }> {
  const row = await database.db
    .selectFrom('sales_alert_media')
    .innerJoin('sales_alert_requests', 'sales_alert_requests.id', 'sales_alert_media.request_id')
    .select(['sales_alert_media.stored_name', 'sales_alert_media.mime', 'sales_alert_requests.user_id'])
    .where('sales_alert_media.stored_name', '=', storedName)
    .executeTakeFirst();
  if (!row) throw notFound();
  assertMayAccess(user, row.user_id);
  return { storedName: row.stored_name, mime: row.mime };
}
