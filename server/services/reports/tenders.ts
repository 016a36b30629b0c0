import { sql } from 'kysely';
import { toDecimal } from '../../../schemas/money';
import type { ReportRow } from '../../../schemas/reports';
import type { Database } from '../../db';
import { closedSale, int, type Span } from './spans';

/** The till gives change in cash, so change given is taken off the cash received. */
const CASH = 'cash-payment';

export interface TenderSums {
  tenders: Array<{ identifier: string; payments: number; refunds: number }>;
  /** Change given on the closed sales: comes off cash. */
  change: number;
}

/**
 * Per tender, read from the orders' rows: payments received on the closed sales of the span, refunds paid
 * through it in the span, and the change given. The reports read the summaries (summary/sums.ts); this is
 * what those must equal (the summaries' property test compares them).
 */
export async function rawTenderSums(database: Database, span: Span): Promise<TenderSums> {
  const [payments, change, refunds] = await Promise.all([
    sql<{ identifier: string; value: unknown }>`
      select p.identifier, sum(p.value) as value from orders o join order_payments p on p.order_id = o.id
      where o.created_at >= ${span.from} and o.created_at < ${span.until} and ${closedSale()}
      group by p.identifier`.execute(database.db),
    sql<{ value: unknown }>`
      select sum(o.change) as value from orders o
      where o.created_at >= ${span.from} and o.created_at < ${span.until} and ${closedSale()}`.execute(database.db),
    sql<{ identifier: string; value: unknown }>`
      select rp.identifier, sum(rp.value) as value from order_refunds r cross join orders o
      join order_refund_payments rp on rp.order_refund_id = r.id
      where o.id = r.order_id and r.created_at >= ${span.from} and r.created_at < ${span.until} and ${closedSale()}
      group by rp.identifier`.execute(database.db),
  ]);
  const tenders = new Map<string, { identifier: string; payments: number; refunds: number }>();
  const tender = (identifier: string) => tenders.get(identifier) ?? tenders.set(identifier, { identifier, payments: 0, refunds: 0 }).get(identifier)!;
  for (const row of payments.rows) tender(row.identifier).payments += int(row.value);
  for (const row of refunds.rows) tender(row.identifier).refunds += int(row.value);
  return { tenders: [...tenders.values()], change: int(change.rows[0]?.value) };
}

/**
 * The tenders' table: payments (change taken off cash), refunds and what that leaves (the tenders'
 * collected adds up to the figure "collected"), in the payment types' order.
 */
export async function tenderRows(database: Database, sums: TenderSums): Promise<{ rows: ReportRow[]; totals: ReportRow }> {
  const types = await database.db.selectFrom('payment_types').select(['identifier', 'label', 'priority']).execute();
  const tenders = new Map<string, { payments: number; refunds: number }>();
  const tender = (identifier: string) => tenders.get(identifier) ?? tenders.set(identifier, { payments: 0, refunds: 0 }).get(identifier)!;
  for (const row of sums.tenders) Object.assign(tender(row.identifier), { payments: row.payments, refunds: row.refunds });
  if (sums.change !== 0) tender(CASH).payments -= sums.change;
  const order = new Map(types.map((type) => [type.identifier, type]));
  const sorted = [...tenders.entries()].sort(([a], [b]) => (order.get(a)?.priority ?? 1e9) - (order.get(b)?.priority ?? 1e9) || a.localeCompare(b));
  const rows = sorted.map(([identifier, sums]) => ({
    tender: order.get(identifier)?.label ?? identifier,
    payments: toDecimal(sums.payments),
    refunds: toDecimal(sums.refunds),
    collected: toDecimal(sums.payments - sums.refunds),
  }));
  const total = (key: 'payments' | 'refunds') => sorted.reduce((sum, [, sums]) => sum + sums[key], 0);
  return {
    rows,
    totals: {
      tender: 'Total',
      payments: toDecimal(total('payments')),
      refunds: toDecimal(total('refunds')),
      collected: toDecimal(total('payments') - total('refunds')),
    },
  };
}
