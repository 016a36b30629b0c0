import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * "My Sales": every line a vendor sold, as a view the CRUD engine lists, pages, filters by store day and
 * exports (schemas/crud/vendor-sales.json, scoped to the signed-in vendor's number).
 *
 * - net_price: what the line sold for after its own discount and its share of the cart's
 *   (total_price − order_discount, as the sale report's net_price).
 * - credited: what the vendor sales ledger has credited the vendor for the line so far (without tax,
 *   following the money collected), the figure the statement's commission is taken on.
 * - commission: credited × the commission rate in force on the day the line was first credited (the
 *   store's business day of the ledger row; the line's UTC day before any credit; the earliest entry when
 *   none had started), truncated to ten-thousandths as schemas/money percentOf does: the rate is stored in
 *   ten-thousandths of a percent, so credited × rate ÷ 1,000,000. The statement rounds once per rate over
 *   the month, so its total may differ from the sum of these by rounding; the statement is the account.
 *
 * Lines of voided, parked and fully refunded orders are left out, as the sale report leaves them out.
 * The list reads one vendor's lines in a period through order_products_vendor_created_idx; each line's
 * credit is summed through vendor_sales_line_idx (the ledger had no index by line before).
 */
export function vendorSoldLines(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('vendor_sales_line_idx').on('vendor_sales').columns(['order_product_id', 'vendor_id', 'kind', 'date']).execute();
      await sql`create view vendor_sold_lines as
        select l.*, (l.credited * l.commission_rate) / 1000000 as commission from (
          select op.id, op.vendor_id, op.order_id, o.code as order_code, op.name, op.quantity, op.unit_price,
            op.total_price - op.order_discount as net_price, o.payment_status, op.created_at, op.updated_at,
            cast(coalesce((select sum(s.amount) from vendor_sales s
              where s.order_product_id = op.id and s.vendor_id = op.vendor_id and s.kind = 'sale'), 0) as bigint) as credited,
            coalesce(
              (select f.value from vendor_fees f where f.vendor_id = op.vendor_id and f.name = 'commission'
                and f.start <= coalesce((select min(s.date) from vendor_sales s where s.order_product_id = op.id and s.vendor_id = op.vendor_id and s.kind = 'sale'), substr(op.created_at, 1, 10))
                order by f.start desc, f.id desc limit 1),
              (select f.value from vendor_fees f where f.vendor_id = op.vendor_id and f.name = 'commission' order by f.start, f.id limit 1),
              0) as commission_rate
          from order_products op inner join orders o on o.id = op.order_id
          where op.vendor_id is not null and o.payment_status in ('paid', 'partially_paid', 'unpaid', 'partially_refunded')
        ) l`.execute(db);
    },
  };
}
