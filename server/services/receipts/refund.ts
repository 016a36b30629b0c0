import { html, type SafeHtml } from './html';
import { receiptPage } from './layout';
import type { ReceiptOrder, ReceiptRefund, ReceiptRefundedLine } from './load';
import { dateTime, footer, header, metaTable, money, quantity, totalsTable, type ReceiptSettings, type TotalRow } from './parts';

export interface RefundReceiptData {
  order: ReceiptOrder;
  refund: ReceiptRefund;
  products: ReceiptRefundedLine[];
  payments: Array<{ label: string; value: number }>;
}

const CONDITION_LABELS: Record<ReceiptRefundedLine['condition'], string> = { damaged: 'Damaged', unspoiled: 'Unspoiled' };

/** Name, condition, quantity and total of each refunded product (spec 03 §2 refund details). */
function refundedLines(settings: ReceiptSettings, products: readonly ReceiptRefundedLine[]): SafeHtml {
  return html`<table class="lines"><thead><tr><th>Product</th><th>Condition</th><th class="num">Qty</th><th class="num">Total</th></tr></thead>
<tbody>${products.map((line) => html`<tr class="item"><td>${line.name}${line.description ? html`<div class="sub">${line.description}</div>` : ''}</td><td><span class="badge">${CONDITION_LABELS[line.condition] ?? line.condition}</span></td><td class="num">${quantity(line.quantity)}</td><td class="num">${money(settings, line.total_price)}</td></tr>`)}</tbody></table>`;
}

/** GET /receipts/refund/{refund id}. */
export function renderRefundReceipt(settings: ReceiptSettings, { order, refund, products, payments }: RefundReceiptData): string {
  const m = (amount: number) => money(settings, amount);
  const rows: TotalRow[] = [];
  if (refund.shipping > 0) rows.push({ label: 'Shipping Refunded', value: m(refund.shipping) });
  rows.push({ label: 'Total Refunded', value: m(refund.total), grand: true });
  for (const payment of payments) rows.push({ label: payment.label, value: m(payment.value) });
  const body = html`${header(settings, 'Refund Receipt')}
${metaTable([
  ['Order', order.code],
  ['Order Date', dateTime(settings, order.created_at)],
  ['Refund Date', dateTime(settings, refund.created_at)],
  ['By', refund.author],
  ['Customer', order.customer],
  ['Register', refund.register],
])}
${refundedLines(settings, products)}
${totalsTable(rows)}
${footer('Keep this receipt with your refund.')}`;
  return receiptPage(`Refund Receipt ${order.code}`, settings.paper, body);
}
