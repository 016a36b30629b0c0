import type { Generated } from 'kysely';

/** UTC text 'YYYY-MM-DD HH:mm:ss' (see schema.ts). */
type Timestamp = string;

/** One audited change (migration 009): append-only, the database refuses UPDATE and DELETE. */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: Timestamp;
  /** Who acted; null when nobody was signed in (a refused sign-in names the account tried, if it exists). */
  user_id: number | null;
  /** Copied, so the row still names the account after it is renamed or deleted. */
  username: string;
  /** The request's address (request.ip). */
  address: string;
  /** What happened: one of AUDIT_ACTIONS (server/services/audit.ts). */
  action: string;
  entity_type: string;
  entity_id: number | null;
  /** JSON text of the values before and after the change; null when there is no such side. */
  before: string | null;
  after: string | null;
}
