import { html, type SafeHtml } from './html';
import type { Paper } from './layout';
import { formatDateTime, formatMoney, formatNumber, type CurrencySettings } from '../../../schemas/format';
import type { Money } from '../../../schemas/money';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '../../../schemas/paymentStatus';

/** What every receipt renderer needs besides its data. */
export interface ReceiptSettings {
  storeName: string;
  currency: CurrencySettings;
  paper: Paper;
  /** The store's zone: receipts show times on the store's clock. */
  timeZone: string;
}

export const money = (settings: ReceiptSettings, amount: Money) => formatMoney(amount, settings.currency);
export const quantity = (value: number) => formatNumber(value);
export const dateTime = (settings: ReceiptSettings, value: string) => formatDateTime(value, settings.timeZone);
export const statusLabel = (status: PaymentStatus) => PAYMENT_STATUS_LABELS[status] ?? status;

/** Store name and the receipt's title. */
export function header(settings: ReceiptSettings, title: string): SafeHtml {
  return html`<header><h1>${settings.storeName}</h1><h2>${title}</h2></header>`;
}

/** Label/value rows about the order; rows without a value are left out. */
export function metaTable(rows: ReadonlyArray<[label: string, value: string | null | undefined]>): SafeHtml {
  const kept = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  return html`<table class="meta"><tbody>${kept.map(([label, value]) => html`<tr><td>${label}</td><td>${value}</td></tr>`)}</tbody></table>`;
}

export interface TotalRow {
  label: string;
  value: string;
  grand?: boolean;
}

/** The summary under the lines: label on the left, amount on the right. */
export function totalsTable(rows: readonly TotalRow[]): SafeHtml {
  return html`<table class="totals"><tbody>${rows.map(
    (row) => html`<tr class="${row.grand ? 'grand' : ''}"><td>${row.label}</td><td class="num">${row.value}</td></tr>`,
  )}</tbody></table>`;
}

export function footer(text: string): SafeHtml {
  return html`<footer>${text}</footer>`;
}
