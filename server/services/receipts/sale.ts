import { html, type SafeHtml } from './html';
import { receiptPage } from './layout';
import type { ReceiptLine, ReceiptOrder, ReceiptPayment } from './load';
import { dateTime, footer, header, metaTable, money, quantity, statusLabel, totalsTable, type ReceiptSettings, type TotalRow } from './parts';
import { formatNumber } from '../../../schemas/format';
import { toDecimal } from '../../../schemas/money';
import { leftToPay } from '../../../schemas/orders/rules';

export interface SaleReceiptData {
  order: ReceiptOrder;
  lines: ReceiptLine[];
  coupons: Array<{ name: string; value: number }>;
  payments: ReceiptPayment[];
}

/** 80 mm: each line on two rows (name, then vendor and quantity × price … total). */
function compactLines(settings: ReceiptSettings, lines: readonly ReceiptLine[]): SafeHtml {
  return html`<table class="lines"><tbody>${lines.map(
    (line) => html`
<tr class="item"><td colspan="2">${line.name}</td></tr>
<tr><td class="sub">${line.vendor ? html`${line.vendor} · ` : ''}${quantity(line.quantity)} × ${money(settings, line.unit_price)}${
      line.discount > 0 ? html`<br>Discount -${money(settings, line.discount)}` : ''
    }${
      line.tax_value > 0 ? html`<br>${line.tax_type === 'inclusive' ? 'Incl. tax' : 'Tax'} ${money(settings, line.tax_value)}` : ''
    }</td><td class="num">${money(settings, line.total_price)}</td></tr>`,
  )}
</tbody></table>`;
}

/** A4: the order preview's columns (spec 03 §2): vendor, description, price, quantity, discount, tax, total. */
function fullLines(settings: ReceiptSettings, lines: readonly ReceiptLine[]): SafeHtml {
  return html`<table class="lines"><thead><tr><th>Vendor</th><th>Description</th><th class="num">Price</th><th class="num">Quantity</th><th class="num">Discount</th><th class="num">Tax</th><th class="num">Total</th></tr></thead>
<tbody>${lines.map((line) => html`<tr class="item"><td>${line.vendor ?? ''}</td><td>${line.name}</td><td class="num">${money(settings, line.unit_price)}</td><td class="num">${quantity(line.quantity)}</td><td class="num">${money(settings, line.discount)}</td><td class="num">${money(settings, line.tax_value)}</td><td class="num">${money(settings, line.total_price)}</td></tr>`)}</tbody></table>`;
}

function discountLabel(order: ReceiptOrder): string {
  if (order.discount_type !== 'percentage') return 'Discount';
  return `Discount (${formatNumber(toDecimal(order.discount_percentage))}%)`;
}

/** Totals, payments, then change or what is still due. Rows that would read 0 are left out, as on the preview. */
function saleTotals(settings: ReceiptSettings, { order, lines, coupons, payments }: SaleReceiptData): TotalRow[] {
  const m = (amount: number) => money(settings, amount);
  const rows: TotalRow[] = [{ label: 'Subtotal', value: m(order.subtotal) }];
  if (order.discount > 0) rows.push({ label: discountLabel(order), value: `-${m(order.discount)}` });
  for (const coupon of coupons) rows.push({ label: `Coupon ${coupon.name}`, value: `-${m(coupon.value)}` });
  if (coupons.length === 0 && order.total_coupons > 0) rows.push({ label: 'Coupons', value: `-${m(order.total_coupons)}` });
  // Inclusive tax is already inside the prices: say so, or the rows would not add up to the total.
  const included = lines.every((line) => line.tax_value === 0 || line.tax_type === 'inclusive');
  if (order.total_tax_value > 0) rows.push({ label: included ? 'Taxes (included)' : 'Taxes', value: m(order.total_tax_value) });
  if (order.shipping > 0) rows.push({ label: 'Shipping', value: m(order.shipping) });
  if (order.cardfee > 0) rows.push({ label: 'Card Fee', value: m(order.cardfee) });
  if (order.roundup !== 0) rows.push({ label: 'Round Up', value: m(order.roundup) });
  rows.push({ label: 'Total', value: m(order.total), grand: true });
  for (const payment of payments) rows.push({ label: payment.label, value: m(payment.value) });
  rows.push({ label: 'Paid', value: m(order.tendered) });
  // Change handed back stays given: an order can show change and still owe money after a higher total.
  const due = leftToPay(order);
  if (order.change > 0) rows.push({ label: 'Change', value: m(order.change) });
  if (due > 0) rows.push({ label: 'Unpaid', value: m(due) });
  return rows;
}

/** GET /receipts/sale/{order id}. */
export function renderSaleReceipt(settings: ReceiptSettings, data: SaleReceiptData): string {
  const { order } = data;
  const body = html`${header(settings, 'Sale Receipt')}
${metaTable([
  ['Order', order.code],
  ['Date', dateTime(settings, order.created_at)],
  ['Cashier', order.cashier],
  ['Customer', order.customer],
  ['Register', order.register],
  ['Status', statusLabel(order.payment_status)],
  ['Check Number', order.check_number],
])}
${settings.paper === 'a4' ? fullLines(settings, data.lines) : compactLines(settings, data.lines)}
${totalsTable(saleTotals(settings, data))}
${order.note ? html`<p class="note">${order.note}</p>` : ''}
${footer('Thank you for your purchase.')}`;
  return receiptPage(`Sale Receipt ${order.code}`, settings.paper, body);
}
