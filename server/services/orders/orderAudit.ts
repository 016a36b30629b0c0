import type { Kysely, Selectable } from 'kysely';
import type { DB, OrderPaymentsTable, OrdersTable } from '../../db/schema';
import { toDecimal } from '../../../schemas/money';
import { auditVendorChange } from '../vendors/lineVendor';
import { auditInsert, recordAudit, type AuditActor, type AuditValues } from '../audit';

/** The audit rows of order writes (see ../audit.ts): voids, deletions, payment deletions, refunds, price overrides, account payments. */

type Db = Kysely<DB>;

type OrderRow = Selectable<OrdersTable>;
type PaymentRow = Selectable<OrderPaymentsTable>;

/** The figures of an order that money depends on. */
export function orderFigures(order: OrderRow): AuditValues {
  return {
    code: order.code,
    payment_status: order.payment_status,
    subtotal: toDecimal(order.subtotal),
    discount: toDecimal(order.discount),
    total_tax_value: toDecimal(order.total_tax_value),
    shipping: toDecimal(order.shipping),
    cardfee: toDecimal(order.cardfee),
    total: toDecimal(order.total),
    tendered: toDecimal(order.tendered),
    change: toDecimal(order.change),
    author_id: order.author_id,
    customer_id: order.customer_id,
    register_id: order.register_id,
  };
}

const paymentValues = (payment: PaymentRow): AuditValues => ({
  id: payment.id,
  order_id: payment.order_id,
  identifier: payment.identifier,
  value: toDecimal(payment.value),
  vendor_id: payment.vendor_id,
  author_id: payment.author_id,
  created_at: payment.created_at,
});

/** A void: the order's figures before, its status and reason after. */
export function auditOrderVoid(db: Db, actor: AuditActor, before: OrderRow, reason: string, at?: string): Promise<void> {
  return recordAudit(
    db,
    actor,
    {
      action: 'order.void',
      entityType: 'order',
      entityId: before.id,
      before: orderFigures(before),
      after: { code: before.code, payment_status: 'order_void', void_reason: reason.trim() },
    },
    at,
  );
}

/** A deletion, recorded before the rows go: the order's figures, lines and payments are all that remains of it. */
export async function auditOrderDelete(db: Db, actor: AuditActor, order: OrderRow, at?: string): Promise<void> {
  const [lines, payments] = await Promise.all([
    db
      .selectFrom('order_products')
      .select(['id', 'product_id', 'unit_id', 'name', 'unit_price', 'quantity', 'total_price', 'vendor_id'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute(),
    db.selectFrom('order_payments').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
  ]);
  await recordAudit(
    db,
    actor,
    {
      action: 'order.delete',
      entityType: 'order',
      entityId: order.id,
      before: {
        ...orderFigures(order),
        products: lines.map((line) => ({ ...line, unit_price: toDecimal(line.unit_price), total_price: toDecimal(line.total_price) })),
        payments: payments.map(paymentValues),
      },
      after: null,
    },
    at,
  );
}

/** A deleted payment: the payment and the order's figures before, the order's figures after the recomputation. */
export function auditPaymentDelete(db: Db, actor: AuditActor, payment: PaymentRow, before: OrderRow, after: OrderRow, at?: string): Promise<void> {
  return recordAudit(
    db,
    actor,
    {
      action: 'order.payment_delete',
      entityType: 'order_payment',
      entityId: payment.id,
      before: { payment: paymentValues(payment), order: orderFigures(before) },
      after: { order: orderFigures(after) },
    },
    at,
  );
}

export interface RefundWritten {
  total: number;
  shipping: number;
  register_id: number | null;
  payments: ReadonlyArray<{ identifier: string; value: number }>;
  products: ReadonlyArray<{ order_product_id: number; refund_type: string; quantity: number; unit_price: number; total_price: number; condition: string }>;
}

/**
 * A refund's audit row, from the rows as written (in their order) and the order as recomputed: the insert,
 * for the recompute's batch (recomputeOrder's `alsoWrite`).
 */
export function auditRefundWrite(db: Db, actor: AuditActor, refundId: number, before: OrderRow, after: OrderRow, refund: RefundWritten, at?: string) {
  const { payments } = refund;
  const products = refund.products.map(({ order_product_id, refund_type, quantity, unit_price, total_price, condition }) => ({
    order_product_id,
    refund_type,
    quantity,
    unit_price,
    total_price,
    condition,
  }));
  return auditInsert(
    db,
    actor,
    {
      action: 'order.refund',
      entityType: 'order_refund',
      entityId: refundId,
      before: { order: orderFigures(before) },
      after: {
        order: orderFigures(after),
        refund: {
          order_id: before.id,
          total: toDecimal(refund.total),
          shipping: toDecimal(refund.shipping),
          register_id: refund.register_id,
          payments: payments.map((payment) => ({ identifier: payment.identifier, value: toDecimal(payment.value) })),
          products: products.map((product) => ({
            ...product,
            unit_price: toDecimal(product.unit_price),
            total_price: toDecimal(product.total_price),
          })),
        },
      },
    },
    at,
  );
}

/** A line as the checkout wrote it, with the catalogue's price of its unit (null for a dynamic line). */
export interface CheckoutLinePrice {
  id: number;
  product_id: number | null;
  unit_id: number | null;
  name: string;
  quantity: number;
  unit_price: number;
  sale_price: number | null;
  /** The vendor credited for the line, and the product's owning vendor (null for the store's goods). */
  vendor_id: number | null;
  owner: number | null;
}

/**
 * Checkout: every catalogue line sold at a unit price other than the catalogue's (the catalogue price
 * before, the price sold after; dynamic lines have no catalogue price), and every line of a catalogue
 * product sold for a vendor other than its owner (the owner before, the vendor chosen at the till after).
 * The lines come as written, with what the checkout read in its transaction: nothing is read back.
 */
export async function auditCheckoutLines(db: Db, actor: AuditActor, orderId: number, lines: readonly CheckoutLinePrice[], at?: string): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.id - b.id)) {
    if (line.sale_price !== null && line.unit_price !== line.sale_price) {
      const common = { order_id: orderId, product_id: line.product_id, unit_id: line.unit_id, name: line.name, quantity: line.quantity };
      await recordAudit(
        db,
        actor,
        {
          action: 'order.price_override',
          entityType: 'order_product',
          entityId: line.id,
          before: { ...common, unit_price: toDecimal(line.sale_price), source: 'catalogue' },
          after: { ...common, unit_price: toDecimal(line.unit_price), source: 'checkout' },
        },
        at,
      );
    }
    if (line.product_id !== null && line.owner !== line.vendor_id) {
      await auditVendorChange(db, actor, { ...line, order_id: orderId }, { vendor_id: line.owner, source: 'product' }, 'checkout', at);
    }
  }
}

type LinePrice = {
  id: number;
  order_id: number;
  product_id: number | null;
  unit_id: number | null;
  name: string;
  quantity: number;
  unit_price: number;
  total_price: number;
};

/** Line edits: every line whose unit price changed, one row each (the line before and after the edit). */
export async function auditLinePriceEdits(db: Db, actor: AuditActor, before: readonly LinePrice[], after: readonly LinePrice[], at?: string): Promise<void> {
  const old = new Map(before.map((line) => [line.id, line]));
  const values = (line: LinePrice): AuditValues => ({
    order_id: line.order_id,
    product_id: line.product_id,
    unit_id: line.unit_id,
    name: line.name,
    quantity: line.quantity,
    unit_price: toDecimal(line.unit_price),
    total_price: toDecimal(line.total_price),
  });
  for (const line of after) {
    const previous = old.get(line.id);
    if (!previous || previous.unit_price === line.unit_price) continue;
    await recordAudit(
      db,
      actor,
      {
        action: 'order.price_override',
        entityType: 'order_product',
        entityId: line.id,
        before: { ...values(previous), source: 'order' },
        after: { ...values(line), source: 'line_edit' },
      },
      at,
    );
  }
}

/** A vendor account payment: the order's balance is charged to the vendor's account. */
export function auditAccountPayment(
  db: Db,
  actor: AuditActor,
  paymentId: number,
  order: OrderRow,
  vendorNumber: number,
  value: number,
  at?: string,
): Promise<void> {
  return recordAudit(
    db,
    actor,
    {
      action: 'order.account_payment',
      entityType: 'order_payment',
      entityId: paymentId,
      before: { order: orderFigures(order) },
      after: { order_id: order.id, vendor_id: vendorNumber, value: toDecimal(value) },
    },
    at,
  );
}
