import type { Database } from '../../db';
import { storedBoundsOf } from '../../db/time';
import { storeTimeZone } from '../options';
import { toDecimal } from '../../../schemas/money';
import type { Period } from '../../../schemas/vendors';
import type { VendorRow } from './vendorAccess';
import { withoutTaxPart } from '../../../schemas/orders/allocation';
import { CREDITED_STATUSES } from '../../../schemas/vendors/vendorCredit';
import { gatherBalanceTerms, statementAnswer } from './vendorBalance';

/**
 * The vendor's sold lines in the period (type products_report), oldest first, with the line's share of the
 * cart discount and coupons (`order_discount`), what it sold for after it (`net_price`, and without tax in
 * the line's own ratio, `net_price_without_tax`) and what the vendor has been credited for it so far
 * (`credited`: the customer's money collected on it, without tax, from the vendor sales ledger).
 */
async function soldLines(database: Database, vendorNumber: number, period: Period) {
  const { from, until } = storedBoundsOf(period, await storeTimeZone(database.db));
  const rows = await database.db
    .selectFrom('order_products as op')
    .innerJoin('orders as o', 'o.id', 'op.order_id')
    .select([
      'op.id',
      'op.order_id',
      'o.code as order_code',
      'o.created_at',
      'op.name',
      'op.quantity',
      'op.unit_price',
      'op.discount',
      'op.tax_value',
      'op.total_price',
      'op.total_price_without_tax',
      'op.order_discount',
      'op.buyer_id',
      (eb) =>
        eb
          .selectFrom('vendor_sales as s')
          .select((inner) => inner.fn.sum<number>('s.amount').as('t'))
          .whereRef('s.order_product_id', '=', 'op.id')
          .where('s.vendor_id', '=', vendorNumber)
          .where('s.kind', '=', 'sale')
          .as('credited'),
    ])
    .where('op.vendor_id', '=', vendorNumber)
    .where('o.payment_status', 'in', CREDITED_STATUSES)
    .where('o.created_at', '>=', from)
    .where('o.created_at', '<', until)
    .orderBy('o.created_at')
    .orderBy('op.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    order_discount: toDecimal(row.order_discount),
    net_price: toDecimal(row.total_price - row.order_discount),
    net_price_without_tax: toDecimal(
      withoutTaxPart(row.total_price - row.order_discount, { totalPrice: row.total_price, totalWithoutTax: row.total_price_without_tax }),
    ),
    credited: toDecimal(Number(row.credited ?? 0)),
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
