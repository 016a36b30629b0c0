import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { storeToday } from '../options';
import { fromDecimal } from '../../../schemas/money';
import { DEFAULT_OPTIONS } from '../../../schemas/options';
import { auditFeeTermSave, type AuditActor } from '../audit';
import { refreshMonthlyLists, upsertFeeEntry } from './feeTerms';

/** The store option vendor_default_commission (a percentage), read in the caller's transaction. */
async function defaultCommission(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('options').select('value').where('key', '=', 'vendor_default_commission').executeTakeFirst();
  const value = row ? (JSON.parse(row.value) as unknown) : undefined;
  return typeof value === 'number' && value >= 0 && value <= 100 ? value : DEFAULT_OPTIONS.vendor_default_commission;
}

/**
 * A new vendor starts on the store's default terms: the default commission from today (the store's
 * business day), written and audited like a fee entry saved in the Fees tab. Without it a vendor made
 * through the form would sell commission-free until someone noticed. A vendor number that already has a
 * commission entry (one reused after its vendor left) keeps its entries.
 */
export async function giveDefaultTerms(db: Kysely<any>, vendorNumber: number, actor: AuditActor): Promise<void> {
  const trx = db as Transaction<DB>;
  const existing = await trx.selectFrom('vendor_fees').select('id').where('vendor_id', '=', vendorNumber).where('name', '=', 'commission').executeTakeFirst();
  if (existing) return;
  const start = await storeToday(trx);
  const value = fromDecimal(await defaultCommission(trx));
  const id = await upsertFeeEntry(trx, { vendorNumber, name: 'commission', value, start, isProrate: false });
  await auditFeeTermSave(trx, actor, undefined, id);
  await refreshMonthlyLists(trx, vendorNumber, Number(start.slice(0, 4)));
}
