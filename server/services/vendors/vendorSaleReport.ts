import type { Database } from '../../db';
import { storedBoundsOf } from '../../db/time';
import { storeTimeZone } from '../options';
import { toDecimal } from '../../../schemas/money';
import type { Period } from '../../../schemas/vendors';
import type { VendorRow } from './vendorAccess';
import { SALE_STATUSES, gatherBalanceTerms, statementAnswer } from './vendorBalance';

/** The vendor's sold lines in the period (type products_report), oldest first. */
async function soldLines(database: Database, vendorNumber: number, period: Period) {
  const { from, until } = storedBoundsOf(period, await storeTimeZone(database.db));
  const rows = await database.db.selectFrom('order_products as op').innerJoin('orders as o', 'o.id', 'op.order_id')
    .select([
      'op.id', 'op.order_id', 'o.code as order_code', 'o.created_at', 'op.name', 'op.quantity', 'op.unit_price', 'op.discount',
      'op.tax_value', 'op.total_price', 'op.total_price_without_tax', 'op.buyer_id',
    ])
    .where('op.vendor_id', '=', vendorNumber)
    .where('o.payment_status', 'in', SALE_STATUSES)
    .where('o.created_at', '>=', from).where('o.created_at', '<', until)
    .orderBy('o.created_at').orderBy('op.id').execute();
  return rows.map((row) => ({
    ...row,
    unit_price: toDecimal(row.unit_price),
    discount: toDecimal(row.discount),
    tax_value: toDecimal(row.tax_value),
    total_price: toDecimal(row.total_price),
    total_price_without_tax: toDecimal(row.total_price_without_tax),
  }));
}

/**
 * POST /smp/reports/vendor-sale-report: the fields spec 03 §7 names (result, vendor.monthly_rent,
 * vendor_monthly_sale_previous.total_net, total_fee, total_credit) plus the statement the balance comes from,
 * so a client shows the server's balance instead of recomputing it.
 */
export async function vendorSaleReport(database: Database, vendor: VendorRow, period: Period) {
  const [result, gathered] = await Promise.all([soldLines(database, vendor.vendor_id, period), gatherBalanceTerms(database, vendor, period)]);
  const statement = statementAnswer(vendor, period, gathered);
  return {
    result,
    vendor: { id: vendor.id, username: vendor.username, vendor_id: vendor.vendor_id, active: vendor.active, ...gathered.lists },
    vendor_monthly_sale_previous: { ...gathered.previousMonth, total_net: toDecimal(gathered.terms.previousMonthNet) },
    total_fee: toDecimal(gathered.terms.fees),
    total_credit: toDecimal(gathered.terms.credits),
    total_balance_payment: toDecimal(gathered.terms.balancePayments),
    statement,
    balance: statement.balance,
  };
}
