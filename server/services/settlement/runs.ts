import type { Selectable } from 'kysely';
import type { Database } from '../../db';
import type { SettlementLinesTable, SettlementRunsTable, VendorPayoutsTable } from '../../db/schema';
import { nowUtc } from '../../db/time';
import { conflict, invalid, notFound } from '../../errors';
import { fromDecimal, sum, toDecimal, type Money } from '../../../schemas/money';
import { parseCalendarDate, vendorBalance, type BalanceTerms } from '../../../schemas/vendors';
import {
  SETTLEMENT_MESSAGES,
  availableToSettle,
  defaultThrough,
  owedAfterPosted,
  periodStartAfter,
  suggestedAction,
  type CreateRunBody,
} from '../../../schemas/settlement';
import { readOptions, storeToday } from '../options';
import { recordAudit, type AuditActor } from '../audit';
import { gatherBalanceTerms } from '../vendors/vendorBalance';
import type { VendorRow } from '../vendors/vendorAccess';
import { closedThrough, lockSettlement } from './closedPeriod';
import { payoutAnswer } from './payoutAnswer';

type RunRow = Selectable<SettlementRunsTable>;
type LineRow = Selectable<SettlementLinesTable>;
type PayoutRow = Selectable<VendorPayoutsTable>;

/** The frozen columns of a line, as the balance rule's terms. */
export function termsOf(line: LineRow): BalanceTerms {
  return {
    salesWithoutTax: Number(line.sales_without_tax),
    commission: Number(line.commission),
    purchasesWithoutTax: Number(line.purchases_without_tax),
    monthlyRent: Number(line.monthly_rent),
    previousMonthNet: Number(line.previous_month_net),
    fees: Number(line.fees),
    balancePayments: Number(line.balance_payments),
    credits: Number(line.credits),
  };
}

const runAnswer = (run: RunRow) => ({
  id: run.id,
  period: { startDate: run.period_start, endDate: run.through },
  status: run.status,
  created_at: run.created_at,
  created_by: run.created_by,
  reopened_at: run.reopened_at,
  reopened_by: run.reopened_by,
  reopen_reason: run.reopen_reason,
});

/** The latest standing run (the one that decides the closed period), if any. */
export async function latestClosedRun(db: Database['db']): Promise<RunRow | undefined> {
  return db.selectFrom('settlement_runs').selectAll().where('status', '=', 'closed').orderBy('through', 'desc').limit(1).executeTakeFirst();
}

/** GET /settlement/runs: every run, newest first, and what a new run would settle by default. */
export async function listRuns(database: Database) {
  const [runs, today, through] = await Promise.all([
    database.db.selectFrom('settlement_runs').selectAll().orderBy('id', 'desc').limit(120).execute(),
    storeToday(database.db),
    closedThrough(database.db),
  ]);
  const suggested = defaultThrough(today);
  return {
    runs: runs.map(runAnswer),
    today,
    closed_through: through,
    default_through: suggested,
    next_start: periodStartAfter(through, suggested),
  };
}

/**
 * POST /settlement/runs: closes every date through `through` and freezes each vendor's balance terms for
 * the period since the last standing run, in one transaction under the settlement lock. Two staff closing
 * the same period: the second waits, then finds it settled (and the partial unique index backs that up).
 */
export async function createRun(database: Database, body: CreateRunBody, actor: AuditActor) {
  const today = await storeToday(database.db);
  const through = body.through ?? defaultThrough(today);
  if (!parseCalendarDate(through)) throw invalid('This field must be a real date (YYYY-MM-DD).', { through: ['This field must be a real date (YYYY-MM-DD).'] });
  if (through >= today) throw invalid(SETTLEMENT_MESSAGES.throughNotPast, { through: [SETTLEMENT_MESSAGES.throughNotPast] });
  const runId = await database.db.transaction().execute(async (trx) => {
    await lockSettlement(trx, 'exclusive');
    const last = await latestClosedRun(trx);
    if (last && through <= last.through) throw conflict(SETTLEMENT_MESSAGES.alreadySettled(last.through));
    if (last) {
      const pending = await trx
        .selectFrom('vendor_payouts')
        .select('id')
        .where('run_id', '=', last.id)
        .where('status', 'in', ['recorded', 'printed'])
        .executeTakeFirst();
      if (pending) throw conflict(SETTLEMENT_MESSAGES.pendingPayouts(last.through));
    }
    const period = { startDate: periodStartAfter(last?.through ?? null, through), endDate: through };
    const run = await trx
      .insertInto('settlement_runs')
      .values({ period_start: period.startDate, through, status: 'closed', created_by: actor.userId, created_at: nowUtc() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const vendors = (await trx
      .selectFrom('users')
      .select(['id', 'username', 'active', 'vendor_id', 'commission', 'monthly_rent'])
      .where('role', '=', 'vendor')
      .where('vendor_id', 'is not', null)
      .orderBy('vendor_id')
      .execute()) as VendorRow[];
    const inTransaction = { ...database, db: trx };
    const lines = [];
    // One vendor at a time: the transaction has one connection, and 200 vendors' reads in parallel only queue.
    for (const vendor of vendors) {
      const { terms, commissionRate } = await gatherBalanceTerms(inTransaction, vendor, period);
      lines.push({
        run_id: run.id,
        vendor_id: vendor.vendor_id,
        username: vendor.username,
        sales_without_tax: terms.salesWithoutTax,
        commission: terms.commission,
        purchases_without_tax: terms.purchasesWithoutTax,
        monthly_rent: terms.monthlyRent,
        previous_month_net: terms.previousMonthNet,
        fees: terms.fees,
        balance_payments: terms.balancePayments,
        credits: terms.credits,
        balance: vendorBalance(terms).balance,
        commission_rate: commissionRate,
      });
    }
    for (let start = 0; start < lines.length; start += 200)
      await trx
        .insertInto('settlement_lines')
        .values(lines.slice(start, start + 200))
        .execute();
    await recordAudit(trx, actor, {
      action: 'settlement.close',
      entityType: 'settlement_run',
      entityId: run.id,
      before: last ? { closed_through: last.through } : null,
      after: { period_start: period.startDate, through, vendors: lines.length, total_balance: toDecimal(sum(lines.map((line) => line.balance))) },
    });
    return run.id;
  });
  return runView(database, runId);
}

/** One vendor of a run: the statement's lines from the frozen terms, what was paid, invoiced and is left. */
function vendorAnswer(line: LineRow, payouts: PayoutRow[], minimumPayout: Money, policy: 'carry' | 'invoice') {
  const plain = payouts.map((payout) => ({ kind: payout.kind, status: payout.status, amount: Number(payout.amount) }));
  const { lines, balance } = vendorBalance(termsOf(line));
  const posted = (kind: 'payout' | 'invoice') =>
    sum(plain.filter((payout) => payout.kind === kind && payout.status === 'posted').map((payout) => payout.amount));
  const available = availableToSettle(balance, plain);
  return {
    vendor_id: line.vendor_id,
    username: line.username,
    commission_rate: toDecimal(Number(line.commission_rate)),
    lines: lines.map((entry) => ({ ...entry, amount: toDecimal(entry.amount), effect: toDecimal(entry.effect) })),
    balance: toDecimal(balance),
    paid: toDecimal(posted('payout')),
    invoiced: toDecimal(posted('invoice')),
    owed: toDecimal(owedAfterPosted(balance, plain)),
    available: toDecimal(available),
    action: suggestedAction(available, minimumPayout, policy),
    payouts: payouts.map(payoutAnswer),
  };
}

/** GET /settlement/runs/{id}: the run, its options, every vendor's lines, payouts and what is left, and totals. */
export async function runView(database: Database, runId: number) {
  const run = await database.db.selectFrom('settlement_runs').selectAll().where('id', '=', runId).executeTakeFirst();
  if (!run) throw notFound('This settlement does not exist.');
  const [lines, payouts, options, latest] = await Promise.all([
    database.db.selectFrom('settlement_lines').selectAll().where('run_id', '=', runId).orderBy('vendor_id').execute(),
    database.db.selectFrom('vendor_payouts').selectAll().where('run_id', '=', runId).orderBy('id').execute(),
    readOptions(database),
    latestClosedRun(database.db),
  ]);
  const minimumPayout = fromDecimal(options.settlement_minimum_payout);
  const vendors = lines.map((line) =>
    vendorAnswer(
      line,
      payouts.filter((payout) => payout.vendor_id === line.vendor_id),
      minimumPayout,
      options.settlement_negative_balances,
    ),
  );
  const total = (key: 'balance' | 'paid' | 'invoiced' | 'owed') => toDecimal(sum(vendors.map((vendor) => fromDecimal(vendor[key]))));
  return {
    run: { ...runAnswer(run), latest: latest?.id === run.id },
    options: { minimum_payout: options.settlement_minimum_payout, negative_balances: options.settlement_negative_balances },
    vendors,
    totals: { balance: total('balance'), paid: total('paid'), invoiced: total('invoiced'), owed: total('owed') },
  };
}

/**
 * POST /settlement/runs/{id}/reopen (administrators): the latest standing run stops closing its period.
 * Refused while it has posted payouts (reverse them first, so no payment is forgotten); its printed or
 * recorded payouts are cancelled. Written to the audit trail with the reason.
 */
export async function reopenRun(database: Database, runId: number, reason: string, actor: AuditActor) {
  const why = reason.trim();
  if (!why) throw invalid(SETTLEMENT_MESSAGES.reasonNeeded, { reason: [SETTLEMENT_MESSAGES.reasonNeeded] });
  await database.db.transaction().execute(async (trx) => {
    await lockSettlement(trx, 'exclusive');
    const run = await trx.selectFrom('settlement_runs').selectAll().where('id', '=', runId).executeTakeFirst();
    if (!run) throw notFound('This settlement does not exist.');
    if (run.status !== 'closed') throw conflict(SETTLEMENT_MESSAGES.runReopened);
    const latest = await latestClosedRun(trx);
    if (latest?.id !== run.id) throw conflict(SETTLEMENT_MESSAGES.notLatest);
    const posted = await trx.selectFrom('vendor_payouts').select('id').where('run_id', '=', runId).where('status', '=', 'posted').executeTakeFirst();
    if (posted) throw conflict(SETTLEMENT_MESSAGES.reopenPosted);
    const at = nowUtc();
    const cancelled = await trx
      .updateTable('vendor_payouts')
      .set({ status: 'cancelled' })
      .where('run_id', '=', runId)
      .where('status', 'in', ['recorded', 'printed'])
      .returning('id')
      .execute();
    await trx
      .updateTable('settlement_runs')
      .set({ status: 'reopened', reopened_by: actor.userId, reopened_at: at, reopen_reason: why })
      .where('id', '=', runId)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'settlement.reopen',
        entityType: 'settlement_run',
        entityId: runId,
        before: { status: 'closed', period_start: run.period_start, through: run.through },
        after: { status: 'reopened', reason: why, cancelled_payouts: cancelled.map((row) => row.id) },
      },
      at,
    );
  });
  return runView(database, runId);
}
