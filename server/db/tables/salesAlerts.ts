import type { Generated } from 'kysely';

/** UTC text 'YYYY-MM-DD HH:mm:ss' (see schema.ts). */
type Timestamp = string;

export interface SalesAlertRequestsTable {
  id: Generated<number>;
  /** The vendor's users.id. */
  user_id: number;
  request_content: string;
  request_note: string;
  approve_type: 'pending' | 'approve' | 'decline';
  approve_note: string;
  /** 1 default alert, 0 date-range alert. */
  is_default: number;
  /** 'YYYY-MM-DD', range alerts only. */
  range_start: string | null;
  range_end: string | null;
  request_date: Timestamp;
  approve_date: Timestamp | null;
  approve_admin_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SalesAlertMediaTable {
  id: Generated<number>;
  request_id: number;
  /** Generated name under uploads/sales-alerts. */
  stored_name: string;
  kind: 'image' | 'video';
  /** The detected type, sent when the file is served. */
  mime: string;
  position: number;
  created_at: Timestamp;
}
