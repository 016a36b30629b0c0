import { sql, type Compilable, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../../db/schema';
import { batchable } from '../../../db/batch';
import { listSlots, statementTemplate } from '../../../db/template';
import { timeZoneOption } from '../../options';
import type { OrderRows, Parts } from './parts';

type Db = Kysely<DB> | Transaction<DB>;

export interface Row {
  src: string;
  order_id: unknown;
  id: unknown;
  n1: unknown;
  n2: unknown;
  n3: unknown;
  n4: unknown;
  n5: unknown;
  n6: unknown;
  n7: unknown;
  t1: string | null;
  t2: string | null;
}

const num = (value: unknown) => Number(value ?? 0);
const orNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export interface OrderRowsRead {
  rows: Map<number, OrderRows>;
  stored: Map<number, Parts>;
  zone: string;
}

/**
 * The rows the parts of `ids` are computed from, as one UNION ALL statement (one round trip on PostgreSQL
 * whatever the order's size; a caller may send it in its own read batch), with each order's stored parts when
 * `withStored`, and the store's time zone. `src` names the list; the other columns mean what each branch selects.
 */
export function orderRowsQuery(db: Db, ids: readonly number[], withStored: boolean): Compilable<Row> {
  return orderRowsTemplate(db, { o: ids }, `${withStored ? 'stored:' : ''}${ids.length}`);
}

/** orderRowsQuery compiled once per number of orders, with or without their stored parts (server/db/template.ts). */
const orderRowsTemplate = statementTemplate((db, values: Record<string, unknown>, variant: string) => {
  const withStored = variant.startsWith('stored:');
  const list = sql.join(listSlots(values, 'o', Number(variant.replace('stored:', ''))).map((id) => sql`${id}`));
  const big = (value: unknown) => sql`cast(${value} as bigint)`;
  const storedParts = withStored
    ? sql`union all
    select 'parts', s.order_id, null, null, null, null, null, null, null, null, null, s.parts from report_order_parts s where s.order_id in (${list})`
    : sql``;
  const query = sql<Row>`
    select 'order' as src, ${big(sql`o.id`)} as order_id, ${big(sql`o.id`)} as id, ${big(sql`o.author_id`)} as n1, ${big(sql`o.total`)} as n2,
      ${big(sql`o.tendered`)} as n3, ${big(sql`o.change`)} as n4, ${big(sql`o.subtotal`)} as n5, ${big(sql`o.discount + o.total_coupons`)} as n6,
      ${big(sql`o.total_tax_value`)} as n7, cast(o.created_at as text) as t1, cast(o.payment_status as text) as t2
    from orders o where o.id in (${list})
    union all
    select 'line', op.order_id, op.id, op.vendor_id, op.product_id, op.quantity, op.discount, op.total_price + op.discount, op.discount + op.order_discount, null, null, op.name
    from order_products op where op.order_id in (${list})
    union all
    select 'refund', r.order_id, r.id, r.author_id, r.total, null, null, null, null, null, r.created_at, null
    from order_refunds r where r.order_id in (${list})
    union all
    select 'refunded', r.order_id, rp.order_refund_id, rp.order_product_id, rp.total_price, rp.tax_value, null, null, null, null, null, null
    from order_refunded_products rp join order_refunds r on r.id = rp.order_refund_id where r.order_id in (${list})
    union all
    select 'payment', p.order_id, p.id, p.value, null, null, null, null, null, null, null, p.identifier
    from order_payments p where p.order_id in (${list})
    union all
    select 'refund_payment', p.order_id, p.order_refund_id, p.value, null, null, null, null, null, null, null, p.identifier
    from order_refund_payments p where p.order_id in (${list})
    union all
    select 'zone', 0, null, null, null, null, null, null, null, null, null, (select x.value from options x where x.key = 'ns_store_timezone')
    ${storedParts}`;
  return batchable(db, query);
});

/** readOrderRows: orderRowsQuery sent alone, its rows made into each order's rows. */
export async function readOrderRows(db: Db, ids: readonly number[], withStored: boolean): Promise<OrderRowsRead> {
  if (ids.length === 0) return { rows: new Map(), stored: new Map(), zone: timeZoneOption(null) };
  return orderRowsOf((await db.executeQuery(orderRowsQuery(db, ids, withStored).compile())).rows);
}

/** The rows of orderRowsQuery as each order's rows, its stored parts and the store's zone. */
export function orderRowsOf(resultRows: readonly Row[]): OrderRowsRead {
  const rows = new Map<number, OrderRows>();
  const stored = new Map<number, Parts>();
  let zone = timeZoneOption(null);
  const result = { rows: resultRows };
  const of = (id: number) => rows.get(id);
  for (const row of result.rows.filter((entry) => entry.src === 'order')) {
    rows.set(num(row.order_id), {
      order: {
        created_at: row.t1!,
        author_id: num(row.n1),
        payment_status: row.t2!,
        total: num(row.n2),
        tendered: num(row.n3),
        change: num(row.n4),
        subtotal: num(row.n5),
        cart_discounts: num(row.n6),
        total_tax_value: num(row.n7),
      },
      lines: [],
      refunds: [],
      refundedLines: [],
      payments: [],
      refundPayments: [],
    });
  }
  for (const row of result.rows) {
    const orderId = num(row.order_id);
    if (row.src === 'zone') {
      zone = timeZoneOption(row.t2);
      continue;
    }
    if (row.src === 'parts') {
      stored.set(orderId, JSON.parse(String(row.t2)) as Parts);
      continue;
    }
    const order = of(orderId);
    if (!order) continue;
    if (row.src === 'line')
      order.lines.push({
        id: num(row.id),
        vendor_id: orNull(row.n1),
        product_id: orNull(row.n2),
        quantity: num(row.n3),
        line_discount: num(row.n4),
        gross: num(row.n5),
        discounts: num(row.n6),
        name: row.t2,
      });
    else if (row.src === 'refund') order.refunds.push({ id: num(row.id), author_id: num(row.n1), total: num(row.n2), created_at: row.t1! });
    else if (row.src === 'refunded')
      order.refundedLines.push({ order_refund_id: num(row.id), order_product_id: num(row.n1), total_price: num(row.n2), tax_value: num(row.n3) });
    else if (row.src === 'payment') order.payments.push({ identifier: row.t2!, value: num(row.n1) });
    else if (row.src === 'refund_payment') order.refundPayments.push({ order_refund_id: num(row.id), identifier: row.t2!, value: num(row.n1) });
  }
  return { rows, stored, zone };
}
