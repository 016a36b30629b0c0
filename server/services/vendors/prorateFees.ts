import { assertOpenDate } from '../settlement/closedPeriod';
import type { Database } from '../../db';
import { nowUtc } from '../../db/time';
import { invalid, notFound } from '../../errors';
import { fromDecimal, toDecimal, type Money } from '../../../schemas/money';
import { computeProrateFee, monthOf, parseCalendarDate, remainingDaysInMonth, todayUtc, type ProrateBody } from '../../../schemas/vendors';
import { refreshMonthlyLists, upsertFeeEntry } from './feeTerms';
import { auditFeeTermSave, feeEntryAt, type AuditActor } from '../audit';
import { currencyPrecision, findVendor, lockVendor } from './vendorAccess';

/** Spec 02 §5 pro-rate messages, shown as written. */
export const PRORATE_MESSAGES = {
  days: 'Please Select Exact Rental Days',
  price: 'Please Input Correct New Rental Price',
} as const;

const CURRENT_MONTH_ONLY = 'The start date must be in the current month.';

interface ProrateRow {
  id: number;
  vendor_id: number;
  start: string;
  price: Money;
  days: number;
  prorate: Money;
  memo: string | null;
  calcoptions: 'flat' | 'rate';
  created_at: string;
  author_id: number | null;
}

/** Spec 02 §3: value is 'price,days,prorate'; the parts are answered too so nobody parses the text. */
function toAnswer(row: ProrateRow) {
  const [price, prorate] = [toDecimal(row.price), toDecimal(row.prorate)];
  return { ...row, price, prorate, value: `${price},${row.days},${prorate}` };
}

/** GET /smp/vendors/pro-rate-fee/{vendor_id}: newest first. */
export async function listProrateFees(database: Database, vendorNumber: number) {
  await findVendor(database.db, vendorNumber);
  const rows = await database.db
    .selectFrom('vendor_prorate_fees')
    .selectAll()
    .where('vendor_id', '=', vendorNumber)
    .orderBy('start', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toAnswer);
}

function priceOf(value: number | string): Money {
  try {
    const price = fromDecimal(value);
    if (price > 0) return price;
  } catch {
    /* falls through to the spec's message */
  }
  throw invalid(PRORATE_MESSAGES.price, { newprice: [PRORATE_MESSAGES.price] });
}

/**
 * POST /smp/vendors/pro-rate-fee. The server recomputes the fee and refuses one that disagrees; with
 * updateRentFee 'yes' the new price becomes the monthly rent from the start day. One transaction.
 */
export async function recordProrateFee(database: Database, body: ProrateBody, authorId: number, actor: AuditActor, today = todayUtc()) {
  await findVendor(database.db, body.vendor_id);
  if (body.days <= 0) throw invalid(PRORATE_MESSAGES.days, { days: [PRORATE_MESSAGES.days] });
  const price = priceOf(body.newprice);
  const month = monthOf(today);
  if (!parseCalendarDate(body.start) || body.start < month.startDate || body.start > month.endDate) {
    throw invalid(CURRENT_MONTH_ONLY, { start: [CURRENT_MONTH_ONLY] });
  }
  if (body.days !== remainingDaysInMonth(body.start)) throw invalid(PRORATE_MESSAGES.days, { days: [PRORATE_MESSAGES.days] });
  const expected = computeProrateFee(price, body.start, body.calcoptions, await currencyPrecision(database));
  let sent: Money | null = null;
  try {
    sent = fromDecimal(body.proratefee);
  } catch {
    sent = null;
  }
  if (sent !== expected.prorate) {
    const message = `The pro-rate fee for this price, start and method is ${toDecimal(expected.prorate)}.`;
    throw invalid(message, { proratefee: [message] });
  }
  const id = await database.db.transaction().execute(async (trx) => {
    await assertOpenDate(trx, body.start);
    await lockVendor(trx, database, body.vendor_id);
    const row = await trx
      .insertInto('vendor_prorate_fees')
      .values({
        vendor_id: body.vendor_id,
        start: body.start,
        price,
        days: expected.days,
        prorate: expected.prorate,
        memo: body.memo?.trim() || null,
        calcoptions: body.calcoptions,
        created_at: nowUtc(),
        author_id: authorId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (body.updateRentFee === 'yes') {
      const before = await feeEntryAt(trx, body.vendor_id, 'monthly_rent', body.start);
      await auditFeeTermSave(
        trx,
        actor,
        before,
        await upsertFeeEntry(trx, { vendorNumber: body.vendor_id, name: 'monthly_rent', value: price, start: body.start, isProrate: true }),
      );
      await refreshMonthlyLists(trx, body.vendor_id, Number(today.slice(0, 4)));
    }
    return row.id;
  });
  const saved = await database.db.selectFrom('vendor_prorate_fees').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return toAnswer(saved);
}

/** DELETE /smp/vendors/pro-rate-fee/{id}: the record only; a rent entry it created stays in the timeline. */
export async function deleteProrateFee(database: Database, id: number): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('vendor_prorate_fees').select('start').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('This pro-rate fee does not exist.');
    // A closed settlement counted this fee: it stays.
    await assertOpenDate(trx, row.start);
    await trx.deleteFrom('vendor_prorate_fees').where('id', '=', id).execute();
  });
}
