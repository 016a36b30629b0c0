import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '../../schemas/format';
import { INPUT_CLASSES } from '../../engine/fields';
import { showSnackbar } from '../../engine/notices';
import { createRun, fetchRuns } from './settlementApi';
import { RunView } from './RunView';
import { BUTTON, PRIMARY_BUTTON } from './styles';

/**
 * Month-end settlement (menu Vendors → Settlement): run a settlement through a date (default: the end of
 * last month on the store's calendar, as the server answers it), list past runs, open one to pay vendors.
 */
export function SettlementPage() {
  const queryClient = useQueryClient();
  const runs = useQuery({ queryKey: ['settlement-runs'], queryFn: fetchRuns });
  const [through, setThrough] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const data = runs.data;
  const date = through ?? data?.default_through ?? '';

  async function run() {
    setBusy(true);
    try {
      const answer = await createRun(date);
      queryClient.setQueryData(['settlement-run', answer.run.id], answer);
      await queryClient.invalidateQueries({ queryKey: ['settlement-runs'] });
      setSelected(answer.run.id);
      showSnackbar({ message: `Vendors settled through ${formatDate(answer.run.period.endDate)}.`, variant: 'success' });
    } catch {
      // the client's error snackbar shows the server's refusal
    } finally {
      setBusy(false);
    }
  }

  const current = selected ?? data?.runs.find((entry) => entry.status === 'closed')?.id ?? null;
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-slate-800">Month-End Settlement</h1>
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Pay vendors through
          <input type="date" className={INPUT_CLASSES} value={date} onChange={(event) => setThrough(event.target.value)} />
        </label>
        <button type="button" className={PRIMARY_BUTTON} disabled={busy || !date} onClick={() => void run()}>
          Run Settlement
        </button>
        {data && (
          <p className="text-sm text-slate-600" data-testid="closed-through">
            {data.closed_through
              ? `Closed through ${formatDate(data.closed_through)}; the next settlement starts ${formatDate(data.next_start)}.`
              : 'No period is closed yet.'}
          </p>
        )}
      </div>
      {data && data.runs.length > 0 && (
        <table aria-label="Settlements" className="w-full text-left text-sm">
          <thead>
            <tr className="text-slate-500">
              <th className="py-1">Settlement</th>
              <th>Period</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.runs.map((entry) => (
              <tr key={entry.id} className={`border-t border-slate-100 ${entry.id === current ? 'bg-sky-50' : ''}`}>
                <td className="py-1">#{entry.id}</td>
                <td>
                  {formatDate(entry.period.startDate)} – {formatDate(entry.period.endDate)}
                </td>
                <td>{entry.status === 'closed' ? 'Closed' : 'Reopened'}</td>
                <td className="text-right">
                  <button type="button" className={BUTTON} onClick={() => setSelected(entry.id)}>
                    Open
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {current !== null && <RunView runId={current} />}
    </section>
  );
}
