import { sql, type CompiledQuery, type Kysely, type Selectable, type Transaction } from 'kysely';
import { readBatch, type BatchRows } from '../../db/batch';
import type { DB, OrdersTable } from '../../db/schema';
import { timeZoneOption } from '../options';
import type { Money } from '../../../schemas/money';
import { ACCOUNT_PAYMENT } from '../../../schemas/orders/api';
import type { TaxType } from '../../../schemas/orders/tax';

/**
 * Everything the recomputation of an order and its vendor sales ledger read, in one batch whatever the
 * order's size (one statement on PostgreSQL, server/db/batch.ts): the order row with its money sums and the
 * store's time zone, and its lines, cart coupons, booked ledger rows and account refunds in one UNION ALL. On
 * PostgreSQL each statement is a round trip that waits its turn behind other clients' reads, so the count
 * matters more than the statements' size.
 */

type Db = Kysely<DB> | Transaction<DB>;

export interface MoneyLine {
  id: number;
  total_price: Money;
  tax_value: Money;
  tax_type: TaxType;
  total_price_without_tax: Money;
  order_discount: Money;
  /** The line's part of product and category coupons (order_products.total_product_coupons). */
  coupons: Money;
  vendor_id: number | null;
  buyer_id: number | null;
  /** Money refunded on the line so far, by refunds of either type. */
  refunded: Money;
}

export interface BookedSale {
  order_product_id: number;
  vendor_id: number;
  kind: 'sale' | 'purchase';
  total: Money;
}

export interface MoneyState {
  order: Selectable<OrdersTable>;
  paymentsTotal: Money;
  refundsTotal: Money;
  /** Paid through a vendor's account. */
  accountPaid: Money;
  /** The store's time zone, for the business date of ledger rows. */
  zone: string;
  /** By id. */
  lines: MoneyLine[];
  cartCoupons: Money[];
  booked: BookedSale[];
  /** Refunds paid back into a vendor's account, oldest first. */
  accountRefunds: Money[];
}

const sumOf = (value: unknown) => Number(value ?? 0);

/** The order's money state, or undefined when the order does not exist. */
export async function readMoneyState(db: Db, orderId: number): Promise<MoneyState | undefined> {
  const read = await readBatch(db, moneyStateReads(db, orderId));
  return moneyStateOf(read);
}

/**
 * The two reads behind readMoneyState, for a caller that sends them in its own batch (server/db/batch.ts)
 * beside other reads; moneyStateOf makes the state of their rows.
 */
export function moneyStateReads(db: Db, orderId: number) {
  const order = db
    .selectFrom('orders as o')
    .selectAll('o')
    .select((eb) => [
      eb
        .selectFrom('order_payments as p')
        .select((inner) => inner.fn.sum<number>('p.value').as('s'))
        .whereRef('p.order_id', '=', 'o.id')
        .as('payments_total'),
      eb
        .selectFrom('order_refunds as f')
        .select((inner) => inner.fn.sum<number>('f.total').as('s'))
        .whereRef('f.order_id', '=', 'o.id')
        .as('refunds_total'),
      eb
        .selectFrom('order_payments as a')
        .select((inner) => inner.fn.sum<number>('a.value').as('s'))
        .whereRef('a.order_id', '=', 'o.id')
        .where('a.identifier', '=', ACCOUNT_PAYMENT)
        .as('account_paid'),
      eb.selectFrom('options').select('value').where('key', '=', 'ns_store_timezone').as('zone_option'),
    ])
    .where('o.id', '=', orderId);

  // One shape for four lists: src names the list; the other columns mean what each branch selects. A line's
  // refunded money is summed once per order, as in the order answer's lines (answerLines.ts).
  const lists = sql<MoneyListRow>`
    select 'line' as src, op.id as id, op.total_price as a, op.tax_value as b, op.total_price_without_tax as c, op.order_discount as d,
      op.vendor_id as e, op.buyer_id as f,
      rf.g, op.tax_type as t, null as ord, op.total_product_coupons as h
    from order_products op
    left join (select order_product_id, sum(total_price) as g from order_refunded_products where order_id = ${orderId} group by order_product_id) rf
      on rf.order_product_id = op.id
    where op.order_id = ${orderId}
    union all
    select 'coupon', c.id, c.value, null, null, null, null, null, null, null, null, null
    from order_coupons c where c.order_id = ${orderId} and c.order_product_id is null
    union all
    select 'booked', s.order_product_id, sum(s.amount), null, null, null, s.vendor_id, null, null, s.kind, null, null
    from vendor_sales s where s.order_id = ${orderId} group by s.order_product_id, s.vendor_id, s.kind
    union all
    select 'account_refund', p.id, p.value, null, null, null, null, null, null, null, p.created_at, null
    from order_refund_payments p where p.order_id = ${orderId} and p.identifier = ${ACCOUNT_PAYMENT}
    order by 1, 11, 2`;
  const moneyLists = { compile: (): CompiledQuery<MoneyListRow> => lists.compile(db) };
  return { moneyOrder: order, moneyLists };
}

interface MoneyListRow {
  src: string;
  id: number;
  a: unknown;
  b: unknown;
  c: unknown;
  d: unknown;
  e: number | null;
  f: number | null;
  g: unknown;
  t: string | null;
  h: unknown;
}

/** The money state from the rows of moneyStateReads; undefined when the order does not exist. */
export function moneyStateOf(read: BatchRows<ReturnType<typeof moneyStateReads>>): MoneyState | undefined {
  const row = read.moneyOrder[0];
  if (!row) return undefined;
  const rows = read.moneyLists;
  const { payments_total: paymentsTotal, refunds_total: refundsTotal, account_paid: accountPaid, zone_option: zoneOption, ...order } = row;

  const state: MoneyState = {
    order,
    paymentsTotal: sumOf(paymentsTotal),
    refundsTotal: sumOf(refundsTotal),
    accountPaid: sumOf(accountPaid),
    zone: timeZoneOption(zoneOption ?? null),
    lines: [],
    cartCoupons: [],
    booked: [],
    accountRefunds: [],
  };
  for (const entry of rows) {
    if (entry.src === 'line') {
      state.lines.push({
        id: entry.id,
        total_price: Number(entry.a),
        tax_value: Number(entry.b),
        total_price_without_tax: Number(entry.c),
        order_discount: Number(entry.d),
        coupons: sumOf(entry.h),
        vendor_id: entry.e,
        buyer_id: entry.f,
        refunded: sumOf(entry.g),
        tax_type: entry.t as TaxType,
      });
    } else if (entry.src === 'coupon') {
      state.cartCoupons.push(Number(entry.a));
    } else if (entry.src === 'booked') {
      state.booked.push({ order_product_id: entry.id, vendor_id: entry.e!, kind: entry.t as BookedSale['kind'], total: sumOf(entry.a) });
    } else {
      state.accountRefunds.push(Number(entry.a));
    }
  }
  return state;
}
