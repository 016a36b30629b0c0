import type { Generated } from 'kysely';
import type { PayoutKind, PayoutMethod, PayoutStatus } from '../../../schemas/settlement/rules';

/** UTC text 'YYYY-MM-DD HH:mm:ss' (see schema.ts). */
type Timestamp = string;
/** Integer ten-thousandths of the currency unit (schemas/money.ts). */
type Money = number;

/** A month-end settlement: closing every date up to `through`, and the period it settles. */
export interface SettlementRunsTable {
  id: Generated<number>;
  /** 'YYYY-MM-DD': the day after the previous closed run (or the first of the month for the first run). */
  period_start: string;
  /** 'YYYY-MM-DD': the last day settled; every date up to it is closed while the run stands. */
  through: string;
  /** closed: its figures stand; reopened: an administrator reopened the period (kept as history). */
  status: 'closed' | 'reopened';
  created_by: number | null;
  created_at: Timestamp;
  reopened_by: number | null;
  reopened_at: Timestamp | null;
  reopen_reason: string | null;
}

/** One vendor's balance terms for a run's period, frozen when the run closed it (schemas/vendors vendorBalance). */
export interface SettlementLinesTable {
  id: Generated<number>;
  run_id: number;
  /** users.vendor_id. */
  vendor_id: number;
  username: string;
  sales_without_tax: Money;
  commission: Money;
  purchases_without_tax: Money;
  monthly_rent: Money;
  previous_month_net: Money;
  fees: Money;
  balance_payments: Money;
  credits: Money;
  balance: Money;
  /** The commission rate in force on the period's last day (percent as money units). */
  commission_rate: Money;
}

/** A payout to a vendor (cheque, cash, transfer) or an invoice for what a vendor owes, within a run. */
export interface VendorPayoutsTable {
  id: Generated<number>;
  run_id: number;
  vendor_id: number;
  kind: PayoutKind;
  method: PayoutMethod | null;
  /** Cheque number or transfer reference. */
  reference: string | null;
  amount: Money;
  /** The part paid beyond the balance, confirmed as an advance. */
  advance: Money;
  status: PayoutStatus;
  print_count: number;
  memo: string | null;
  created_by: number | null;
  created_at: Timestamp;
  printed_at: Timestamp | null;
  posted_by: number | null;
  posted_at: Timestamp | null;
  reversed_by: number | null;
  reversed_at: Timestamp | null;
  reversal_reason: string | null;
}
