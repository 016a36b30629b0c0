import { fromDecimal, sum, toDecimal, type Money } from '../../schemas/money';
import type { OrderAnswer, RefundBody } from '../../schemas/orders/api';
import { availableQuantity } from '../../schemas/orders/refunds';
import { afterRefund, refundLine, type LineRefund, type LineRefundAnswer, type RefundableLine, type RefundType } from '../../schemas/orders/refundTotals';
import { splitRefund } from '../../schemas/orders/refundTenders';

/**
 * The refund machine's view of an order (pure): its lines as the refund rules of schemas/orders/refundTotals
 * read them, the products chosen so far and the request body. Money is integer ten-thousandths.
 */

/** One order line a refund may take from. */
export interface RefundOrderLine {
  id: number;
  name: string;
  line: RefundableLine;
}

/** What the refund product popup answers for one line. */
export interface RefundProductChoice {
  orderProductId: number;
  refund_type: RefundType;
  condition: 'damaged' | 'unspoiled';
  description: string;
  quantity: number;
  /** refund_payment: the price refunded per unit (decimal, as typed). */
  unit_price?: number;
  /** refund_payment: discount in percent. */
  discount_percentage?: number;
}

/** A chosen product with the refund the rules give it. */
export interface ChosenRefund extends RefundProductChoice {
  name: string;
  refund: LineRefund;
}

/** The order lines of an answer, with what earlier refunds already took (quantity and money). */
export function refundOrderLinesOf(order: Pick<OrderAnswer, 'products' | 'refunded_products'>): RefundOrderLine[] {
  return order.products.map((product) => {
    const refundedTotal = sum(
      order.refunded_products.filter((refunded) => refunded.order_product_id === product.id).map((refunded) => fromDecimal(refunded.total_price)),
    );
    return {
      id: product.id,
      name: product.name,
      line: {
        unitPrice: fromDecimal(product.unit_price),
        quantity: product.quantity,
        // The line's net, as the server refunds it: its share of the cart discount and coupons off.
        totalPrice: fromDecimal(product.total_price) - fromDecimal(product.order_discount),
        discountType: product.discount_type,
        discountPercentage: fromDecimal(product.discount_percentage),
        discount: fromDecimal(product.discount),
        taxType: product.tax_type,
        refundedQuantity: product.refunded_quantity,
        refundedTotal,
      },
    };
  });
}

/** What the order can still give back (paid less earlier refunds). */
export function refundableOf(order: Pick<OrderAnswer, 'refundable'>): Money {
  return fromDecimal(order.refundable);
}

/** The line as it stands once the chosen products (all but `skipIndex`) are refunded. */
function lineAfterChosen(line: RefundOrderLine, chosen: readonly ChosenRefund[], skipIndex?: number): RefundableLine {
  return chosen.reduce(
    (current, entry, index) => (index !== skipIndex && entry.orderProductId === line.id ? afterRefund(current, entry.refund) : current),
    line.line,
  );
}

/** Units of a line still refundable once the chosen products are counted. */
export function remainingQuantity(line: RefundOrderLine, chosen: readonly ChosenRefund[], skipIndex?: number): number {
  const after = lineAfterChosen(line, chosen, skipIndex);
  return availableQuantity(after.quantity, after.refundedQuantity);
}

/** The refund a choice gives (or the spec's refusal), counting the products chosen before it. */
export function previewChoice(
  lines: readonly RefundOrderLine[],
  chosen: readonly ChosenRefund[],
  choice: RefundProductChoice,
  allowDecimalQuantities: boolean,
  skipIndex?: number,
): LineRefundAnswer {
  const line = lines.find((candidate) => candidate.id === choice.orderProductId);
  if (!line) return { ok: false, message: 'Not enough quantity to proceed.', field: 'quantity' };
  return refundLine(
    lineAfterChosen(line, chosen, skipIndex),
    {
      refundType: choice.refund_type,
      quantity: choice.quantity,
      ...(choice.unit_price === undefined ? {} : { unitPrice: safeMoney(choice.unit_price) }),
      ...(choice.discount_percentage === undefined ? {} : { discountPercent: choice.discount_percentage }),
    },
    { allowDecimalQuantities },
  );
}

function safeMoney(value: number): Money {
  return Number.isFinite(value) && Math.abs(value) < 1e9 ? fromDecimal(value) : 0;
}

export interface RefundPaymentLine {
  identifier: string;
  label: string;
  value: Money;
}

/** What each tender can still give back, from the order answer's refundable_by_tender (the server's figures). */
export function refundTendersOf(order: Pick<OrderAnswer, 'refundable_by_tender'>): RefundPaymentLine[] {
  return order.refundable_by_tender.map((tender) => ({ identifier: tender.identifier, label: tender.label, value: fromDecimal(tender.value) }));
}

/**
 * How the server will split `total` over the order's tenders when no tender is named: the server's own
 * rule (schemas/orders/refundTenders splitRefund) on the server's refundable amounts, with their labels.
 */
export function proposedRefundSplit(total: Money, tenders: readonly RefundPaymentLine[], step: Money): RefundPaymentLine[] {
  const split = splitRefund(total, tenders, step) ?? [];
  return split.map((share) => ({ ...share, label: tenders.find((tender) => tender.identifier === share.identifier)?.label ?? share.identifier }));
}

/**
 * POST /orders/{id}/refund body from the chosen products, the payments and the register; `asPaid` leaves the
 * payments out so the server gives the money back the way it came.
 */
export function refundBodyOf(input: {
  chosen: readonly ChosenRefund[];
  payments: readonly RefundPaymentLine[];
  total: Money;
  refundShipping: boolean;
  register: number | null;
  asPaid?: boolean;
}): RefundBody {
  return {
    products: input.chosen.map((entry) => ({
      id: entry.orderProductId,
      quantity: entry.refund.quantity,
      condition: entry.condition,
      refund_type: entry.refund_type,
      ...(entry.description ? { description: entry.description } : {}),
      ...(entry.refund_type === 'refund_payment'
        ? {
            unit_price: toDecimal(entry.refund.unit_price),
            discount_type: entry.refund.discount_type,
            discount_percentage: toDecimal(entry.refund.discount_percentage),
            discount: toDecimal(entry.refund.discount),
          }
        : {}),
    })),
    total: toDecimal(input.total),
    ...(input.asPaid
      ? {}
      : { payment: input.payments.map((payment) => ({ identifier: payment.identifier, label: payment.label, refundValue: toDecimal(payment.value) })) }),
    refund_shipping: input.refundShipping,
    register: input.register,
  };
}
