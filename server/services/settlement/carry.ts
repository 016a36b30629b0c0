import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Money } from '../../../schemas/money';
import { owedAfterPosted } from '../../../schemas/settlement';

/** The calendar day before `date` ('YYYY-MM-DD'). */
function dayBefore(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/**
 * What a settled period leaves to the period starting the day after it: the closed balance less the
 * payouts and plus the invoices posted on it (positive: still owed to the vendor, rolled over or partly
 * paid; negative: the vendor owes it). Null when no standing run ends the day before `startDate`; a vendor
 * the run did not list carries nothing.
 */
export async function carriedInto(db: Kysely<DB>, vendorNumber: number, startDate: string): Promise<Money | null> {
  const run = await db.selectFrom('settlement_runs').select('id').where('status', '=', 'closed').where('through', '=', dayBefore(startDate)).executeTakeFirst();
  if (!run) return null;
  const [line, payouts] = await Promise.all([
    db.selectFrom('settlement_lines').select('balance').where('run_id', '=', run.id).where('vendor_id', '=', vendorNumber).executeTakeFirst(),
    db.selectFrom('vendor_payouts').select(['kind', 'status', 'amount']).where('run_id', '=', run.id).where('vendor_id', '=', vendorNumber).execute(),
  ]);
  if (!line) return 0;
  return owedAfterPosted(
    Number(line.balance),
    payouts.map((payout) => ({ ...payout, amount: Number(payout.amount) })),
  );
}
