import { sql, type RawBuilder } from 'kysely';
import { NO_SUMS, type FigureSums, type LineSums } from '../../../../schemas/reports';
import type { Database } from '../../../db';
import { int } from '../spans';

/** A named run of whole store days ('YYYY-MM-DD', both included): every report and dashboard span is one. */
export interface DaySpan {
  key: string;
  startDate: string;
  endDate: string;
}

/** Figure sums from the `author` rows (schemas/reports FigureSums), summed over the rows' own columns. */
const FIGURE_SUMS = sql`sum(t.sales) as orders, sum(t.subtotal) as subtotal, sum(t.line_discounts) as line_discounts,
  sum(t.cart_discounts) as cart_discounts, sum(t.sales_tax) as sales_tax, sum(t.received) as received,
  sum(t.refunds) as refunds, sum(t.refunded_tax) as refunded_tax`;

type FigureRow = Record<'orders' | 'subtotal' | 'line_discounts' | 'cart_discounts' | 'sales_tax' | 'received' | 'refunds' | 'refunded_tax', unknown>;

const figureSumsOf = (row: FigureRow): FigureSums => ({
  orders: int(row.orders),
  subtotal: int(row.subtotal),
  lineDiscounts: int(row.line_discounts),
  cartDiscounts: int(row.cart_discounts),
  salesTax: int(row.sales_tax),
  received: int(row.received),
  refunds: int(row.refunds),
  refundedTax: int(row.refunded_tax),
});

/** The figure sums of each span, in one statement whatever the number of spans (each a range of the primary key). */
export async function summaryFigureSums(database: Database, spans: readonly DaySpan[]): Promise<Map<string, FigureSums>> {
  const result = new Map<string, FigureSums>(spans.map((span) => [span.key, { ...NO_SUMS }]));
  if (spans.length === 0) return result;
  const rows = sql.join(spans.map((span) => sql`(cast(${span.key} as text), cast(${span.startDate} as text), cast(${span.endDate} as text))`));
  const { rows: sums } = await sql<FigureRow & { span: string }>`
    with spans(span, first_day, last_day) as (values ${rows})
    select s.span, ${FIGURE_SUMS} from spans s join report_sums t on t.dim = 'author' and t.day >= s.first_day and t.day <= s.last_day
    group by s.span`.execute(database.db);
  for (const row of sums) result.set(row.span, figureSumsOf(row));
  return result;
}

const inSpan = (dim: string, span: DaySpan) => sql`t.dim = ${dim} and t.day >= ${span.startDate} and t.day <= ${span.endDate}`;

/** The figure sums per staff member (the `author` key): the closed sales they rang, the refunds they gave. */
export async function summaryCashierSums(database: Database, span: DaySpan): Promise<Map<number, FigureSums>> {
  const { rows } = await sql<FigureRow & { author: string }>`
    select t.dim_key as author, ${FIGURE_SUMS} from report_sums t where ${inSpan('author', span)}
    group by t.dim_key having sum(t.sales) > 0 or sum(t.refund_rows) > 0`.execute(database.db);
  return new Map(rows.map((row) => [Number(row.author), figureSumsOf(row)]));
}

/** Per tender: payments received on the closed sales and refunds paid through it; and the change given. */
export async function summaryTenderSums(
  database: Database,
  span: DaySpan,
): Promise<{ tenders: Array<{ identifier: string; payments: number; refunds: number }>; change: number }> {
  const [tenders, change] = await Promise.all([
    sql<{ identifier: string; payments: unknown; refunds: unknown }>`
      select t.dim_key as identifier, sum(t.payments) as payments, sum(t.refunds) as refunds from report_sums t where ${inSpan('tender', span)}
      group by t.dim_key having sum(t.payment_rows) > 0 or sum(t.refund_rows) > 0`.execute(database.db),
    sql<{ change: unknown }>`select sum(t.change_given) as change from report_sums t where ${inSpan('author', span)}`.execute(database.db),
  ]);
  return {
    tenders: tenders.rows.map((row) => ({ identifier: row.identifier, payments: int(row.payments), refunds: int(row.refunds) })),
    change: int(change.rows[0]?.change),
  };
}

export type SummaryLineGroup = 'vendor' | 'category' | 'item';
type Key = string | number | null;

/** The key each line group is read by: the vendor's number, the product's category today, the line's name. */
const GROUPS: Record<SummaryLineGroup, { dim: string; key: RawBuilder<unknown>; join: RawBuilder<unknown> }> = {
  vendor: { dim: 'vendor', key: sql`t.dim_key`, join: sql`` },
  item: { dim: 'item', key: sql`t.dim_key`, join: sql`` },
  category: {
    dim: 'product',
    key: sql`p.category_id`,
    join: sql`left join products p on p.id = cast(nullif(t.dim_key, '') as bigint)`,
  },
};

const keyOf = (group: SummaryLineGroup, value: unknown): Key => {
  if (group === 'item') return String(value ?? '');
  return value === null || value === undefined || value === '' ? null : Number(value);
};

/** The line figures of each group over the span: lines of closed sales made in it, lines refunded in it. */
export async function summaryLineSums(database: Database, group: SummaryLineGroup, span: DaySpan): Promise<Array<{ key: Key } & LineSums>> {
  const { dim, key, join } = GROUPS[group];
  const { rows } = await sql<{ k: unknown; quantity: unknown; gross: unknown; discounts: unknown; refunds: unknown }>`
    select ${key} as k, sum(t.quantity) as quantity, sum(t.gross) as gross, sum(t.discounts) as discounts, sum(t.refunds) as refunds
    from report_sums t ${join} where ${inSpan(dim, span)}
    group by ${key} having sum(t.line_rows) > 0 or sum(t.refund_rows) > 0`.execute(database.db);
  return rows.map((row) => ({
    key: keyOf(group, row.k),
    quantity: Number(row.quantity ?? 0),
    gross: int(row.gross),
    discounts: int(row.discounts),
    refunds: int(row.refunds),
  }));
}
