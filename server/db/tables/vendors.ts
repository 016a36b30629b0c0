import type { Generated } from 'kysely';

/** UTC text 'YYYY-MM-DD HH:mm:ss' (see schema.ts). */
type Timestamp = string;
/** Integer ten-thousandths of the currency unit (schemas/money.ts). */
type Money = number;

/** A pro-rate fee charged to a vendor (spec 02 §3 Pro-rate fee record). */
export interface VendorProrateFeesTable {
  id: Generated<number>;
  /** users.vendor_id. */
  vendor_id: number;
  /** 'YYYY-MM-DD', in the month it was recorded. */
  start: string;
  /** The new monthly price. */
  price: Money;
  /** Days left in the start's month, counting the start day. */
  days: number;
  /** The fee charged, recomputed by the server. */
  prorate: Money;
  memo: string | null;
  calcoptions: 'flat' | 'rate';
  created_at: Timestamp;
  author_id: number | null;
}

/** Money moved on a vendor's account outside sales: what the balance adds or takes beyond orders and rent. */
export interface VendorLedgerTable {
  id: Generated<number>;
  /** users.vendor_id. */
  vendor_id: number;
  /** fee: a charge (−); balance_payment: the vendor paid into the account (+); credit: the store credited the vendor (+). */
  kind: 'fee' | 'balance_payment' | 'credit';
  /** 'YYYY-MM-DD', the day it counts for. */
  date: string;
  /** Positive money; the kind gives the sign. */
  amount: Money;
  memo: string | null;
  author_id: number | null;
  created_at: Timestamp;
}
