import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db';
import type { DB } from '../../db/schema';
import { forUpdate } from '../../db/dialect';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../sessions';
import { readOptions } from '../options';

export const UNKNOWN_VENDOR = 'This vendor does not exist.';

export interface VendorRow {
  id: number;
  username: string;
  active: number;
  vendor_id: number;
  commission: string;
  monthly_rent: string;
}

/** A vendor reads only their own terms, statement and balance; staff with the route's capability read any. */
export function assertMayReadVendor(user: SessionUser, vendorNumber: number): void {
  if (user.role === 'vendor' && user.vendor_id !== vendorNumber) throw forbidden();
}

function vendorQuery(db: Kysely<DB> | Transaction<DB>) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'active', 'vendor_id', 'commission', 'monthly_rent'])
    .where('role', '=', 'vendor')
    .where('vendor_id', 'is not', null);
}

/** The vendor with this vendor number, or 404. */
export async function findVendor(db: Kysely<DB> | Transaction<DB>, vendorNumber: number): Promise<VendorRow> {
  const row = await vendorQuery(db).where('vendor_id', '=', vendorNumber).executeTakeFirst();
  if (!row) throw notFound(UNKNOWN_VENDOR);
  return row as VendorRow;
}

/** The vendor behind a users.id (the report's user_id), or 404. */
export async function findVendorByUserId(db: Kysely<DB>, userId: number): Promise<VendorRow> {
  const row = await vendorQuery(db).where('id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(UNKNOWN_VENDOR);
  return row as VendorRow;
}

/**
 * Locks the vendor's user row for the rest of the transaction (PostgreSQL; SQLite writers are already
 * serialised): every fee write of one vendor runs after the other, so the comma lists match the entries.
 */
export async function lockVendor(trx: Transaction<DB>, database: Database, vendorNumber: number): Promise<VendorRow> {
  const row = await forUpdate(database.dialect, vendorQuery(trx).where('vendor_id', '=', vendorNumber)).executeTakeFirst();
  if (!row) throw notFound(UNKNOWN_VENDOR);
  return row as VendorRow;
}

/** The store's currency precision (ns_currency_precision), which fees and commission round to. */
export async function currencyPrecision(database: Database): Promise<number> {
  return (await readOptions(database)).ns_currency_precision;
}
