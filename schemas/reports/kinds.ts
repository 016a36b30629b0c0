/** How a report cell is shown and written to CSV: money as a decimal, a count, a day, a stored instant, text. */
export type ColumnType = 'text' | 'date' | 'datetime' | 'money' | 'count' | 'quantity';

export interface ReportColumn {
  key: string;
  label: string;
  type: ColumnType;
}

const money = (key: string, label: string): ReportColumn => ({ key, label, type: 'money' });
const LINE_FIGURES: ReportColumn[] = [
  { key: 'quantity', label: 'Quantity', type: 'quantity' },
  money('gross_sales', 'Gross sales'),
  money('discounts', 'Discounts'),
  money('refunds', 'Refunds'),
  money('net_sales', 'Net sales'),
];

/**
 * The reports, as const: the route's parameter, the screen's menu of reports, the table's columns and the
 * CSV header all read this table. `chart` names the column drawn (a line by day, bars by group).
 */
export const REPORTS = [
  {
    kind: 'sales-by-day',
    title: 'Sales by day',
    columns: [
      { key: 'date', label: 'Date', type: 'date' },
      { key: 'orders', label: 'Sales', type: 'count' },
      money('gross_sales', 'Gross sales'),
      money('discounts', 'Discounts'),
      money('refunds', 'Refunds'),
      money('net_sales', 'Net sales'),
      money('taxes', 'Taxes'),
      money('collected', 'Collected'),
    ],
    chart: { type: 'line', label: 'date', value: 'net_sales' },
  },
  {
    kind: 'sales-by-tender',
    title: 'Sales by tender',
    columns: [{ key: 'tender', label: 'Tender', type: 'text' }, money('payments', 'Received'), money('refunds', 'Refunded'), money('collected', 'Collected')],
    chart: null,
  },
  {
    kind: 'sales-by-vendor',
    title: 'Sales by vendor',
    columns: [{ key: 'vendor', label: 'Vendor', type: 'text' }, ...LINE_FIGURES],
    chart: { type: 'bar', label: 'vendor', value: 'net_sales' },
  },
  { kind: 'sales-by-category', title: 'Sales by category', columns: [{ key: 'category', label: 'Category', type: 'text' }, ...LINE_FIGURES], chart: null },
  {
    kind: 'sales-by-cashier',
    title: 'Sales by cashier',
    columns: [
      { key: 'cashier', label: 'Cashier', type: 'text' },
      { key: 'orders', label: 'Sales', type: 'count' },
      money('gross_sales', 'Gross sales'),
      money('discounts', 'Discounts'),
      money('refunds', 'Refunds'),
      money('net_sales', 'Net sales'),
      money('average_basket', 'Average basket'),
    ],
    chart: null,
  },
  {
    kind: 'taxes',
    title: 'Taxes collected',
    columns: [{ key: 'date', label: 'Date', type: 'date' }, money('sales_tax', 'Tax on sales'), money('refunded_tax', 'Tax refunded'), money('taxes', 'Taxes')],
    chart: null,
  },
  {
    kind: 'refunds-and-voids',
    title: 'Refunds and voids',
    columns: [
      { key: 'at', label: 'Date', type: 'datetime' },
      { key: 'event', label: 'Event', type: 'text' },
      { key: 'order', label: 'Order', type: 'text' },
      { key: 'cashier', label: 'By', type: 'text' },
      money('amount', 'Amount'),
      { key: 'note', label: 'Note', type: 'text' },
    ],
    chart: null,
  },
  { kind: 'top-items', title: 'Top items', columns: [{ key: 'item', label: 'Item', type: 'text' }, ...LINE_FIGURES], chart: null },
  {
    kind: 'layaways',
    title: 'Layaways due and overdue',
    columns: [
      { key: 'due_date', label: 'Due', type: 'date' },
      { key: 'status', label: 'Status', type: 'text' },
      { key: 'order', label: 'Order', type: 'text' },
      { key: 'customer', label: 'Customer', type: 'text' },
      money('amount', 'Amount'),
    ],
    chart: null,
  },
] as const satisfies ReadonlyArray<{
  kind: string;
  title: string;
  columns: readonly ReportColumn[];
  chart: { type: 'line' | 'bar'; label: string; value: string } | null;
}>;

export type ReportKind = (typeof REPORTS)[number]['kind'];
export const REPORT_KINDS = REPORTS.map((report) => report.kind) as ReportKind[];

export function reportOf(kind: ReportKind) {
  return REPORTS.find((report) => report.kind === kind)!;
}

/** How many top items the top-items report lists. */
export const TOP_ITEMS = 20;

export type Cell = string | number | null;
export type ReportRow = Record<string, Cell>;

/** GET /reports/{kind}: money as decimals; `totals` is the sum row where one makes sense. */
export interface ReportAnswer {
  kind: ReportKind;
  title: string;
  period: { startDate: string; endDate: string };
  columns: ReportColumn[];
  rows: ReportRow[];
  totals: ReportRow | null;
}
