import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../sessions';
import { toDecimal } from '../../../schemas/money';
import type { RefundAnswer, RefundedProductAnswer } from '../../../schemas/orders/api';
import { assertMaySeeOrder } from './answer';
import { refundedProductsQuery, toRefundedProducts } from './answerLines';
import { readBatch, type BatchRows } from '../../db/batch';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Refunds of an order (or the one refund asked), oldest first, with their products, payments, author and
 * register; `products`: the refunded products when the caller has them already (the order's answer lists them).
 */
export async function loadRefunds(db: Db, orderId: number, refundId?: number, products?: RefundedProductAnswer[]): Promise<RefundAnswer[]> {
  return refundAnswersOf(await readBatch(db, refundAnswerReads(db, orderId, refundId, !products)), products);
}

/** The reads behind loadRefunds (the refunded products only `withProducts`), for a caller that batches more beside them. */
export function refundAnswerReads(db: Db, orderId: number, refundId: number | undefined, withProducts: boolean) {
  let refundsQuery = db
    .selectFrom('order_refunds as r')
    .leftJoin('users as a', 'a.id', 'r.author_id')
    .leftJoin('cash_registers as c', 'c.id', 'r.register_id')
    .select(['r.id', 'r.order_id', 'r.total', 'r.shipping', 'r.author_id', 'r.register_id', 'r.created_at', 'a.username', 'c.name as register_name'])
    .where('r.order_id', '=', orderId);
  let paymentsQuery = db
    .selectFrom('order_refund_payments as p')
    .leftJoin('payment_types as t', 't.identifier', 'p.identifier')
    .select(['p.order_refund_id', 'p.identifier', 'p.value', 't.label'])
    .where('p.order_id', '=', orderId);
  if (refundId !== undefined) {
    refundsQuery = refundsQuery.where('r.id', '=', refundId);
    paymentsQuery = paymentsQuery.where('p.order_refund_id', '=', refundId);
  }
  // One round trip on PostgreSQL (server/db/batch.ts).
  return {
    refundRows: refundsQuery.orderBy('r.id'),
    refundPayments: paymentsQuery.orderBy('p.id'),
    ...(withProducts && { refundProducts: refundedProductsQuery(db, orderId, refundId) }),
  };
}

/** The refunds from what refundAnswerReads read; `products` when the caller has them (the order's answer lists them). */
export function refundAnswersOf(read: BatchRows<ReturnType<typeof refundAnswerReads>>, products?: RefundedProductAnswer[]): RefundAnswer[] {
  const { refundRows: refunds, refundPayments: payments } = read;
  const refundedProducts = products ?? toRefundedProducts(read.refundProducts ?? []);
  return refunds.map((refund) => ({
    id: refund.id,
    order_id: refund.order_id,
    total: toDecimal(refund.total),
    shipping: toDecimal(refund.shipping),
    author: refund.username !== null ? { id: refund.author_id, username: refund.username } : null,
    register: refund.register_id !== null && refund.register_name !== null ? { id: refund.register_id, name: refund.register_name } : null,
    created_at: refund.created_at,
    refunded_products: refundedProducts.filter((product) => product.order_refund_id === refund.id),
    payments: payments
      .filter((payment) => payment.order_refund_id === refund.id)
      .map((payment) => ({ identifier: payment.identifier, label: payment.label ?? payment.identifier, value: toDecimal(payment.value) })),
  }));
}

/** GET /orders/{id}/refunds: a customer only sees the refunds of their own orders (404 otherwise). */
export async function listRefunds(database: Database, orderId: number, user: SessionUser): Promise<RefundAnswer[]> {
  await assertMaySeeOrder(database.db, orderId, user);
  return loadRefunds(database.db, orderId);
}
