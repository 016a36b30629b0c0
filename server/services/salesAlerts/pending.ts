import type { Database } from '../../db';
import { alertMediaUrl } from './media';

export interface PendingAlert {
  id: number;
  user_id: number;
  username: string;
  request_content: string;
  request_note: string;
  is_default: number;
  range_start: string | null;
  range_end: string | null;
  request_date: string;
  requested_images: string[];
}

/** GET /dashboard/sales-alerts: every vendor's pending requests, oldest first, for the administrators' review. */
export async function listPendingAlerts(database: Database): Promise<PendingAlert[]> {
  const { db } = database;
  const rows = await db
    .selectFrom('sales_alert_requests')
    .innerJoin('users', 'users.id', 'sales_alert_requests.user_id')
    .select([
      'sales_alert_requests.id',
      'sales_alert_requests.user_id',
      'users.username',
      'sales_alert_requests.request_content',
      'sales_alert_requests.request_note',
      'sales_alert_requests.is_default',
      'sales_alert_requests.range_start',
      'sales_alert_requests.range_end',
      'sales_alert_requests.request_date',
    ])
    .where('sales_alert_requests.approve_type', '=', 'pending')
    .orderBy('sales_alert_requests.request_date')
    .orderBy('sales_alert_requests.id')
    .execute();
  const ids = rows.map((row) => row.id);
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
  return rows.map((row) => ({ ...row, requested_images: media.filter((m) => m.request_id === row.id).map((m) => alertMediaUrl(m.stored_name)) }));
}
