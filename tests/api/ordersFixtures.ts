import type { TestApp } from './harness';
import { lockOrder, moveStock, recomputeOrder } from '../../server/services/orders/core';
import { nextOrderCode } from '../../server/services/orders/orderCode';
import { fromDecimal } from '../../schemas/money';
import type { Discount } from '../../schemas/orders/discount';
import { lineTotals } from '../../schemas/orders/lineTotals';

/** Orders written straight to the database, for the line-edit, refund and instalment API tests. */

export interface LineSpec {
  product: string;
  unit?: string;
  quantity: number;
  price?: string;
  vendor?: number;
  discount?: Discount;
}
export interface OrderSpec {
  lines: LineSpec[];
  payments?: Array<[string, string]>;
  shipping?: string;
  discount?: Discount;
  customer?: string;
  instalments?: boolean;
}

/** An order as the till would store it: lines priced by lineTotals, stock taken, payments, then recomputed. */
export async function makeOrder(t: TestApp, spec: OrderSpec): Promise<number> {
  return t.database.db.transaction().execute(async (trx) => {
    const cashier = await trx.selectFrom('users').select('id').where('username', '=', 'cashier').executeTakeFirstOrThrow();
    const register = await trx.selectFrom('cash_registers').select('id').where('name', '=', 'Front Till').executeTakeFirstOrThrow();
    const customer = spec.customer
      ? await trx
          .selectFrom('customers')
          .innerJoin('users', 'users.id', 'customers.user_id')
          .select('customers.id')
          .where('users.username', '=', spec.customer)
          .executeTakeFirstOrThrow()
      : null;
    const at = '2026-01-05 10:00:00';
    const { id } = await trx
      .insertInto('orders')
      .values({
        code: await nextOrderCode(trx),
        type: 'takeaway',
        payment_status: 'unpaid',
        process_status: 'done',
        delivery_status: 'pending',
        customer_id: customer?.id ?? null,
        author_id: cashier.id,
        register_id: register.id,
        discount_type: spec.discount?.type ?? null,
        discount_percentage: spec.discount?.type === 'percentage' ? spec.discount.percent * 10_000 : 0,
        discount: spec.discount?.type === 'flat' ? spec.discount.amount : 0,
        subtotal: 0,
        total_coupons: 0,
        total_tax_value: 0,
        cardfee: 0,
        roundup: 0,
        shipping: spec.shipping ? fromDecimal(spec.shipping) : 0,
        total: 0,
        tendered: 0,
        change: 0,
        support_instalments: spec.instalments ? 1 : 0,
        extra: null,
        note: null,
        voided_at: null,
        void_reason: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const line of spec.lines) {
      const product = await trx
        .selectFrom('products')
        .innerJoin('product_unit_quantities as q', 'q.product_id', 'products.id')
        .innerJoin('units', 'units.id', 'q.unit_id')
        .select(['products.id', 'products.type', 'products.tax_type', 'q.unit_id', 'q.sale_price'])
        .where('products.name', '=', line.product)
        .where('units.identifier', '=', line.unit ?? 'piece')
        .executeTakeFirstOrThrow();
      const unitPrice = line.price ? fromDecimal(line.price) : product.sale_price;
      const totals = lineTotals({ unitPrice, quantity: line.quantity, taxType: product.tax_type, ...(line.discount ? { discount: line.discount } : {}) });
      await trx
        .insertInto('order_products')
        .values({
          order_id: id,
          product_id: product.id,
          unit_id: product.unit_id,
          name: line.product,
          unit_price: unitPrice,
          quantity: line.quantity,
          ...totals,
          total_product_coupons: 0,
          product_type: product.type,
          vendor_id: line.vendor ?? 101,
          buyer_id: null,
          status: 'sold',
          created_at: at,
          updated_at: at,
        })
        .execute();
      await moveStock(
        trx,
        {
          product_id: product.id,
          unit_id: product.unit_id,
          product_type: product.type,
          name: line.product,
          quantity: -line.quantity,
          reason: 'sale',
          order_id: id,
        },
        at,
      );
    }
    for (const [identifier, amount] of spec.payments ?? []) {
      await trx
        .insertInto('order_payments')
        .values({ order_id: id, identifier, value: fromDecimal(amount), vendor_id: null, author_id: cashier.id, created_at: at })
        .execute();
    }
    await lockOrder(t.database, trx, id);
    await recomputeOrder(trx, id, 2, at);
    return id;
  });
}

const SNAPSHOT_TABLES = [
  'orders',
  'order_products',
  'order_payments',
  'order_refunds',
  'order_refund_payments',
  'order_refunded_products',
  'order_instalments',
  'product_unit_quantities',
  'stock_movements',
  'cash_registers',
] as const;

/** Every row of the tables an order write may touch, to prove a refused call changed nothing. */
export async function snapshot(t: TestApp): Promise<string> {
  const parts: unknown[] = [];
  for (const table of SNAPSHOT_TABLES) parts.push(await t.database.db.selectFrom(table).selectAll().orderBy('id').execute());
  return JSON.stringify(parts);
}

export const stockOf = async (t: TestApp, product: string, unit = 'piece') =>
  (
    await t.database.db
      .selectFrom('product_unit_quantities as q')
      .innerJoin('products as p', 'p.id', 'q.product_id')
      .innerJoin('units as u', 'u.id', 'q.unit_id')
      .select('q.quantity')
      .where('p.name', '=', product)
      .where('u.identifier', '=', unit)
      .executeTakeFirstOrThrow()
  ).quantity;
export const frontCash = async (t: TestApp) =>
  (await t.database.db.selectFrom('cash_registers').select('balance').where('name', '=', 'Front Till').executeTakeFirstOrThrow()).balance;
export const linesOf = async (t: TestApp, orderId: number) =>
  t.database.db.selectFrom('order_products').select(['id', 'name', 'quantity', 'total_price']).where('order_id', '=', orderId).orderBy('id').execute();
