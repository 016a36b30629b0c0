import { API_BASE_URL, http } from '../../engine/http';
import type { PayoutKind, PayoutMethod, PayoutStatus, SettlementAction } from '../../schemas/settlement';
import type { Period } from '../../schemas/vendors';

/** The settlement routes' answers (server/routes/settlement.ts); every figure is the server's. */

export interface RunSummary {
  id: number;
  period: Period;
  status: 'closed' | 'reopened';
  created_at: string;
  reopen_reason: string | null;
}

export interface RunsAnswer {
  runs: RunSummary[];
  today: string;
  closed_through: string | null;
  default_through: string;
  next_start: string;
}

export interface Payout {
  id: number;
  run_id: number;
  vendor_id: number;
  kind: PayoutKind;
  method: PayoutMethod | null;
  reference: string | null;
  amount: number;
  advance: number;
  status: PayoutStatus;
  print_count: number;
  memo: string | null;
  created_at: string;
  posted_at: string | null;
  reversed_at: string | null;
  reversal_reason: string | null;
}

export interface RunVendor {
  vendor_id: number;
  username: string;
  commission_rate: number;
  lines: { term: string; label: string; sign: 1 | -1; amount: number; effect: number }[];
  balance: number;
  paid: number;
  invoiced: number;
  owed: number;
  available: number;
  action: SettlementAction;
  payouts: Payout[];
}

export interface RunAnswer {
  run: RunSummary & { latest: boolean };
  options: { minimum_payout: number; negative_balances: 'carry' | 'invoice' };
  vendors: RunVendor[];
  totals: { balance: number; paid: number; invoiced: number; owed: number };
}

export interface PayoutDraft {
  vendor_id: number;
  kind: PayoutKind;
  method: PayoutMethod | null;
  reference: string | null;
  amount: number;
  advance?: boolean;
  memo?: string | null;
}

export const fetchRuns = async () => (await http.get<RunsAnswer>('/settlement/runs')).data;
export const fetchRun = async (id: number) => (await http.get<RunAnswer>(`/settlement/runs/${id}`)).data;
export const createRun = async (through: string) => (await http.post<RunAnswer>('/settlement/runs', { through })).data;
export const reopenRun = async (id: number, reason: string) => (await http.post<RunAnswer>(`/settlement/runs/${id}/reopen`, { reason })).data;
/** Silent: the screen answers an advance refusal with a confirmation, and shows other refusals itself. */
export const recordPayout = async (runId: number, draft: PayoutDraft) =>
  (await http.post<Payout>(`/settlement/runs/${runId}/payouts`, draft, { silent: true })).data;
export const printPayout = async (id: number, reference: string | null) => (await http.post<Payout>(`/settlement/payouts/${id}/print`, { reference })).data;
export const postPayout = async (id: number) => (await http.post<Payout>(`/settlement/payouts/${id}/post`, {})).data;
export const cancelPayout = async (id: number) => (await http.post<Payout>(`/settlement/payouts/${id}/cancel`, {})).data;
export const reversePayout = async (id: number, reason: string) => (await http.post<Payout>(`/settlement/payouts/${id}/reverse`, { reason })).data;
export const fetchVendorPayouts = async (vendorId: number) =>
  (await http.get<{ payouts: Array<Payout & { period: Period }> }>(`/settlement/vendors/${vendorId}/payouts`)).data.payouts;

/** The printable pages and the CSV download, served by the API. */
export const statementsUrl = (runId: number) => `${API_BASE_URL}/settlement/runs/${runId}/statements`;
export const payoutDocumentUrl = (payoutId: number) => `${API_BASE_URL}/settlement/payouts/${payoutId}/document`;
export const exportUrl = (runId: number) => `${API_BASE_URL}/settlement/runs/${runId}/export`;
