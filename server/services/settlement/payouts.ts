import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db';
import type { DB, VendorPayoutsTable } from '../../db/schema';
import { nowUtc } from '../../db/time';
import { conflict, invalid, notFound } from '../../errors';
import { fromDecimal, toDecimal } from '../../../schemas/money';
import {
  SETTLEMENT_MESSAGES,
  advanceOf,
  availableToSettle,
  payoutRefusal,
  type PayoutBody,
  type PayoutStatus,
  type PrintBody,
} from '../../../schemas/settlement';
import { readOptions } from '../options';
import { recordAudit, type AuditAction, type AuditActor } from '../audit';
import { lockSettlement } from './closedPeriod';
import { latestClosedRun } from './runs';
import { payoutAnswer } from './payoutAnswer';

type PayoutRow = Selectable<VendorPayoutsTable>;
type Db = Kysely<DB>;

const auditValues = (payout: PayoutRow) => ({
  vendor_id: payout.vendor_id,
  run_id: payout.run_id,
  kind: payout.kind,
  method: payout.method,
  reference: payout.reference,
  amount: toDecimal(Number(payout.amount)),
  advance: toDecimal(Number(payout.advance)),
  status: payout.status,
});

/** The run a payout write acts on: it must be the latest standing run, or older figures would change under a closed one. */
async function assertLatestRun(trx: Db, runId: number): Promise<void> {
  const run = await trx.selectFrom('settlement_runs').select(['id', 'status']).where('id', '=', runId).executeTakeFirst();
  if (!run) throw notFound('This settlement does not exist.');
  if (run.status !== 'closed') throw conflict(SETTLEMENT_MESSAGES.runReopened);
  const latest = await latestClosedRun(trx);
  if (latest?.id !== runId) throw conflict(SETTLEMENT_MESSAGES.notLatest);
}

/**
 * POST /settlement/runs/{id}/payouts: records a payout (cheque with its number, cash, transfer with its
 * reference) or an invoice for a vendor of the latest run. Checked against what is still available after
 * everything recorded on the vendor (so two partial payouts cannot overdraw), the store's minimum payout
 * and negative-balance setting; more than the balance only when confirmed as an advance.
 */
export async function recordPayout(database: Database, runId: number, body: PayoutBody, actor: AuditActor) {
  const options = await readOptions(database);
  const request = {
    kind: body.kind,
    method: body.method ?? null,
    reference: body.reference?.trim() || null,
    amount: fromDecimal(body.amount),
    advance: body.advance === true,
  };
  const saved = await database.db.transaction().execute(async (trx) => {
    await lockSettlement(trx, 'exclusive');
    await assertLatestRun(trx, runId);
    const line = await trx
      .selectFrom('settlement_lines')
      .select('balance')
      .where('run_id', '=', runId)
      .where('vendor_id', '=', body.vendor_id)
      .executeTakeFirst();
    if (!line) throw invalid(SETTLEMENT_MESSAGES.notVendor, { vendor_id: [SETTLEMENT_MESSAGES.notVendor] });
    const earlier = await trx
      .selectFrom('vendor_payouts')
      .select(['kind', 'status', 'amount'])
      .where('run_id', '=', runId)
      .where('vendor_id', '=', body.vendor_id)
      .execute();
    const available = availableToSettle(
      Number(line.balance),
      earlier.map((payout) => ({ ...payout, amount: Number(payout.amount) })),
    );
    const refusal = payoutRefusal(request, {
      available,
      minimumPayout: fromDecimal(options.settlement_minimum_payout),
      policy: options.settlement_negative_balances,
    });
    if (refusal) throw invalid(refusal.message, { [refusal.field]: [refusal.message] });
    const at = nowUtc();
    const payout = await trx
      .insertInto('vendor_payouts')
      .values({
        run_id: runId,
        vendor_id: body.vendor_id,
        kind: request.kind,
        method: request.kind === 'payout' ? request.method : null,
        reference: request.method === 'cash' ? null : request.reference,
        amount: request.amount,
        advance: request.kind === 'payout' ? advanceOf(request.amount, available) : 0,
        status: 'recorded',
        print_count: 0,
        memo: body.memo?.trim() || null,
        created_by: actor.userId,
        created_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'settlement.payout_record', entityType: 'vendor_payout', entityId: payout.id, after: auditValues(payout) }, at);
    return payout;
  });
  return payoutAnswer(saved);
}

/**
 * One step of a payout's life, in one transaction under the settlement lock: the guarded UPDATE only
 * moves a payout still in one of `from`, so two staff posting the same payout: one wins, the other hears 409.
 */
async function step(
  database: Database,
  payoutId: number,
  from: readonly PayoutStatus[],
  verb: string,
  action: AuditAction,
  change: (payout: PayoutRow, at: string) => Partial<PayoutRow>,
  options: { latestRun: boolean; actor: AuditActor },
) {
  const saved = await database.db.transaction().execute(async (trx) => {
    await lockSettlement(trx, 'exclusive');
    const before = await trx.selectFrom('vendor_payouts').selectAll().where('id', '=', payoutId).executeTakeFirst();
    if (!before) throw notFound('This payout does not exist.');
    if (!from.includes(before.status)) throw conflict(SETTLEMENT_MESSAGES.badTransition(before.status, verb));
    if (options.latestRun) await assertLatestRun(trx, before.run_id);
    const at = nowUtc();
    const after = await trx
      .updateTable('vendor_payouts')
      .set(change(before, at))
      .where('id', '=', payoutId)
      .where('status', 'in', [...from])
      .returningAll()
      .executeTakeFirst();
    if (!after) throw conflict(SETTLEMENT_MESSAGES.badTransition(before.status, verb));
    await recordAudit(
      trx,
      options.actor,
      { action, entityType: 'vendor_payout', entityId: payoutId, before: auditValues(before), after: auditValues(after) },
      at,
    );
    return after;
  });
  return payoutAnswer(saved);
}

/** POST /settlement/payouts/{id}/print: marks it printed (again, for a jammed cheque, with the new cheque's number). */
export function printPayout(database: Database, payoutId: number, body: PrintBody | undefined, actor: AuditActor) {
  const reference = body?.reference?.trim() || null;
  return step(
    database,
    payoutId,
    ['recorded', 'printed'],
    'printed',
    'settlement.payout_print',
    (payout, at) => ({
      status: 'printed',
      print_count: payout.print_count + 1,
      printed_at: at,
      ...(reference && payout.method !== 'cash' ? { reference } : {}),
    }),
    { latestRun: false, actor },
  );
}

/** POST /settlement/payouts/{id}/post: a printed payout counts against the balance from now on. */
export function postPayout(database: Database, payoutId: number, actor: AuditActor) {
  return step(
    database,
    payoutId,
    ['printed'],
    'posted',
    'settlement.payout_post',
    (_payout, at) => ({ status: 'posted', posted_by: actor.userId, posted_at: at }),
    { latestRun: true, actor },
  );
}

/** POST /settlement/payouts/{id}/reverse: a posted payout stops counting; what it paid is owed again. */
export function reversePayout(database: Database, payoutId: number, reason: string, actor: AuditActor) {
  const why = reason.trim();
  if (!why) throw invalid(SETTLEMENT_MESSAGES.reasonNeeded, { reason: [SETTLEMENT_MESSAGES.reasonNeeded] });
  return step(
    database,
    payoutId,
    ['posted'],
    'reversed',
    'settlement.payout_reverse',
    (_payout, at) => ({ status: 'reversed', reversed_by: actor.userId, reversed_at: at, reversal_reason: why }),
    { latestRun: true, actor },
  );
}

/** POST /settlement/payouts/{id}/cancel: a payout recorded or printed but never posted is dropped. */
export function cancelPayout(database: Database, payoutId: number, actor: AuditActor) {
  return step(database, payoutId, ['recorded', 'printed'], 'cancelled', 'settlement.payout_cancel', () => ({ status: 'cancelled' }), {
    latestRun: false,
    actor,
  });
}

/** GET /settlement/vendors/{vendor_id}/payouts: a vendor's payouts and invoices, newest first, with the period each settles. */
export async function vendorPayouts(database: Database, vendorNumber: number) {
  const rows = await database.db
    .selectFrom('vendor_payouts')
    .innerJoin('settlement_runs', 'settlement_runs.id', 'vendor_payouts.run_id')
    .selectAll('vendor_payouts')
    .select(['settlement_runs.period_start', 'settlement_runs.through'])
    .where('vendor_payouts.vendor_id', '=', vendorNumber)
    .where('vendor_payouts.status', 'in', ['posted', 'reversed'])
    .orderBy('vendor_payouts.id', 'desc')
    .limit(100)
    .execute();
  return { payouts: rows.map((row) => ({ ...payoutAnswer(row), period: { startDate: row.period_start, endDate: row.through } })) };
}
