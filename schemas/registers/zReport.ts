import type { DrawerFigures } from './drawer';

/** Who must still accept a session's difference: not needed, waiting for a manager, or accepted. */
export const ACCEPTANCE_STATES = ['not_needed', 'awaiting', 'accepted'] as const;
export type AcceptanceState = (typeof ACCEPTANCE_STATES)[number];

/**
 * A session's report, amounts as decimals. While the session is open it is computed on each read (an X
 * report); at closing it is computed once, stored with the session and answered as stored ever after.
 */
export interface ZReport {
  session: {
    id: number;
    register: { id: number; name: string };
    status: 'open' | 'closed';
    opened_by: string;
    opened_at: string;
    closed_by: string | null;
    closed_at: string | null;
    acceptance: AcceptanceState;
    accepted_by: string | null;
    acceptance_note: string | null;
    closing_note: string | null;
  };
  orders: {
    count: number;
    voided: number;
    total: number;
    taxes: number;
    first: { code: string; created_at: string } | null;
    last: { code: string; created_at: string } | null;
    /** Orders still on hold at this register (they stay held across closing). */
    held: number;
  };
  sales_by_tender: Array<{ identifier: string; label: string; count: number; amount: number }>;
  refunds: { count: number; total: number; by_tender: Array<{ identifier: string; label: string; amount: number }> };
  cash_moves: Array<{ type: 'in' | 'out'; amount: number; reason: string; author: string; created_at: string }>;
  drawer: { [K in keyof DrawerFigures]: number } & { counted: number | null; difference: number | null };
}

/** One row of the session list. */
export interface SessionSummary {
  id: number;
  register: { id: number; name: string };
  status: 'open' | 'closed';
  opened_by: string;
  opened_at: string;
  closed_at: string | null;
  opening: number;
  expected: number | null;
  counted: number | null;
  difference: number | null;
  acceptance: AcceptanceState;
}

/** A register as the Registers screen and the till see it: its open session, if any. */
export interface RegisterState {
  id: number;
  name: string;
  status: 'opened' | 'closed' | 'disabled';
  session: { id: number; holder: string; holder_id: number; opened_at: string; opening: number; expected: number } | null;
}
