import type { Generated } from 'kysely';
import type { AcceptanceState, DrawerKind } from '../../../schemas/registers';

/** UTC text 'YYYY-MM-DD HH:mm:ss' (see schema.ts). */
type Timestamp = string;

/** A register session (migration 011); money in ten-thousandths. */
export interface RegisterSessionsTable {
  id: Generated<number>;
  register_id: number;
  status: 'open' | 'closed';
  opened_by: number | null;
  /** Copied, so the session still names its holder after the account is renamed or deleted. */
  opened_by_name: string;
  opened_at: Timestamp;
  opening: number;
  /** JSON of the denominations counted at opening; null for a total. */
  opening_counts: string | null;
  closed_by: number | null;
  closed_by_name: string | null;
  closed_at: Timestamp | null;
  closing_counts: string | null;
  closing_note: string | null;
  expected: number | null;
  counted: number | null;
  difference: number | null;
  acceptance: Generated<AcceptanceState>;
  accepted_by_name: string | null;
  accepted_at: Timestamp | null;
  acceptance_note: string | null;
  /** JSON of the Z report, written once at closing. */
  report: string | null;
  updated_at: Timestamp;
}

/** The cash ledger: one row per movement of cash in a session's drawer, signed. */
export interface RegisterCashMovesTable {
  id: Generated<number>;
  session_id: number;
  kind: DrawerKind;
  amount: number;
  order_id: number | null;
  reason: string | null;
  author_id: number | null;
  author_name: string | null;
  created_at: Timestamp;
}
