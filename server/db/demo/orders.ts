import type { Transaction } from 'kysely';
import type { DB } from '../schema';
import { nowUtc } from '../time';
import { applyStockMovements } from '../../services/stock/ledger';
import { DEFAULT_OPTIONS } from '../../../schemas/options';
import { businessDateOf } from '../../../schemas/format/businessTime';
import { fromDecimal, sum, type Money } from '../../../schemas/money';
import { orderDiscountShares } from '../../../schemas/orders/allocation';
import { discountOn, type Discount } from '../../../schemas/orders/discount';
import { lineTotals, type LineTotals } from '../../../schemas/orders/lineTotals';
import { afterRefund, refundLine, type LineRefund, type RefundableLine } from '../../../schemas/orders/refundTotals';
import { recomputeOrder, type OrderRow } from '../../services/orders/core';
import { DEMO_ORDERS, type Discount as DemoDiscount, type DemoLine, type DemoOrder } from './demoOrders';
import type { BackOfficeIds } from './backOffice';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Dynamic lines point at the catalogue's dynamic product, which has no stock. */
const DYNAMIC_PRODUCT = 'Booth Sale Item';

interface ResolvedLine {
  product_id: number;
  unit_id: number;
  name: string;
  unit_price: Money;
  quantity: number;
  tax_type: 'inclusive' | 'exclusive';
  product_type: 'product' | 'dynamic';
  vendor_id: number;
  totals: LineTotals;
}

// The demo store keeps the default zone the seed writes into the options.
const ZONE = DEFAULT_OPTIONS.ns_store_timezone;
/** 'YYMMDD' of a stored UTC timestamp, on the store's calendar (as nextOrderCode). */
const codeDay = (timestamp: string) => businessDateOf(timestamp, ZONE).slice(2).replaceAll('-', '');
const dateOf = (date: Date) => businessDateOf(date, ZONE);

/**
 * The demo's money goes through the till's own rules: lines priced by schemas/orders/lineTotals, refunds by
 * schemas/orders/refundTotals, and the order's totals, change and status by recomputeOrder, the one
 * recomputation every order write ends with. The seed only checks that the result is the status it meant.
 */
const discountOf = (discount: DemoDiscount): Discount => (discount.type === 'flat' ? { type: 'flat', amount: fromDecimal(discount.amount) } : discount);

async function resolveLine(trx: Transaction<DB>, line: DemoLine): Promise<ResolvedLine> {
  const productName = 'product' in line ? line.product : DYNAMIC_PRODUCT;
  const unit = 'product' in line ? line.unit : 'piece';
  const row = await trx
    .selectFrom('products')
    .innerJoin('product_unit_quantities as q', 'q.product_id', 'products.id')
    .innerJoin('units', 'units.id', 'q.unit_id')
    .select(['products.id as product_id', 'units.id as unit_id', 'products.tax_type', 'products.type', 'q.sale_price'])
    .where('products.name', '=', productName)
    .where('units.identifier', '=', unit)
    .executeTakeFirstOrThrow(() => new Error(`Demo order line: no product '${productName}' sold by the ${unit}.`));
  const unitPrice = 'product' in line ? row.sale_price : fromDecimal(line.price);
  return {
    product_id: row.product_id,
    unit_id: row.unit_id,
    name: 'product' in line ? line.product : line.dynamic,
    unit_price: unitPrice,
    quantity: line.quantity,
    tax_type: row.tax_type,
    product_type: row.type,
    vendor_id: line.vendor,
    totals: lineTotals({ unitPrice, quantity: line.quantity, taxType: row.tax_type, ...(line.discount ? { discount: discountOf(line.discount) } : {}) }),
  };
}

/** The amounts of a demo order must agree with its status, or the demo would teach wrong numbers. */
function assertConsistent(order: DemoOrder, stored: OrderRow): void {
  const fail = (why: string) => {
    throw new Error(`Demo ${order.status} order (${order.daysAgo} days ago): ${why}`);
  };
  if (stored.payment_status !== order.status) fail(`its amounts make it ${stored.payment_status}`);
  if ((order.status === 'hold' || order.status === 'unpaid') && stored.tendered !== 0) fail('must have no payment');
  if (order.status === 'order_void' && stored.tendered < stored.total) fail('voided demo order was paid in full');
  if (order.instalments && sum(order.instalments.map((i) => fromDecimal(i.amount))) !== stored.total) fail('instalments must sum to the total');
}

/** An order line as the refund rules read it (its net: its share of the order discount off), nothing refunded yet. */
const refundableOf = (line: ResolvedLine, orderDiscount: Money): RefundableLine => ({
  unitPrice: line.unit_price,
  quantity: line.quantity,
  totalPrice: line.totals.total_price - orderDiscount,
  discountType: line.totals.discount_type,
  discountPercentage: line.totals.discount_percentage,
  discount: line.totals.discount,
  taxType: line.tax_type,
  refundedQuantity: 0,
  refundedTotal: 0,
});

async function moveStock(
  trx: Transaction<DB>,
  line: ResolvedLine,
  quantity: number,
  reason: DB['stock_movements']['reason'],
  orderId: number,
  at: string,
): Promise<void> {
  if (line.product_type !== 'product') return;
  await applyStockMovements(trx, [{ product_id: line.product_id, unit_id: line.unit_id, change: quantity, reason, order_id: orderId, name: line.name }], at);
}

/**
 * The demo orders, dated from `at` backwards, with lines, coupons, payments, instalments, a void and refunds,
 * stock movements and the per-day code counter. Hold orders leave stock alone; a damaged refund returns nothing.
 */
export async function seedOrders(trx: Transaction<DB>, at: Date, userIds: ReadonlyMap<string, number>, ids: BackOfficeIds): Promise<void> {
  const counters = new Map<string, number>();
  let frontCash = 0;

  for (const [index, order] of DEMO_ORDERS.entries()) {
    const created = new Date(at.getTime() - order.daysAgo * DAY - (30 + index * 7) * MINUTE);
    const createdAt = nowUtc(created);
    const later = nowUtc(new Date(created.getTime() + 60 * MINUTE));
    const authorId = userIds.get(order.cashier)!;
    const lines: ResolvedLine[] = [];
    for (const line of order.lines) lines.push(await resolveLine(trx, line));
    const coupons = (order.coupons ?? []).map((coupon) => ({ name: coupon.name, value: fromDecimal(coupon.amount) }));
    const discount = order.discount ? discountOf(order.discount) : undefined;
    const payments = order.payments.map(([identifier, amount]) => ({ identifier, value: fromDecimal(amount) }));
    // A return gives back the line's net: its share of the cart discount and coupons off, as the server shares them.
    const subtotal = sum(lines.map((line) => line.totals.total_price));
    const shares = orderDiscountShares(
      lines.map((line) => line.totals.total_price),
      {
        discount: discountOn(subtotal, discount).discount,
        totalCoupons: sum(coupons.map((coupon) => coupon.value)),
      },
    );
    const refundables = lines.map((line, index) => refundableOf(line, shares[index]!));
    const refundLines = (order.refund?.lines ?? []).map((refund) => {
      const answer = refundLine(refundables[refund.line]!, { refundType: 'refund_product', quantity: refund.quantity }, { allowDecimalQuantities: false });
      if (!answer.ok) throw new Error(`Demo refund of line ${refund.line}: ${answer.message}`);
      refundables[refund.line] = afterRefund(refundables[refund.line]!, answer.refund);
      return { ...refund, orderLine: lines[refund.line]!, refund: answer.refund as LineRefund };
    });
    const refundTotal = sum(refundLines.map((line) => line.refund.total_price));

    const day = codeDay(createdAt);
    const number = (counters.get(day) ?? 0) + 1;
    counters.set(day, number);
    const registerId = ids.registers[order.register];
    const { id: orderId } = await trx
      .insertInto('orders')
      .values({
        code: `${day}-${String(number).padStart(3, '0')}`,
        type: order.type ?? 'takeaway',
        payment_status: order.status,
        process_status: order.status === 'hold' ? 'pending' : 'done',
        delivery_status: 'pending',
        customer_id: ids.customers[order.customer] ?? null,
        author_id: authorId,
        register_id: registerId,
        // Totals, tendered, change and status are recomputed from the rows below.
        discount_type: discount?.type ?? null,
        discount_percentage: discount?.type === 'percentage' ? fromDecimal(discount.percent) : 0,
        discount: discount?.type === 'flat' ? discount.amount : 0,
        subtotal: 0,
        total_coupons: 0,
        total_tax_value: 0,
        shipping: order.shipping ? fromDecimal(order.shipping) : 0,
        total: 0,
        cardfee: 0,
        roundup: 0,
        tendered: 0,
        change: 0,
        support_instalments: order.instalments ? 1 : 0,
        extra: null,
        note: order.note ?? null,
        voided_at: order.voidReason ? later : null,
        void_reason: order.voidReason ?? null,
        created_at: createdAt,
        updated_at: order.voidReason || order.refund ? later : createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const lineIds: number[] = [];
    for (const line of lines) {
      const row = await trx
        .insertInto('order_products')
        .values({
          order_id: orderId,
          product_id: line.product_id,
          unit_id: line.unit_id,
          name: line.name,
          unit_price: line.unit_price,
          quantity: line.quantity,
          ...line.totals,
          tax_type: line.tax_type,
          total_product_coupons: 0,
          product_type: line.product_type,
          vendor_id: line.vendor_id,
          buyer_id: null,
          status: 'sold',
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      lineIds.push(row.id);
      if (order.status !== 'hold') await moveStock(trx, line, -line.quantity, 'sale', orderId, createdAt);
      if (order.voidReason) await moveStock(trx, line, line.quantity, 'void', orderId, later);
    }
    for (const coupon of coupons) {
      await trx
        .insertInto('order_coupons')
        .values({
          order_id: orderId,
          order_product_id: null,
          name: coupon.name,
          type: 'flat_discount',
          discount_value: coupon.value,
          value: coupon.value,
          created_at: createdAt,
        })
        .execute();
    }
    const paymentIds: number[] = [];
    for (const payment of payments) {
      const row = await trx
        .insertInto('order_payments')
        .values({ order_id: orderId, ...payment, vendor_id: null, author_id: authorId, created_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      paymentIds.push(row.id);
      if (payment.identifier === 'cash-payment' && order.register === 'front') frontCash += payment.value;
    }
    for (const instalment of order.instalments ?? []) {
      const paymentId = instalment.paidBy === undefined ? null : paymentIds[instalment.paidBy]!;
      await trx
        .insertInto('order_instalments')
        .values({
          order_id: orderId,
          date: dateOf(new Date(created.getTime() + instalment.daysAfter * DAY)),
          amount: fromDecimal(instalment.amount),
          paid: paymentId === null ? 0 : 1,
          payment_id: paymentId,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    }

    if (order.refund) {
      const refund = await trx
        .insertInto('order_refunds')
        .values({
          order_id: orderId,
          total: refundTotal,
          shipping: 0,
          author_id: authorId,
          register_id: registerId,
          created_at: later,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const refundPayments = order.refund.payments.map(([identifier, amount]) => ({ identifier, value: fromDecimal(amount) }));
      if (sum(refundPayments.map((payment) => payment.value)) !== refundTotal) throw new Error('Demo refund payments must sum to the refund total.');
      for (const payment of refundPayments) {
        await trx
          .insertInto('order_refund_payments')
          .values({ order_refund_id: refund.id, order_id: orderId, ...payment, created_at: later })
          .execute();
        if (payment.identifier === 'cash-payment' && order.register === 'front') frontCash -= payment.value;
      }
      for (const line of refundLines) {
        const source = line.orderLine;
        await trx
          .insertInto('order_refunded_products')
          .values({
            order_refund_id: refund.id,
            order_id: orderId,
            order_product_id: lineIds[line.line]!,
            product_id: source.product_id,
            ...line.refund,
            total_product_coupons: 0,
            condition: line.condition,
            description: line.condition === 'damaged' ? 'Torn seam.' : null,
            created_at: later,
          })
          .execute();
        if (line.condition === 'unspoiled') await moveStock(trx, source, line.quantity, 'refund_unspoiled', orderId, later);
      }
    }

    const { order: stored } = await recomputeOrder(trx, orderId, 2, order.voidReason || order.refund ? later : createdAt);
    assertConsistent(order, stored);
    // Change is handed back from the drawer of the register that took the cash.
    if (order.register === 'front' && payments.some((payment) => payment.identifier === 'cash-payment')) frontCash -= stored.change;
  }

  for (const [day, last] of counters) await trx.insertInto('order_codes_counter').values({ day, last }).execute();
  await trx.updateTable('cash_registers').set({ balance: frontCash }).where('id', '=', ids.registers.front).execute();
  // Both registers are open for the day: the front till by the cashier (its float the cash the orders above
  // left there), the back counter by the manager (it took cards only, so its drawer is empty).
  const opened = nowUtc(at);
  const sessions = [
    { register: ids.registers.front, holder: 'cashier', float: frontCash },
    { register: ids.registers.back, holder: 'manager', float: 0 },
  ];
  for (const { register, holder, float } of sessions) {
    await trx
      .insertInto('register_sessions')
      .values({
        register_id: register,
        status: 'open',
        opened_by: userIds.get(holder) ?? null,
        opened_by_name: holder,
        opened_at: opened,
        opening: float,
        opening_counts: null,
        updated_at: opened,
      })
      .execute();
    await trx
      .updateTable('cash_registers')
      .set({ status: 'opened', used_by: userIds.get(holder) ?? null })
      .where('id', '=', register)
      .execute();
  }
}
