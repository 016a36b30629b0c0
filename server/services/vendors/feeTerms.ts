import type { Transaction } from 'kysely';
import type { Database } from '../../db';
import type { DB } from '../../db/schema';
import { nowUtc } from '../../db/time';
import { conflict, invalid, notFound } from '../../errors';
import { fromDecimal, toDecimal, type Money } from '../../../schemas/money';
import {
  feeInForce,
  feeStartError,
  monthlyLists,
  normaliseFeeStart,
  todayUtc,
  byStart,
  type FeeEntry,
  type FeeEntryBody,
  type FeeName,
} from '../../../schemas/vendors';
import { findVendor, lockVendor } from './vendorAccess';
import { assertOpenDate } from '../settlement/closedPeriod';
import { auditFeeTermDelete, auditFeeTermSave, feeEntryAt, type AuditActor } from '../audit';

export interface FeeEntryAnswer {
  id: number;
  value: number;
  name: FeeName;
  vendor_id: number;
  start: string;
  is_prorate: number;
  created_at: string;
}

type FeeRow = Omit<FeeEntryAnswer, 'value'> & { value: Money };

const toAnswer = (row: FeeRow): FeeEntryAnswer => ({ ...row, value: toDecimal(row.value) });

async function feeRows(db: Database['db'] | Transaction<DB>, vendorNumber: number, name?: FeeName): Promise<FeeRow[]> {
  let query = db
    .selectFrom('vendor_fees')
    .select(['id', 'value', 'name', 'vendor_id', 'start', 'is_prorate', 'created_at'])
    .where('vendor_id', '=', vendorNumber);
  if (name) query = query.where('name', '=', name);
  return (await query.execute()).sort(byStart);
}

/** GET /smp/vendors/{name}/{vendor_id}: every entry, newest start first, and the one in force today. */
export async function listFeeTerms(database: Database, name: FeeName, vendorNumber: number, today = todayUtc()) {
  await findVendor(database.db, vendorNumber);
  const rows = await feeRows(database.db, vendorNumber, name);
  const current = feeInForce(rows, today);
  return { commissions: [...rows].reverse().map(toAnswer), current: current ? toAnswer(current) : null };
}

/** Rewrites users.commission and users.monthly_rent from the entries, inside the caller's transaction. */
export async function refreshMonthlyLists(trx: Transaction<DB>, vendorNumber: number, year: number): Promise<void> {
  const entries: FeeEntry[] = await feeRows(trx, vendorNumber);
  const lists = monthlyLists(entries, year);
  await trx
    .updateTable('users')
    .set({ ...lists, updated_at: nowUtc() })
    .where('vendor_id', '=', vendorNumber)
    .where('role', '=', 'vendor')
    .execute();
}

/** Commission is a percentage 0–100; rent is money, zero or more. */
function valueError(name: FeeName, value: Money): string | null {
  if (name === 'commission') return value < 0 || value > fromDecimal(100) ? 'The commission must be a percentage from 0 to 100.' : null;
  return value < 0 ? 'The monthly rent must be zero or more.' : null;
}

export function parseFeeValue(name: FeeName, value: number | string): Money {
  let amount: Money;
  try {
    amount = fromDecimal(value);
  } catch {
    throw invalid('The value is not a valid amount.', { value: ['The value is not a valid amount.'] });
  }
  const error = valueError(name, amount);
  if (error) throw invalid(error, { value: [error] });
  return amount;
}

/**
 * Adds an entry, or replaces the value of the entry starting that same day (the timeline's edit),
 * in the caller's transaction; the vendor row must already be locked.
 */
export async function upsertFeeEntry(
  trx: Transaction<DB>,
  entry: { vendorNumber: number; name: FeeName; value: Money; start: string; isProrate: boolean },
): Promise<number> {
  const existing = await trx
    .selectFrom('vendor_fees')
    .select('id')
    .where('vendor_id', '=', entry.vendorNumber)
    .where('name', '=', entry.name)
    .where('start', '=', entry.start)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const values = { value: entry.value, is_prorate: entry.isProrate ? 1 : 0 };
  if (existing) {
    await trx.updateTable('vendor_fees').set(values).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const row = await trx
    .insertInto('vendor_fees')
    .values({ ...values, vendor_id: entry.vendorNumber, name: entry.name, start: entry.start, created_at: nowUtc() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** POST /smp/vendors/commission: validates, writes the entry and refreshes the comma lists in one transaction. */
export async function saveFeeEntry(database: Database, body: FeeEntryBody, actor: AuditActor, today = todayUtc()) {
  const startError = feeStartError(body.start);
  if (startError) throw invalid(startError, { start: [startError] });
  const start = normaliseFeeStart(body.start);
  const value = parseFeeValue(body.name, body.value);
  await database.db.transaction().execute(async (trx) => {
    // A commission or rent starting inside a closed settlement would change what it counted.
    await assertOpenDate(trx, start);
    await lockVendor(trx, database, body.vendor_id);
    const before = await feeEntryAt(trx, body.vendor_id, body.name, start);
    const id = await upsertFeeEntry(trx, {
      vendorNumber: body.vendor_id,
      name: body.name,
      value,
      start,
      isProrate: body.is_prorate === true || body.is_prorate === 1,
    });
    await auditFeeTermSave(trx, actor, before, id);
    await refreshMonthlyLists(trx, body.vendor_id, Number(today.slice(0, 4)));
  });
  return listFeeTerms(database, body.name, body.vendor_id, today);
}

/** DELETE /smp/vendors/commission/{id}: a vendor keeps at least one entry of each kind, so the lists stay defined. */
export async function deleteFeeEntry(database: Database, id: number, actor: AuditActor, today = todayUtc()): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const entry = await trx.selectFrom('vendor_fees').selectAll().where('id', '=', id).executeTakeFirst();
    if (!entry) throw notFound('This fee entry does not exist.');
    await assertOpenDate(trx, entry.start);
    await lockVendor(trx, database, entry.vendor_id);
    const siblings = await trx
      .selectFrom('vendor_fees')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('vendor_id', '=', entry.vendor_id)
      .where('name', '=', entry.name)
      .executeTakeFirstOrThrow();
    if (Number(siblings.count) <= 1) throw conflict("This is the vendor's only entry of this kind; add another before deleting it.");
    await trx.deleteFrom('vendor_fees').where('id', '=', id).execute();
    await auditFeeTermDelete(trx, actor, entry);
    await refreshMonthlyLists(trx, entry.vendor_id, Number(today.slice(0, 4)));
  });
}
