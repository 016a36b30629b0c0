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

/**
 * The vendor sales ledger (server/services/vendors/vendorSales.ts): each row is a change of one order line's
 * credit to its selling vendor (sale) or charge to its buying vendor (purchase), without tax, on the store's
 * business day the money event happened. A vendor's sales for a period are the sum of its rows.
 */
export interface VendorSalesTable {
  id: Generated<number>;
  /** users.vendor_id. */
  vendor_id: number;
  kind: 'sale' | 'purchase';
  order_id: number;
  order_product_id: number;
  /** 'YYYY-MM-DD' on the store's calendar. */
  date: string;
  /** Signed money: a credit taken back is negative. */
  amount: Money;
  created_at: Timestamp;
}
