import { sql } from 'kysely';
import { toDecimal } from '../../../schemas/money';
import type { ReportRow } from '../../../schemas/reports';
import type { Database } from '../../db';
import type { Span } from './spans';

/**
 * Every refund given and every order voided in the span, oldest first: when, which order, who (the
 * refund's author; for a void, who voided it as the audit trail records), the amount (the refund's, or
 * the voided order's total) and the void's reason.
 */
export async function refundAndVoidRows(database: Database, span: Span): Promise<ReportRow[]> {
  const [refunds, voids] = await Promise.all([
    sql<{ at: string; code: string; username: string | null; amount: unknown }>`
      select r.created_at as at, o.code, u.username, r.total as amount
      from order_refunds r join orders o on o.id = r.order_id left join users u on u.id = r.author_id
      where r.created_at >= ${span.from} and r.created_at < ${span.until}`.execute(database.db),
    sql<{ at: string; code: string; username: string | null; amount: unknown; reason: string | null }>`
      select o.voided_at as at, o.code, o.total as amount, o.void_reason as reason,
        (select a.username from audit_log a where a.action = 'order.void' and a.entity_type = 'order' and a.entity_id = o.id order by a.id desc limit 1) as username
      from orders o
      where o.voided_at >= ${span.from} and o.voided_at < ${span.until}`.execute(database.db),
  ]);
  const rows: ReportRow[] = [
    ...refunds.rows.map((row) => ({ at: row.at, event: 'Refund', order: row.code, cashier: row.username, amount: toDecimal(Number(row.amount)), note: null })),
    ...voids.rows.map((row) => ({
      at: row.at,
      event: 'Void',
      order: row.code,
      cashier: row.username,
      amount: toDecimal(Number(row.amount)),
      note: row.reason,
    })),
  ];
  return rows.sort((a, b) => String(a.at).localeCompare(String(b.at)) || String(a.order).localeCompare(String(b.order)));
}
