import type { Database } from '../../db';
import { nowUtc } from '../../db/time';
import { invalid, notFound } from '../../errors';
import { fromDecimal, toDecimal, type Money } from '../../../schemas/money';
import { parseCalendarDate, type LedgerBody, type Period } from '../../../schemas/vendors';
import { findVendor } from './vendorAccess';
import { auditLedger, type AuditActor } from '../audit';
import { assertOpenDate } from '../settlement/closedPeriod';

const BAD_AMOUNT = 'The amount must be greater than zero.';

/** GET /smp/vendors/ledger/{vendor_id}: the period's fees, balance payments and credits, by date. */
export async function listLedger(database: Database, vendorNumber: number, period: Period) {
  await findVendor(database.db, vendorNumber);
  const rows = await database.db
    .selectFrom('vendor_ledger')
    .selectAll()
    .where('vendor_id', '=', vendorNumber)
    .where('date', '>=', period.startDate)
    .where('date', '<=', period.endDate)
    .orderBy('date')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, amount: toDecimal(row.amount) }));
}

/** POST /smp/vendors/ledger: one entry; the kind gives its sign in the balance, the amount is positive. */
export async function recordLedgerEntry(database: Database, body: LedgerBody, authorId: number, actor: AuditActor) {
  await findVendor(database.db, body.vendor_id);
  if (!parseCalendarDate(body.date)) throw invalid('This field must be a real date (YYYY-MM-DD).', { date: ['This field must be a real date (YYYY-MM-DD).'] });
  let amount: Money = 0;
  try {
    amount = fromDecimal(body.amount);
  } catch {
    amount = 0;
  }
  if (amount <= 0) throw invalid(BAD_AMOUNT, { amount: [BAD_AMOUNT] });
  // The entry and its audit row commit together.
  const row = await database.db.transaction().execute(async (trx) => {
    await assertOpenDate(trx, body.date);
    const saved = await trx
      .insertInto('vendor_ledger')
      .values({
        vendor_id: body.vendor_id,
        kind: body.kind,
        date: body.date,
        amount,
        memo: body.memo?.trim() || null,
        author_id: authorId,
        created_at: nowUtc(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditLedger(trx, actor, 'add', saved);
    return saved;
  });
  return { ...row, amount: toDecimal(row.amount) };
}

export async function deleteLedgerEntry(database: Database, id: number, actor: AuditActor): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const entry = await trx.selectFrom('vendor_ledger').select('date').where('id', '=', id).executeTakeFirst();
    if (!entry) throw notFound('This ledger entry does not exist.');
    await assertOpenDate(trx, entry.date);
    const row = await trx.deleteFrom('vendor_ledger').where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) throw notFound('This ledger entry does not exist.');
    await auditLedger(trx, actor, 'delete', row);
  });
}
