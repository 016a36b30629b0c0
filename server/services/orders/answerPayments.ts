import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { toDecimal } from '../../../schemas/money';
import { CASH_PAYMENT, type PaymentAnswer } from '../../../schemas/orders/api';
import { tenderRefundable, type TenderAmount } from '../../../schemas/orders/refundTenders';

/** The order's payments as the API answers them, and its money by tender. */

type Db = Kysely<DB> | Transaction<DB>;

export interface PaymentRowForAnswer {
  id: number;
  order_id: number;
  identifier: string;
  value: number;
  vendor_id: number | null;
  created_at: string;
  label: string | null;
  author: string | null;
}

export function toPaymentAnswer(row: PaymentRowForAnswer): PaymentAnswer {
  return {
    id: row.id,
    order_id: row.order_id,
    identifier: row.identifier,
    // A payment type deleted since keeps its identifier as label.
    label: row.label ?? row.identifier,
    value: toDecimal(row.value),
    vendor_id: row.vendor_id,
    author: row.author,
    created_at: row.created_at,
  };
}

/** The order's refund payments, oldest first. */
export function refundPaymentsQuery(db: Db, orderId: number) {
  return db.selectFrom('order_refund_payments').select(['identifier', 'value']).where('order_id', '=', orderId).orderBy('id');
}

/** Payments of the given orders (or of the given payment ids), oldest first, with their type's label and author. */
export function paymentsQuery(db: Db) {
  return db
    .selectFrom('order_payments as p')
    .leftJoin('payment_types as t', 't.identifier', 'p.identifier')
    .leftJoin('users as a', 'a.id', 'p.author_id')
    .select(['p.id', 'p.order_id', 'p.identifier', 'p.value', 'p.fee', 'p.vendor_id', 'p.created_at', 't.label', 'a.username as author'])
    .orderBy('p.id');
}

export async function loadPayments(db: Db, orderId: number): Promise<PaymentAnswer[]> {
  const rows = await paymentsQuery(db).where('p.order_id', '=', orderId).execute();
  return rows.map(toPaymentAnswer);
}

/**
 * The order's money by tender: what each tender can still give back (schemas/orders/refundTenders: the
 * default refund split and the most a chosen tender other than cash may give back) and what refunds gave
 * back in each so far, both in first-used order.
 */
export async function refundTenders(
  db: Db,
  order: { id: number; change: number },
  withRefunds = true,
  read?: ReadonlyArray<{ identifier: string; value: number; fee: number }>,
): Promise<{ refundable: TenderAmount[]; refunded: TenderAmount[] }> {
  // `read`: the order's payments, oldest first, when the caller has them already (the answer reads them with their labels).
  const [payments, refunds] = await Promise.all([
    read ?? db.selectFrom('order_payments').select(['identifier', 'value', 'fee']).where('order_id', '=', order.id).orderBy('id').execute(),
    withRefunds ? refundPaymentsQuery(db, order.id).execute() : [],
  ]);
  return tendersOf(payments, refunds, order.change);
}

/** refundTenders from the order's payments and refund payments, both oldest first, and its change. */
export function tendersOf(
  payments: ReadonlyArray<{ identifier: string; value: number; fee: number }>,
  refunds: ReadonlyArray<{ identifier: string; value: number }>,
  change: number,
): { refundable: TenderAmount[]; refunded: TenderAmount[] } {
  const refunded = new Map<string, number>();
  for (const refund of refunds) refunded.set(refund.identifier, (refunded.get(refund.identifier) ?? 0) + refund.value);
  return {
    refundable: tenderRefundable(payments, refunds, change, CASH_PAYMENT),
    refunded: [...refunded].map(([identifier, value]) => ({ identifier, value })),
  };
}
