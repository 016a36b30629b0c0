import { nextDate } from '../../../schemas/format/businessTime';
import { toDecimal } from '../../../schemas/money';
import {
  addSums,
  figuresOf,
  lineFiguresOf,
  NO_SUMS,
  reportOf,
  TOP_ITEMS,
  type Figures,
  type ReportAnswer,
  type ReportKind,
  type ReportRow,
} from '../../../schemas/reports';
import type { Period } from '../../../schemas/vendors';
import type { Database } from '../../db';
import { storeTimeZone, storeToday } from '../options';
import { cashierSums } from './cashiers';
import { refundAndVoidRows } from './events';
import { categoryLabels, vendorLabels } from './labels';
import { layawayRows } from './layaways';
import { ranked, type GroupSums, type LineGroup } from './lineSums';
import { periodSpan } from './spans';
import { summaryCashierSums, summaryFigureSums, summaryLineSums, summaryTenderSums, type DaySpan } from './summary';
import { tenderRows } from './tenders';

type Rows = { rows: ReportRow[]; totals: ReportRow | null };

/** Money figures as decimals, the count as it is. */
const shown = (figures: Figures): Record<keyof Figures, number> => ({
  gross_sales: toDecimal(figures.gross_sales),
  discounts: toDecimal(figures.discounts),
  refunds: toDecimal(figures.refunds),
  net_sales: toDecimal(figures.net_sales),
  taxes: toDecimal(figures.taxes),
  collected: toDecimal(figures.collected),
  orders: figures.orders,
  average_basket: toDecimal(figures.average_basket),
});

/** One span per day of the period, keyed by the day. */
function daysOf(period: Period): DaySpan[] {
  const days: DaySpan[] = [];
  for (let day = period.startDate; day <= period.endDate; day = nextDate(day)) days.push({ key: day, startDate: day, endDate: day });
  return days;
}

async function byDay(database: Database, period: Period): Promise<Rows> {
  const spans = daysOf(period);
  const sums = await summaryFigureSums(database, spans);
  const rows = spans.map((span) => ({ date: span.key, ...shown(figuresOf(sums.get(span.key)!)) }));
  const total = [...sums.values()].reduce(addSums, NO_SUMS);
  return { rows, totals: { date: 'Total', ...shown(figuresOf(total)) } };
}

async function taxes(database: Database, period: Period): Promise<Rows> {
  const spans = daysOf(period);
  const sums = await summaryFigureSums(database, spans);
  const row = (date: string, salesTax: number, refundedTax: number) => ({
    date,
    sales_tax: toDecimal(salesTax),
    refunded_tax: toDecimal(refundedTax),
    taxes: toDecimal(salesTax - refundedTax),
  });
  const total = [...sums.values()].reduce(addSums, NO_SUMS);
  return {
    rows: spans.map((span) => row(span.key, sums.get(span.key)!.salesTax, sums.get(span.key)!.refundedTax)),
    totals: row('Total', total.salesTax, total.refundedTax),
  };
}

const LABEL_KEY: Record<LineGroup, string> = { vendor: 'vendor', category: 'category', item: 'item' };

async function byLines(database: Database, group: LineGroup, span: DaySpan, limit?: number): Promise<Rows> {
  const groups = ranked(
    (await summaryLineSums(database, group, span)).map(({ key, ...sums }) => ({ keys: [key], ...sums })),
    0,
    limit,
  );
  const keys = groups.map((entry) => entry.key);
  const label =
    group === 'vendor'
      ? await vendorLabels(database, keys as Array<number | null>)
      : group === 'category'
        ? await categoryLabels(database, keys as Array<number | null>)
        : (key: string | number | null) => String(key ?? '');
  const asRow = (name: string, sums: Omit<GroupSums, 'key'>) => {
    const figures = lineFiguresOf(sums);
    return {
      [LABEL_KEY[group]]: name,
      quantity: figures.quantity,
      gross_sales: toDecimal(figures.gross_sales),
      discounts: toDecimal(figures.discounts),
      refunds: toDecimal(figures.refunds),
      net_sales: toDecimal(figures.net_sales),
    };
  };
  const rows = groups.map((entry) => asRow(label(entry.key as never), entry));
  if (limit !== undefined) return { rows, totals: null };
  const total = groups.reduce(
    (sum, entry) => ({
      quantity: sum.quantity + entry.quantity,
      gross: sum.gross + entry.gross,
      discounts: sum.discounts + entry.discounts,
      refunds: sum.refunds + entry.refunds,
    }),
    { quantity: 0, gross: 0, discounts: 0, refunds: 0 },
  );
  return { rows, totals: asRow('Total', total) };
}

async function byCashier(database: Database, span: DaySpan): Promise<Rows> {
  const cashiers = await cashierSums(database, await summaryCashierSums(database, span));
  const row = (cashier: string, figures: Figures) => {
    const { orders, gross_sales, discounts, refunds, net_sales, average_basket } = shown(figures);
    return { cashier, orders, gross_sales, discounts, refunds, net_sales, average_basket };
  };
  const total = cashiers.reduce((sum, entry) => addSums(sum, entry.sums), NO_SUMS);
  return { rows: cashiers.map((entry) => row(entry.username, figuresOf(entry.sums))), totals: row('Total', figuresOf(total)) };
}

/** One report over the period (the store's days), as the table the screen shows and the CSV export writes. */
export async function runReport(database: Database, kind: ReportKind, period: Period): Promise<ReportAnswer> {
  // The sums come from the day summaries (every span is whole store days); the lists read their rows.
  const span: DaySpan = { key: 'period', ...period };
  const rows = await (async (): Promise<Rows> => {
    switch (kind) {
      case 'sales-by-day':
        return byDay(database, period);
      case 'sales-by-tender':
        return tenderRows(database, await summaryTenderSums(database, span));
      case 'sales-by-vendor':
        return byLines(database, 'vendor', span);
      case 'sales-by-category':
        return byLines(database, 'category', span);
      case 'sales-by-cashier':
        return byCashier(database, span);
      case 'taxes':
        return taxes(database, period);
      case 'refunds-and-voids':
        return { rows: await refundAndVoidRows(database, periodSpan('period', period, await storeTimeZone(database.db))), totals: null };
      case 'top-items':
        return byLines(database, 'item', span, TOP_ITEMS);
      case 'layaways':
        return { rows: await layawayRows(database, { until: period.endDate }, await storeToday(database.db)), totals: null };
    }
  })();
  const report = reportOf(kind);
  return { kind, title: report.title, period, columns: [...report.columns], ...rows };
}
