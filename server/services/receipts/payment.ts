import { html } from './html';
import { receiptPage } from './layout';
import type { ReceiptOrder, ReceiptPayment } from './load';
import { dateTime, footer, header, metaTable, money, statusLabel, totalsTable, type ReceiptSettings } from './parts';
import { sum } from '../../../schemas/money';
import { leftToPay } from '../../../schemas/orders/rules';

/** GET /receipts/payment/{payment id}: that payment, then where the order stands (total, paid so far, balance). */
export function renderPaymentReceipt(settings: ReceiptSettings, order: ReceiptOrder, payment: ReceiptPayment, payments: readonly ReceiptPayment[]): string {
  const m = (amount: number) => money(settings, amount);
  const paid = sum(payments.map((entry) => entry.value));
  const balance = leftToPay({ total: order.total, tendered: paid, change: order.change });
  const body = html`${header(settings, 'Payment Receipt')}
${metaTable([
  ['Order', order.code],
  ['Order Date', dateTime(settings, order.created_at)],
  ['Payment Date', dateTime(settings, payment.created_at)],
  ['Cashier', payment.author ?? order.cashier],
  ['Customer', order.customer],
  ['Check Number', order.check_number],
])}
${totalsTable([
  { label: payment.label, value: m(payment.value), grand: true },
  { label: 'Order Total', value: m(order.total) },
  { label: 'Paid', value: m(paid) },
  { label: balance > 0 ? 'Balance Due' : 'Balance', value: m(balance) },
  { label: 'Status', value: statusLabel(order.payment_status) },
])}
${footer('Thank you for your payment.')}`;
  return receiptPage(`Payment Receipt ${order.code}`, settings.paper, body);
}
