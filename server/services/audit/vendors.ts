import type { Kysely, Selectable } from 'kysely';
import type { DB, VendorFeesTable, VendorLedgerTable } from '../../db/schema';
import { toDecimal } from '../../../schemas/money';
import { recordAudit, type AuditActor, type AuditValues } from './record';

/** The audit rows of a vendor's fee terms and ledger. */

type Db = Kysely<DB>;

type FeeRow = Selectable<VendorFeesTable>;
type LedgerRow = Selectable<VendorLedgerTable>;

const feeValues = (fee: FeeRow): AuditValues => ({
  vendor_id: fee.vendor_id,
  name: fee.name,
  value: toDecimal(fee.value),
  start: fee.start,
  is_prorate: fee.is_prorate,
});

/** The fee entry a save would replace (same vendor, kind and start day), read before the save. */
export function feeEntryAt(db: Db, vendorNumber: number, name: FeeRow['name'], start: string): Promise<FeeRow | undefined> {
  return db
    .selectFrom('vendor_fees')
    .selectAll()
    .where('vendor_id', '=', vendorNumber)
    .where('name', '=', name)
    .where('start', '=', start)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** A fee entry added or its value replaced: the replaced entry before (null for a new one), the entry after. */
export async function auditFeeTermSave(db: Db, actor: AuditActor, before: FeeRow | undefined, savedId: number): Promise<void> {
  const after = await db.selectFrom('vendor_fees').selectAll().where('id', '=', savedId).executeTakeFirstOrThrow();
  await recordAudit(db, actor, {
    action: 'vendor.fee_term_save',
    entityType: 'vendor_fee',
    entityId: savedId,
    before: before ? feeValues(before) : null,
    after: feeValues(after),
  });
}

/** A fee entry deleted: the entry before. */
export function auditFeeTermDelete(db: Db, actor: AuditActor, before: FeeRow): Promise<void> {
  return recordAudit(db, actor, { action: 'vendor.fee_term_delete', entityType: 'vendor_fee', entityId: before.id, before: feeValues(before), after: null });
}

const ledgerValues = (row: LedgerRow): AuditValues => ({
  vendor_id: row.vendor_id,
  kind: row.kind,
  date: row.date,
  amount: toDecimal(row.amount),
  memo: row.memo,
  author_id: row.author_id,
});

/** A ledger entry (fee, balance payment or credit) added or deleted. */
export function auditLedger(db: Db, actor: AuditActor, change: 'add' | 'delete', row: LedgerRow): Promise<void> {
  return recordAudit(db, actor, {
    action: change === 'add' ? 'vendor.ledger_add' : 'vendor.ledger_delete',
    entityType: 'vendor_ledger',
    entityId: row.id,
    before: change === 'add' ? null : ledgerValues(row),
    after: change === 'add' ? ledgerValues(row) : null,
  });
}
