import { Readable } from 'node:stream';
import { wallClock, instantOf } from '../../../schemas/format/businessTime';
import type { ReportAnswer, ReportColumn, Cell } from '../../../schemas/reports';
import { csvLine } from '../../crud/csv';

const pad = (value: number) => String(value).padStart(2, '0');

/** A stored instant as the store's wall clock, 'YYYY-MM-DD HH:mm', as the screens show it. */
function localTime(value: string, zone: string): string {
  const clock = wallClock(instantOf(value), zone);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)} ${pad(clock.hour)}:${pad(clock.minute)}`;
}

function cell(column: ReportColumn, value: Cell | undefined, zone: string, precision: number): Cell {
  if (value === null || value === undefined) return null;
  if (column.type === 'money' && typeof value === 'number') return value.toFixed(precision);
  if (column.type === 'datetime' && typeof value === 'string') return localTime(value, zone);
  return value;
}

/** The report as CSV, written line by line as the response reads it: the header, the rows, then the totals row. */
export function reportCsv(report: ReportAnswer, zone: string, precision: number): Readable {
  const { columns } = report;
  function* lines() {
    yield csvLine(columns.map((column) => column.label));
    for (const row of report.rows) yield csvLine(columns.map((column) => cell(column, row[column.key], zone, precision)));
    if (report.totals) yield csvLine(columns.map((column) => cell(column, report.totals![column.key], zone, precision)));
  }
  return Readable.from(lines());
}

/** The download's file name: the report and its days. */
export function reportFileName(report: ReportAnswer): string {
  return `${report.kind}_${report.period.startDate}_${report.period.endDate}.csv`;
}
