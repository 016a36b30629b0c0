import { sql, type RawBuilder } from 'kysely';
import { nextDate } from '../../../schemas/format/businessTime';
import { UNPAID_THRESHOLD } from '../../../schemas/orders/paymentStatus';
import { CLOSED_SALE_STATUSES } from '../../../schemas/reports';
import type { Period } from '../../../schemas/vendors';
import { storedBoundsOf } from '../../db/time';

/** A named span of stored instants: rows at or after `from` and before `until` belong to it. */
export interface Span {
  key: string;
  from: string;
  until: string;
}

/** One span per business day of the period, keyed by the day ('YYYY-MM-DD'). */
export function daySpans(period: Period, zone: string): Span[] {
  const spans: Span[] = [];
  for (let day = period.startDate; day <= period.endDate; day = nextDate(day))
    spans.push({ key: day, ...storedBoundsOf({ startDate: day, endDate: day }, zone) });
  return spans;
}

/** The whole period as one span. */
export function periodSpan(key: string, period: Period, zone: string): Span {
  return { key, ...storedBoundsOf(period, zone) };
}

/**
 * `with spans(span, span_from, span_until) as (values …)`: joined on a timestamp column, each span is one
 * range scan of that column's index (a day, a month), and a row in two overlapping spans counts in both.
 */
export function spansTable(spans: readonly Span[]): RawBuilder<unknown> {
  const rows = spans.map((span) => sql`(cast(${span.key} as text), cast(${span.from} as text), cast(${span.until} as text))`);
  return sql`spans(span, span_from, span_until) as (values ${sql.join(rows)})`;
}

/** The closed-sale rule of schemas/reports on the order aliased `o` (paid in full, refunded since or not). */
export const closedSale = (alias = 'o'): RawBuilder<unknown> =>
  sql`${sql.ref(`${alias}.payment_status`)} in (${sql.join(CLOSED_SALE_STATUSES.map((status) => sql.lit(status)))}) and ${sql.ref(`${alias}.total`)} - (${sql.ref(`${alias}.tendered`)} - ${sql.ref(`${alias}.change`)}) < ${sql.lit(UNPAID_THRESHOLD)}`;

/** Integer sums come back as text or null from some drivers and for empty groups: a number, 0 for none. */
export const int = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
