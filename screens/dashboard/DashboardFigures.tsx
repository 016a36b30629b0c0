import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { currencySettingsFrom, formatDate, formatMoney } from '../../schemas/format';
import { fromDecimal } from '../../schemas/money';
import type { DashboardAnswer } from '../../schemas/reports';
import { http } from '../../engine/http';
import { onRealtimeEvent } from '../../engine/realtime';
import { useOptions } from '../../engine/session';
import { StaffFigures } from './StaffFigures';

const QUERY_KEY = ['dashboard-figures'];
const CARD = 'flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 shadow-sm';

/** The dashboard's figures for the signed-in role; refetched whenever an order changes (realtime on). */
export function DashboardFigures() {
  const { data: options } = useOptions();
  const client = useQueryClient();
  const figures = useQuery({ queryKey: QUERY_KEY, queryFn: async () => (await http.get<DashboardAnswer>('/dashboard/figures')).data });
  useEffect(() => onRealtimeEvent('order.changed', () => void client.invalidateQueries({ queryKey: QUERY_KEY })), [client]);

  const settings = options ? currencySettingsFrom(options) : null;
  const money = (amount: number) => (settings ? formatMoney(fromDecimal(amount), settings) : amount.toFixed(2));
  const data = figures.data;
  if (!data || data.role === 'other') return null;
  if (data.role === 'staff') return <StaffFigures figures={data} money={money} />;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <div className={CARD} data-testid="dashboard-vendor-sales">
        <span className="text-xs uppercase tracking-wide text-slate-500">Your sales this month (without tax)</span>
        <span className="text-2xl font-semibold text-slate-800">{money(data.sales)}</span>
      </div>
      <div className={CARD} data-testid="dashboard-vendor-balance">
        <span className="text-xs uppercase tracking-wide text-slate-500">Balance</span>
        <span className="text-2xl font-semibold text-slate-800">{money(data.balance)}</span>
      </div>
      <div className={CARD}>
        <span className="text-xs uppercase tracking-wide text-slate-500">Last payout</span>
        <span className="text-2xl font-semibold text-slate-800">{data.last_payout ? money(data.last_payout.amount) : 'None yet'}</span>
        {data.last_payout ? (
          <span className="text-xs text-slate-500">
            {formatDate(data.last_payout.date)}
            {data.last_payout.method ? `, ${data.last_payout.method}` : ''}
          </span>
        ) : null}
      </div>
    </div>
  );
}
