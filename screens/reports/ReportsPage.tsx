import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { currencySettingsFrom, formatMoney } from '../../schemas/format';
import { fromDecimal } from '../../schemas/money';
import { REPORTS, reportPeriodErrors, type ReportAnswer, type ReportKind } from '../../schemas/reports';
import { monthOf, todayUtc, type Period } from '../../schemas/vendors';
import { INPUT_CLASSES } from '../../engine/fields';
import { API_BASE_URL, http, messageOf } from '../../engine/http';
import { useOptions } from '../../engine/session';
import { FigureDefinitions } from './FigureDefinitions';
import { ReportTable } from './ReportTable';

// recharts is loaded only when a report with a chart is shown.
const ReportChart = lazy(() => import('./ReportChart'));

const TAB = 'rounded-md px-3 py-1.5 text-sm font-medium';

/** The reports: pick one, pick the store's days, read the table (and chart), download it as CSV. */
export function ReportsPage() {
  const { data: options } = useOptions();
  const [kind, setKind] = useState<ReportKind>('sales-by-day');
  const [period, setPeriod] = useState<Period>(() => monthOf(todayUtc()));
  const errors = reportPeriodErrors(period, todayUtc());
  const report = useQuery({
    queryKey: ['report', kind, period.startDate, period.endDate],
    enabled: errors === null,
    queryFn: async () => (await http.get<ReportAnswer>(`/reports/${kind}`, { params: period })).data,
  });
  const settings = options ? currencySettingsFrom(options) : null;
  const money = (amount: number) => (settings ? formatMoney(fromDecimal(amount), settings) : amount.toFixed(2));
  const chosen = REPORTS.find((entry) => entry.kind === kind)!;
  const csvUrl = `${API_BASE_URL}/reports/${kind}/csv?${new URLSearchParams({ startDate: period.startDate, endDate: period.endDate })}`;
  const error = errors ? Object.values(errors)[0]![0] : null;

  return (
    <section className="flex flex-col gap-4" aria-labelledby="reports-title">
      <h1 id="reports-title" className="text-2xl font-semibold text-slate-800">
        Reports
      </h1>
      <nav className="flex flex-wrap gap-2" aria-label="Reports">
        {REPORTS.map((entry) => (
          <button
            key={entry.kind}
            type="button"
            aria-pressed={entry.kind === kind}
            className={`${TAB} ${entry.kind === kind ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50'}`}
            onClick={() => setKind(entry.kind)}
          >
            {entry.title}
          </button>
        ))}
      </nav>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          From
          <input type="date" className={INPUT_CLASSES} value={period.startDate} onChange={(event) => setPeriod({ ...period, startDate: event.target.value })} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          To
          <input type="date" className={INPUT_CLASSES} value={period.endDate} onChange={(event) => setPeriod({ ...period, endDate: event.target.value })} />
        </label>
        <a
          href={csvUrl}
          download
          aria-disabled={error !== null}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Export CSV
        </a>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <FigureDefinitions />
      <h2 className="text-lg font-medium text-slate-800">{chosen.title}</h2>
      {report.isError && (
        <p role="alert" className="text-sm text-red-700">
          {messageOf(report.error)}
        </p>
      )}
      {report.data && chosen.chart && report.data.rows.length > 0 && (
        <Suspense fallback={<div className="h-64" />}>
          <ReportChart
            type={chosen.chart.type}
            rows={report.data.rows}
            label={chosen.chart.label}
            value={chosen.chart.value}
            valueLabel={chosen.columns.find((column) => column.key === chosen.chart.value)!.label}
          />
        </Suspense>
      )}
      {report.data ? <ReportTable report={report.data} money={money} /> : !report.isError && !error && <p className="text-slate-500">Loading…</p>}
    </section>
  );
}
