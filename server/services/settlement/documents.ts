import type { Database } from '../../db';
import { notFound } from '../../errors';
import { fromDecimal } from '../../../schemas/money';
import { currencySettingsFrom } from '../../../schemas/format';
import { ACTION_LABELS, METHOD_LABELS } from '../../../schemas/settlement';
import { readOptions } from '../options';
import { html, type SafeHtml } from '../receipts/html';
import { receiptPage } from '../receipts/layout';
import { dateTime, footer, header, metaTable, money, totalsTable, type ReceiptSettings } from '../receipts/parts';
import { runView } from './runs';
import { payoutAnswer } from './payoutAnswer';

/**
 * The settlement's printed pages, through the receipts' printing (server-rendered HTML in a hidden frame):
 * every vendor's statement of a run (one A4 page each, the store's header), and a payout slip or invoice.
 * Figures come from the run's answer; nothing is computed here.
 */

async function settingsOf(database: Database): Promise<ReceiptSettings> {
  const options = await readOptions(database);
  return { storeName: options.ns_store_name, currency: currencySettingsFrom(options), paper: 'a4', timeZone: options.ns_store_timezone };
}

const amount = (settings: ReceiptSettings, value: number) => money(settings, fromDecimal(value));

/** GET /settlement/runs/{id}/statements: one page per vendor. */
export async function runStatementsPage(database: Database, runId: number): Promise<string> {
  const [view, settings] = await Promise.all([runView(database, runId), settingsOf(database)]);
  const { startDate, endDate } = view.run.period;
  const pages: SafeHtml[] = view.vendors.map(
    (vendor, index) => html`<section class="statement" style="${index < view.vendors.length - 1 ? 'break-after:page;page-break-after:always' : ''}">
${header(settings, 'Vendor Statement')}
${metaTable([
  ['Vendor', `${vendor.username} (#${vendor.vendor_id})`],
  ['Period', `${startDate} to ${endDate}`],
  ['Commission rate', `${vendor.commission_rate} %`],
  ['Settlement', `#${view.run.id}${view.run.status === 'reopened' ? ' (reopened)' : ''}`],
])}
${totalsTable([
  ...vendor.lines.map((line) => ({ label: `${line.sign < 0 ? '−' : '+'} ${line.label}`, value: amount(settings, line.amount) })),
  { label: 'Balance', value: amount(settings, vendor.balance), grand: true },
  { label: 'Paid out', value: amount(settings, vendor.paid) },
  { label: 'Invoiced', value: amount(settings, vendor.invoiced) },
  { label: 'Carried to the next period', value: amount(settings, vendor.owed), grand: true },
])}
${vendor.payouts.length > 0 ? payoutsTable(settings, vendor.payouts) : ''}
<p class="note">${ACTION_LABELS[vendor.action]}</p>
</section>`,
  );
  return receiptPage(`Vendor statements ${startDate} to ${endDate}`, 'a4', html`${pages.length > 0 ? pages : html`<p>No vendors.</p>`}`);
}

function payoutsTable(settings: ReceiptSettings, payouts: ReadonlyArray<ReturnType<typeof payoutAnswer>>): SafeHtml {
  return html`<table class="lines"><thead><tr><th>Payout</th><th>Reference</th><th>Status</th><th class="num">Amount</th></tr></thead><tbody>${payouts.map(
    (payout) =>
      html`<tr><td>${payout.kind === 'invoice' ? 'Invoice' : METHOD_LABELS[payout.method ?? 'cash']}</td><td>${payout.reference ?? ''}</td><td>${payout.status}</td><td class="num">${amount(settings, payout.amount)}</td></tr>`,
  )}</tbody></table>`;
}

/** GET /settlement/payouts/{id}/document: the cheque's or transfer's slip, or the invoice of what a vendor owes. */
export async function payoutPage(database: Database, payoutId: number): Promise<string> {
  const row = await database.db
    .selectFrom('vendor_payouts')
    .innerJoin('settlement_runs', 'settlement_runs.id', 'vendor_payouts.run_id')
    .leftJoin('users', (join) => join.onRef('users.vendor_id', '=', 'vendor_payouts.vendor_id').on('users.role', '=', 'vendor'))
    .selectAll('vendor_payouts')
    .select(['settlement_runs.period_start', 'settlement_runs.through', 'users.username'])
    .where('vendor_payouts.id', '=', payoutId)
    .executeTakeFirst();
  if (!row) throw notFound('This payout does not exist.');
  const settings = await settingsOf(database);
  const payout = payoutAnswer(row);
  const invoice = payout.kind === 'invoice';
  const title = invoice ? `Invoice #${payout.id}` : `Vendor Payout #${payout.id}`;
  const body = html`${header(settings, title)}
${metaTable([
  [invoice ? 'Billed to' : 'Pay to', `${row.username ?? 'Vendor'} (#${payout.vendor_id})`],
  ['Period', `${row.period_start} to ${row.through}`],
  ['Method', invoice ? null : METHOD_LABELS[payout.method ?? 'cash']],
  [payout.method === 'cheque' ? 'Cheque number' : 'Reference', payout.reference],
  ['Recorded', dateTime(settings, payout.created_at)],
  ['Printed', payout.print_count > 1 ? `${payout.print_count} times` : null],
  ['Status', payout.status],
])}
${totalsTable([
  { label: invoice ? 'Amount due to the store' : 'Amount paid', value: amount(settings, payout.amount), grand: true },
  ...(payout.advance > 0 ? [{ label: 'Of which an advance', value: amount(settings, payout.advance) }] : []),
])}
${payout.memo ? html`<p class="note">${payout.memo}</p>` : ''}
${footer(invoice ? 'Please pay this invoice at the store office.' : 'Vendor signature: ______________________')}`;
  return receiptPage(title, 'a4', body);
}
