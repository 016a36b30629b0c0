import { formatDateTime } from '../../schemas/format';
import type { ReportAnswer, ReportColumn, Cell } from '../../schemas/reports';

/** One cell as the screen shows it: money through the store's format, instants in the store's zone. */
function shown(column: ReportColumn, value: Cell | undefined, money: (amount: number) => string): string {
  if (value === null || value === undefined) return '';
  if (column.type === 'money' && typeof value === 'number') return money(value);
  if (column.type === 'datetime' && typeof value === 'string') return formatDateTime(value);
  return String(value);
}

const numeric = (column: ReportColumn) => column.type === 'money' || column.type === 'count' || column.type === 'quantity';

/** The report's rows and totals row, columns as the server declares them. */
export function ReportTable({ report, money }: { report: ReportAnswer; money: (amount: number) => string }) {
  const cellClass = (column: ReportColumn) => `px-3 py-2 ${numeric(column) ? 'text-right tabular-nums' : 'text-left'}`;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-sm" data-testid="report-table">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {report.columns.map((column) => (
              <th key={column.key} scope="col" className={cellClass(column)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 && (
            <tr>
              <td colSpan={report.columns.length} className="px-3 py-4 text-center text-slate-500">
                Nothing in this period.
              </td>
            </tr>
          )}
          {report.rows.map((row, index) => (
            <tr key={index} className="border-t border-slate-100">
              {report.columns.map((column) => (
                <td key={column.key} className={cellClass(column)}>
                  {shown(column, row[column.key], money)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {report.totals && (
          <tfoot className="border-t-2 border-slate-300 font-semibold">
            <tr data-testid="report-totals">
              {report.columns.map((column) => (
                <td key={column.key} className={cellClass(column)}>
                  {shown(column, report.totals![column.key], money)}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
