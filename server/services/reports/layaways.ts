import { toDecimal } from '../../../schemas/money';
import type { ReportRow } from '../../../schemas/reports';
import type { Database } from '../../db';

/** Orders that still collect instalments: not void, not held, not paid off. */
const COLLECTING = ['unpaid', 'partially_paid', 'partially_refunded'] as const;

/**
 * Unpaid instalments of open layaways due on or before `until` (the report's last day; from `from` on when
 * given), oldest first: "Overdue" when due before the store's today, "Due" from today on.
 */
export async function layawayRows(database: Database, due: { from?: string; until: string }, today: string): Promise<ReportRow[]> {
  let query = database.db
    .selectFrom('order_instalments as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .leftJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['i.date', 'i.amount', 'o.code', 'c.first_name', 'c.last_name'])
    .where('i.paid', '=', 0)
    .where('i.date', '<=', due.until)
    .where('o.payment_status', 'in', COLLECTING)
    .orderBy('i.date')
    .orderBy('o.code');
  if (due.from !== undefined) query = query.where('i.date', '>=', due.from);
  const rows = await query.execute();
  return rows.map((row) => ({
    due_date: row.date,
    status: row.date < today ? 'Overdue' : 'Due',
    order: row.code,
    customer: [row.first_name, row.last_name].filter(Boolean).join(' ') || null,
    amount: toDecimal(row.amount),
  }));
}
