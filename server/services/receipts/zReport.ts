import { html } from './html';
import { receiptPage } from './layout';
import { dateTime, footer, header, metaTable, money, totalsTable, type ReceiptSettings, type TotalRow } from './parts';
import { fromDecimal } from '../../../schemas/money';
import type { ZReport } from '../../../schemas/registers';

const ACCEPTANCE_LABELS: Record<ZReport['session']['acceptance'], string | null> = {
  not_needed: null,
  awaiting: 'Awaiting a manager',
  accepted: 'Accepted',
};

/** GET /receipts/z-report/{session id}: the session's report as the server answers it (stored once the session is closed). */
export function renderZReport(settings: ReceiptSettings, report: ZReport): string {
  const m = (amount: number) => money(settings, fromDecimal(amount));
  const { session, orders, drawer } = report;
  const closed = session.status === 'closed';
  const section = (title: string) => html`<h2>${title}</h2>`;
  const drawerRows: TotalRow[] = [
    { label: 'Opening Count', value: m(drawer.opening) },
    { label: 'Cash Sales', value: m(drawer.cash_sales) },
    { label: 'Change Given', value: `−${m(drawer.change)}` },
    { label: 'Cash Refunds', value: `−${m(drawer.cash_refunds)}` },
    { label: 'Cash In', value: m(drawer.cash_in) },
    { label: 'Cash Out', value: `−${m(drawer.cash_out)}` },
  ];
  if (drawer.corrections !== 0) drawerRows.push({ label: 'Deleted Cash Payments', value: m(drawer.corrections) });
  drawerRows.push({ label: 'Expected Cash', value: m(drawer.expected), grand: true });
  if (drawer.counted !== null && drawer.difference !== null) {
    drawerRows.push({ label: 'Counted Cash', value: m(drawer.counted) });
    const label = drawer.difference > 0 ? 'Over' : drawer.difference < 0 ? 'Short' : 'Over/Short';
    drawerRows.push({ label, value: m(Math.abs(drawer.difference)), grand: true });
  }
  const body = html`${header(settings, closed ? 'Z Report' : 'X Report (Register Open)')}
${metaTable([
  ['Register', session.register.name],
  ['Session', `#${session.id}`],
  ['Opened', `${dateTime(settings, session.opened_at)} · ${session.opened_by}`],
  ['Closed', session.closed_at ? `${dateTime(settings, session.closed_at)} · ${session.closed_by ?? ''}` : null],
  ['First Order', orders.first ? `${orders.first.code} · ${dateTime(settings, orders.first.created_at)}` : null],
  ['Last Order', orders.last ? `${orders.last.code} · ${dateTime(settings, orders.last.created_at)}` : null],
])}
${section('Sales')}
${totalsTable([
  { label: 'Orders', value: String(orders.count) },
  { label: 'Voided Orders', value: String(orders.voided) },
  { label: 'Sales Total', value: m(orders.total), grand: true },
  { label: 'Taxes', value: m(orders.taxes) },
  { label: 'Orders Left On Hold', value: String(orders.held) },
])}
${section('Sales By Tender')}
${totalsTable(report.sales_by_tender.map((row) => ({ label: `${row.label} (${row.count})`, value: m(row.amount) })))}
${section('Refunds')}
${totalsTable([
  { label: 'Refunds', value: String(report.refunds.count) },
  ...report.refunds.by_tender.map((row) => ({ label: row.label, value: m(row.amount) })),
  { label: 'Total Refunded', value: m(report.refunds.total), grand: true },
])}
${section('Cash Movements')}
<table class="lines"><tbody>${report.cash_moves.map(
    (move) =>
      html`<tr class="item"><td>${move.type === 'in' ? 'In' : 'Out'}: ${move.reason}<div class="sub">${dateTime(settings, move.created_at)} · ${move.author}</div></td><td class="num">${move.type === 'in' ? '' : '−'}${m(move.amount)}</td></tr>`,
  )}</tbody></table>
${section('Cash Drawer')}
${totalsTable(drawerRows)}
${session.closing_note ? html`<p class="note">Note: ${session.closing_note}</p>` : ''}
${ACCEPTANCE_LABELS[session.acceptance] ? html`<p class="note">Difference: ${ACCEPTANCE_LABELS[session.acceptance]}${session.accepted_by ? ` by ${session.accepted_by}` : ''}${session.acceptance_note ? ` — ${session.acceptance_note}` : ''}</p>` : ''}
${footer(closed ? 'End of Z report.' : 'The register is still open: these figures will change.')}`;
  return receiptPage(`${closed ? 'Z Report' : 'X Report'} ${session.register.name} #${session.id}`, settings.paper, body);
}
