import { formatDateTime } from '../../schemas/format';
import type { Compared, StaffDashboard } from '../../schemas/reports';

const CARD = 'flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 shadow-sm';

/** "+12.5 %" against the compared figure; nothing when there was nothing to compare with. */
function change({ current, previous }: Compared): string {
  if (previous === 0) return '';
  const percent = ((current - previous) / Math.abs(previous)) * 100;
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)} %`;
}

function Figure({ label, value, compared, previous, testId }: { label: string; value: string; compared: Compared; previous: string; testId: string }) {
  return (
    <div className={CARD} data-testid={testId}>
      <span className="text-xs uppercase tracking-wide text-slate-500">{label}</span>
      <span className="text-2xl font-semibold text-slate-800">{value}</span>
      <span className="text-xs text-slate-500">
        {previous} {change(compared)}
      </span>
    </div>
  );
}

function List({ title, children, empty }: { title: string; children: React.ReactNode[]; empty: string }) {
  return (
    <div className={CARD}>
      <h2 className="text-sm font-semibold text-slate-700">{title}</h2>
      {children.length === 0 ? <p className="text-sm text-slate-500">{empty}</p> : <ul className="flex flex-col gap-1 text-sm text-slate-700">{children}</ul>}
    </div>
  );
}

/** The store at a glance for staff: the server computes every figure (schemas/reports), this only lays them out. */
export function StaffFigures({ figures, money }: { figures: StaffDashboard; money: (amount: number) => string }) {
  const { day, month } = figures;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure
          testId="dashboard-today-sales"
          label="Today's net sales"
          value={money(day.net_sales.current)}
          compared={day.net_sales}
          previous={`${day.compared_with}: ${money(day.net_sales.previous)}`}
        />
        <Figure
          testId="dashboard-today-orders"
          label="Sales today"
          value={String(day.orders.current)}
          compared={day.orders}
          previous={`${day.compared_with}: ${day.orders.previous}`}
        />
        <Figure
          testId="dashboard-today-basket"
          label="Average basket"
          value={money(day.average_basket.current)}
          compared={day.average_basket}
          previous={`${day.compared_with}: ${money(day.average_basket.previous)}`}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure
          testId="dashboard-month-sales"
          label="Month to date"
          value={money(month.net_sales.current)}
          compared={month.net_sales}
          previous={`${month.compared_with.startDate} – ${month.compared_with.endDate}: ${money(month.net_sales.previous)}`}
        />
        <Figure
          testId="dashboard-month-orders"
          label="Sales this month"
          value={String(month.orders.current)}
          compared={month.orders}
          previous={`last month: ${month.orders.previous}`}
        />
        <Figure
          testId="dashboard-month-basket"
          label="Average basket this month"
          value={money(month.average_basket.current)}
          compared={month.average_basket}
          previous={`last month: ${money(month.average_basket.previous)}`}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <List title="Top vendors this month" empty="No sales yet this month.">
          {figures.top_vendors.map((entry) => (
            <li key={entry.vendor} className="flex justify-between gap-2">
              <span>{entry.vendor}</span>
              <span className="tabular-nums">{money(entry.net_sales)}</span>
            </li>
          ))}
        </List>
        <List title="Top items this month" empty="No sales yet this month.">
          {figures.top_items.map((entry) => (
            <li key={entry.item} className="flex justify-between gap-2">
              <span>
                {entry.item} × {entry.quantity}
              </span>
              <span className="tabular-nums">{money(entry.net_sales)}</span>
            </li>
          ))}
        </List>
        <List title="Layaways due today" empty="No instalment is due today.">
          {figures.layaways_due_today.map((entry) => (
            <li key={entry.order} className="flex justify-between gap-2">
              <span>
                {entry.order} {entry.customer ?? ''}
              </span>
              <span className="tabular-nums">{money(entry.amount)}</span>
            </li>
          ))}
        </List>
        <List title="Open registers" empty="No register is open.">
          {figures.open_registers.map((entry) => (
            <li key={entry.id} className="flex justify-between gap-2">
              <span>
                {entry.register} ({entry.opened_by}, since {formatDateTime(entry.opened_at)})
              </span>
              <span className="tabular-nums">{money(entry.opening)}</span>
            </li>
          ))}
        </List>
        <div className={CARD} data-testid="dashboard-alerts">
          <h2 className="text-sm font-semibold text-slate-700">Sales alerts waiting</h2>
          <span className="text-2xl font-semibold text-slate-800">{figures.pending_sales_alerts}</span>
        </div>
      </div>
    </div>
  );
}
