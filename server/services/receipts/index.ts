import type { Database } from '../../db';
import type { SessionUser } from '../sessions';
import { readOptions } from '../options';
import type { Paper } from './layout';
import { loadCoupons, loadLines, loadOrder, loadPayment, loadPayments, loadRefund } from './load';
import type { ReceiptSettings } from './parts';
import { renderPaymentReceipt } from './payment';
import { renderRefundReceipt } from './refund';
import { renderSaleReceipt } from './sale';
import { renderZReport } from './zReport';
import { sessionReport } from '../registers';
import { currencySettingsFrom } from '../../../schemas/format';

export type { Paper } from './layout';

async function settingsFor(database: Database, paper: Paper): Promise<ReceiptSettings> {
  const options = await readOptions(database);
  return { storeName: options.ns_store_name, currency: currencySettingsFrom(options), paper, timeZone: options.ns_store_timezone };
}

/** The sale receipt of an order, as a whole HTML page. */
export async function saleReceipt(database: Database, user: SessionUser, orderId: number, paper: Paper): Promise<string> {
  const order = await loadOrder(database, user, orderId);
  const [settings, lines, coupons, payments] = await Promise.all([
    settingsFor(database, paper),
    loadLines(database, order.id),
    loadCoupons(database, order.id),
    loadPayments(database, order.id),
  ]);
  return renderSaleReceipt(settings, { order, lines, coupons, payments });
}

/** The receipt of one order payment. */
export async function paymentReceipt(database: Database, user: SessionUser, paymentId: number, paper: Paper): Promise<string> {
  const { payment, order } = await loadPayment(database, user, paymentId);
  const [settings, payments] = await Promise.all([settingsFor(database, paper), loadPayments(database, order.id)]);
  return renderPaymentReceipt(settings, order, payment, payments);
}

/** The receipt of one refund. */
export async function refundReceipt(database: Database, user: SessionUser, refundId: number, paper: Paper): Promise<string> {
  const data = await loadRefund(database, user, refundId);
  return renderRefundReceipt(await settingsFor(database, paper), data);
}

/** The Z report of a register session (the X report while it is open). */
export async function zReportReceipt(database: Database, sessionId: number, paper: Paper): Promise<string> {
  const [settings, report] = await Promise.all([settingsFor(database, paper), sessionReport(database, sessionId)]);
  return renderZReport(settings, report);
}
