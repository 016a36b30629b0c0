import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { currencySettingsFrom, formatDate, formatMoney } from '../../schemas/format';
import { fromDecimal } from '../../schemas/money';
import { ACTION_LABELS } from '../../schemas/settlement';
import { BALANCE_LINES } from '../../schemas/vendors';
import { openPopup, PromptPopup, type PromptAnswer, type PromptPopupProps } from '../../engine/popups';
import { printInHiddenFrame } from '../../engine/printing';
import { useCan, useOptions } from '../../engine/session';
import { exportUrl, fetchRun, reopenRun, statementsUrl, type RunAnswer, type RunVendor } from './settlementApi';
import { PayoutForm } from './PayoutForm';
import { PayoutRows } from './PayoutRows';
import { BUTTON } from './styles';

/** One settlement run: every vendor's balance terms, what was paid and is left, payouts, printing and export. */
export function RunView({ runId }: { runId: number }) {
  const queryClient = useQueryClient();
  const { data: options } = useOptions();
  const canReopen = useCan('settlement.reopen');
  const canManage = useCan('settlement.manage');
  const query = useQuery({ queryKey: ['settlement-run', runId], queryFn: () => fetchRun(runId) });
  const [paying, setPaying] = useState<RunVendor | null>(null);
  const settings = options ? currencySettingsFrom(options) : null;
  const money = (amount: number) => (settings ? formatMoney(fromDecimal(amount), settings) : amount.toFixed(2));
  const data = query.data;
  if (!data) return <p className="text-sm text-slate-500">Loading…</p>;
  const { run } = data;
  const open = run.status === 'closed' && run.latest && canManage;

  const refresh = (answer?: RunAnswer) => {
    if (answer) queryClient.setQueryData(['settlement-run', runId], answer);
    void queryClient.invalidateQueries({ queryKey: ['settlement-run', runId] });
    void queryClient.invalidateQueries({ queryKey: ['settlement-runs'] });
  };

  async function reopen() {
    let answer: PromptAnswer;
    try {
      answer = await openPopup<PromptAnswer, PromptPopupProps>(PromptPopup, { title: 'Reopen Period', message: 'Why is this period reopened?', input: 'text' });
    } catch {
      return;
    }
    try {
      refresh(await reopenRun(runId, answer.value));
    } catch {
      // the error snackbar shows the refusal
    }
  }

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold text-slate-800">
          Settlement #{run.id}: {formatDate(run.period.startDate)} – {formatDate(run.period.endDate)}
        </h2>
        <span className="text-sm text-slate-600">{run.status === 'closed' ? 'Closed' : `Reopened: ${run.reopen_reason ?? ''}`}</span>
        <div className="ml-auto flex gap-2">
          <button type="button" className={BUTTON} onClick={() => printInHiddenFrame(statementsUrl(run.id))}>
            Print All Statements
          </button>
          <a className={BUTTON} href={exportUrl(run.id)} download>
            Export CSV
          </a>
          {canReopen && run.status === 'closed' && run.latest && (
            <button type="button" className={BUTTON} onClick={() => void reopen()}>
              Reopen Period
            </button>
          )}
        </div>
      </div>
      <p className="text-sm text-slate-600">
        Minimum payout {money(data.options.minimum_payout)}; negative balances are{' '}
        {data.options.negative_balances === 'invoice' ? 'invoiced' : 'carried forward'}.
      </p>
      <div className="overflow-x-auto">
        <table aria-label="Vendors" className="w-full text-right text-sm">
          <thead>
            <tr className="text-slate-500">
              <th className="py-1 text-left">Vendor</th>
              {BALANCE_LINES.map((line) => (
                <th key={line.term} className="px-1 font-normal">
                  {line.sign < 0 ? '−' : '+'} {line.label}
                </th>
              ))}
              <th className="px-1">Balance</th>
              <th className="px-1">Paid</th>
              <th className="px-1">Invoiced</th>
              <th className="px-1">Left</th>
              <th className="px-1 text-left">Action</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.vendors.map((vendor) => (
              <tr key={vendor.vendor_id} data-vendor={vendor.vendor_id} className="border-t border-slate-100">
                <th scope="row" className="py-1 text-left font-medium text-slate-800">
                  {vendor.username} (#{vendor.vendor_id})
                </th>
                {vendor.lines.map((line) => (
                  <td key={line.term} className="px-1 font-mono">
                    {money(line.amount)}
                  </td>
                ))}
                <td className="px-1 font-mono font-semibold" data-testid="balance">
                  {money(vendor.balance)}
                </td>
                <td className="px-1 font-mono" data-testid="paid">
                  {money(vendor.paid)}
                </td>
                <td className="px-1 font-mono">{money(vendor.invoiced)}</td>
                <td className="px-1 font-mono" data-testid="owed">
                  {money(vendor.owed)}
                </td>
                <td className="px-1 text-left">{ACTION_LABELS[vendor.action]}</td>
                <td className="px-1">
                  {open && (vendor.action === 'invoice' || vendor.available > 0) && (
                    <button type="button" className={BUTTON} onClick={() => setPaying(vendor)}>
                      {vendor.action === 'invoice' ? 'Invoice' : 'Pay'}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-slate-300 font-semibold">
              <th scope="row" className="py-1 text-left">
                Totals
              </th>
              <td colSpan={BALANCE_LINES.length} />
              <td className="px-1 font-mono">{money(data.totals.balance)}</td>
              <td className="px-1 font-mono">{money(data.totals.paid)}</td>
              <td className="px-1 font-mono">{money(data.totals.invoiced)}</td>
              <td className="px-1 font-mono">{money(data.totals.owed)}</td>
              <td colSpan={2} />
            </tr>
          </tfoot>
        </table>
      </div>
      {paying && open && (
        <PayoutForm
          key={paying.vendor_id}
          runId={run.id}
          vendor={paying}
          invoices={data.options.negative_balances === 'invoice'}
          onDone={() => {
            setPaying(null);
            refresh();
          }}
          onCancel={() => setPaying(null)}
        />
      )}
      <PayoutRows vendors={data.vendors} money={money} editable={canManage && run.status === 'closed'} latest={run.latest} onChange={() => refresh()} />
    </div>
  );
}
