import { MONEY_SCALE, fromDecimal, sum, type Money } from '../money';
import { lineTotals } from './lineTotals';
import { QUANTITY_EXCEEDS_MESSAGE, NOTHING_TO_REFUND_MESSAGE, availableQuantity } from './refunds';
import { taxFor, type TaxType } from './tax';

/**
 * What a refund gives back (spec 03 §5 "Refund product popup", "Refund payment"), pure: the refund popup
 * previews with these functions and the server decides with the same ones.
 *
 * - Only refund_product (goods come back) takes units of a line: sold − returned so far. A refund_payment (a
 *   partial price refund; the goods stay with the customer) takes money, not units: its units can still be
 *   returned later.
 * - One unit's share of the line is total_price ÷ quantity truncated to cents (spec 03 §9 "refund truncates");
 *   q units share q × that.
 * - A return of q units gives back their share of the line, less the part of the line's price refunds that falls
 *   on them. A price refund does not say which of the held units it adjusted, so what price refunds took and earlier
 *   returns did not yet account for is shared evenly over the units still held. The return of the last held units
 *   gives back exactly what remains of the line's money, so a line's refunds add up to its total_price, never above.
 * - refund_payment gives back unit price × quantity less a whole-percent discount, strictly below what its units
 *   would give back if returned.
 */

export const NOT_ENOUGH_QUANTITY_MESSAGE = 'Not enough quantity to proceed.';
export const QUANTITY_INTEGER_MESSAGE = 'Unable To Proceed. Product Quantity Should Be An Integer.';
export const TOTAL_NOT_LOWER_MESSAGE = 'Unable To Proceed. The Total Price Should Be Less Than Orignal Price.';
export const UNIT_PRICE_MESSAGE = 'The unit price must be above 0.';
export const SELECT_GATEWAY_MESSAGE = 'Please select a payment gateway before proceeding.';
export const PAYMENT_AMOUNT_MESSAGE = 'Please provide a valid payment amount.';
export const GATEWAY_ONCE_MESSAGE = 'Please try with another payment type.';
export const PAYMENTS_SUM_MESSAGE = 'The sum of refundable payments must be same with total value.';
export const REFUND_EXCEEDS_PAID_MESSAGE = 'Unable To Proceed. The refund exceeds what remains paid on this order.';
export { NOTHING_TO_REFUND_MESSAGE, QUANTITY_EXCEEDS_MESSAGE };

export type RefundType = 'refund_product' | 'refund_payment';

/** An order line as a refund sees it (money in ten-thousandths). */
export interface RefundableLine {
  unitPrice: Money;
  /** Quantity sold. */
  quantity: number;
  totalPrice: Money;
  /** The line's own discount, recorded on a product refund with its amount shared out like the total. */
  discountType: 'flat' | 'percentage' | null;
  /** Ten-thousandths of a percent point, as stored. */
  discountPercentage: number;
  discount: Money;
  taxType: TaxType;
  /** Units already returned (refund_product only: a price refund leaves its units with the customer). */
  refundedQuantity: number;
  /** Money already refunded on this line, by refunds of either type (a ceiling the shares never reach). */
  refundedTotal: Money;
}

export interface LineRefundRequest {
  refundType: RefundType;
  quantity: number;
  /** refund_payment: the price refunded per unit. */
  unitPrice?: Money;
  /** refund_payment: discount in percent; made a whole number 0–100. */
  discountPercent?: number;
}

/** The stored fields of one refunded product. */
export interface LineRefund {
  refund_type: RefundType;
  quantity: number;
  unit_price: Money;
  discount_type: 'flat' | 'percentage' | null;
  /** Ten-thousandths of a percent point, as stored. */
  discount_percentage: number;
  discount: Money;
  tax_value: Money;
  total_price: Money;
}

export type LineRefundAnswer = { ok: true; refund: LineRefund } | { ok: false; message: string; field: 'quantity' | 'unit_price' | 'total' };

const CENT: Money = 100;

/** Quantities are stored as doubles with at most four decimals: compare and add them on that grid, not in binary fractions. */
const onGrid = (quantity: number) => Math.round(quantity * 10_000);
const fromGrid = (scaled: number) => scaled / 10_000;

/** What remains refundable of the line, on the four-decimal grid. */
export function remainingQuantity(line: Pick<RefundableLine, 'quantity' | 'refundedQuantity'>): number {
  return fromGrid(onGrid(availableQuantity(line.quantity, line.refundedQuantity)));
}

/** amount × part / whole rounded half up to whole cents, exactly (quantities up to four decimals). */
export function shareOf(amount: Money, part: number, whole: number): Money {
  if (amount <= 0 || part <= 0 || whole <= 0) return 0;
  const numerator = BigInt(amount) * BigInt(fromDecimal(part));
  const denominator = BigInt(fromDecimal(whole)) * BigInt(CENT);
  return Number((2n * numerator + denominator) / (2n * denominator)) * CENT;
}

/** What is left of the line's money to refund. */
export function remainingLineTotal(line: RefundableLine): Money {
  return Math.max(0, line.totalPrice - Math.max(0, line.refundedTotal));
}

/**
 * Spec 03 §9 "refund truncates": one unit's share of the line is total_price ÷ quantity truncated to cents
 * (one of three units of 20.00 is 6.66), exactly in BigInt so no epsilon is needed.
 */
export function unitShareOf(totalPrice: Money, quantity: number): Money {
  if (totalPrice <= 0 || !(quantity > 0)) return 0;
  return Number((BigInt(totalPrice) * BigInt(MONEY_SCALE)) / (BigInt(fromDecimal(quantity)) * BigInt(CENT))) * CENT;
}

/** The share of `units` returned units: the unit share × units, truncated to cents (whole units add up exactly). */
function returnedShare(line: RefundableLine, units: number): Money {
  const unitsScaled = Math.min(onGrid(units), onGrid(line.quantity));
  return Number((BigInt(unitShareOf(line.totalPrice, line.quantity)) * BigInt(unitsScaled)) / BigInt(MONEY_SCALE * CENT)) * CENT;
}

/** Price refunds of the line that no return has accounted for yet: the held units' share less the money they still hold. */
function openPriceRefunds(line: RefundableLine): Money {
  const returned = Math.min(onGrid(Math.max(0, line.refundedQuantity)), onGrid(line.quantity));
  return Math.max(0, line.totalPrice - returnedShare(line, fromGrid(returned)) - remainingLineTotal(line));
}

/**
 * What returning the next `quantity` units gives back: their share less their even part of the open price
 * refunds; the last held units take whatever money remains on the line.
 */
export function productRefundTotal(line: RefundableLine, quantity: number): Money {
  const before = Math.min(onGrid(Math.max(0, line.refundedQuantity)), onGrid(line.quantity));
  const taken = Math.min(onGrid(Math.max(0, quantity)), onGrid(line.quantity) - before);
  if (taken <= 0) return 0;
  const remaining = remainingLineTotal(line);
  const held = onGrid(line.quantity) - before;
  if (taken === held) return remaining;
  const share = returnedShare(line, fromGrid(before + taken)) - returnedShare(line, fromGrid(before));
  // Rounded up to whole cents: a return gives back whole cents and never more than its units still hold.
  const pricePart = Number((BigInt(openPriceRefunds(line)) * BigInt(taken) + BigInt(held * CENT - 1)) / BigInt(held * CENT)) * CENT;
  return Math.max(0, Math.min(remaining, share - pricePart));
}

/** Spec 03 §5: the refund discount is a whole percent, negative → 0, above 100 → 100. */
export function refundDiscountPercent(percent: number | undefined): number {
  if (percent === undefined || !Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.trunc(percent)));
}

function quantityRefusal(line: RefundableLine, quantity: number, allowDecimalQuantities: boolean): LineRefundAnswer | null {
  if (!allowDecimalQuantities && !Number.isInteger(quantity)) return { ok: false, message: QUANTITY_INTEGER_MESSAGE, field: 'quantity' };
  const available = onGrid(remainingQuantity(line));
  if (available <= 0) return { ok: false, message: NOT_ENOUGH_QUANTITY_MESSAGE, field: 'quantity' };
  if (!Number.isFinite(quantity) || onGrid(quantity) <= 0) return { ok: false, message: NOTHING_TO_REFUND_MESSAGE, field: 'quantity' };
  if (onGrid(quantity) > available) return { ok: false, message: QUANTITY_EXCEEDS_MESSAGE, field: 'quantity' };
  return null;
}

/** The refund of one line, or the spec's refusal. */
export function refundLine(line: RefundableLine, request: LineRefundRequest, options: { allowDecimalQuantities: boolean }): LineRefundAnswer {
  if (request.refundType === 'refund_product') {
    const refusal = quantityRefusal(line, request.quantity, options.allowDecimalQuantities);
    if (refusal) return refusal;
    const total = productRefundTotal(line, request.quantity);
    return {
      ok: true,
      refund: {
        refund_type: 'refund_product',
        quantity: request.quantity,
        unit_price: line.unitPrice,
        discount_type: line.discountType,
        discount_percentage: line.discountPercentage,
        discount: Math.min(line.discount, shareOf(line.discount, request.quantity, line.quantity)),
        tax_value: taxFor(total, line.taxType),
        total_price: total,
      },
    };
  }
  const unitPrice = request.unitPrice ?? 0;
  if (!(unitPrice > 0)) return { ok: false, message: UNIT_PRICE_MESSAGE, field: 'unit_price' };
  // Spec 03 §5: a partial price refund's quantity under 1 becomes 1.
  const quantity = Number.isFinite(request.quantity) && request.quantity >= 1 ? request.quantity : 1;
  const refusal = quantityRefusal(line, quantity, options.allowDecimalQuantities);
  if (refusal) return refusal;
  const percent = refundDiscountPercent(request.discountPercent);
  const totals = lineTotals({ unitPrice, quantity, taxType: line.taxType, ...(percent > 0 ? { discount: { type: 'percentage' as const, percent } } : {}) });
  if (totals.total_price >= productRefundTotal(line, quantity)) return { ok: false, message: TOTAL_NOT_LOWER_MESSAGE, field: 'total' };
  return {
    ok: true,
    refund: {
      refund_type: 'refund_payment',
      quantity,
      unit_price: unitPrice,
      discount_type: totals.discount_type,
      discount_percentage: totals.discount_percentage,
      discount: totals.discount,
      tax_value: totals.tax_value,
      total_price: totals.total_price,
    },
  };
}

/** The line as it stands after `refund`, for a second refund of the same line in one request. */
export function afterRefund(line: RefundableLine, refund: LineRefund): RefundableLine {
  const returned = refund.refund_type === 'refund_product' ? refund.quantity : 0;
  return {
    ...line,
    refundedQuantity: fromGrid(onGrid(line.refundedQuantity) + onGrid(returned)),
    refundedTotal: line.refundedTotal + refund.total_price,
  };
}

/**
 * What the order still has to give back: paid (tendered, without the change handed back) less the card fees
 * the store keeps (the processor keeps them; schemas/orders/paymentStatus) less earlier refunds.
 */
export function refundableOfOrder(order: { total: Money; tendered: Money; refunded: Money; keptFees?: Money }): Money {
  const paid = Math.min(Math.max(0, order.total), Math.max(0, order.tendered));
  return Math.max(0, paid - Math.max(0, order.keptFees ?? 0) - Math.max(0, order.refunded));
}

export type RefundTotalAnswer = { ok: true; total: Money } | { ok: false; message: string };

/** The refund's total: its lines plus the shipping when refunded; nothing, or more than remains paid, is refused. */
export function refundTotal(lines: readonly Money[], shipping: Money, refundable: Money): RefundTotalAnswer {
  const total = sum(lines) + Math.max(0, shipping);
  if (total <= 0) return { ok: false, message: NOTHING_TO_REFUND_MESSAGE };
  if (total > refundable) return { ok: false, message: REFUND_EXCEEDS_PAID_MESSAGE };
  return { ok: true, total };
}

export interface RefundPaymentEntry {
  identifier: string;
  /** Absent on a single entry: the whole total. */
  refundValue?: Money;
}

export type RefundPaymentsAnswer = { ok: true; payments: Array<{ identifier: string; value: Money }> } | { ok: false; message: string };

/**
 * The payment list of a refund (spec 03 §5 "Refund payment"): each gateway once, each amount above 0 and not
 * above the total, adding up to the total; a single entry without an amount refunds the whole total.
 */
export function refundPayments(entries: readonly RefundPaymentEntry[], total: Money): RefundPaymentsAnswer {
  if (entries.length === 0 || entries.some((entry) => !entry.identifier)) return { ok: false, message: SELECT_GATEWAY_MESSAGE };
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.identifier)) return { ok: false, message: GATEWAY_ONCE_MESSAGE };
    seen.add(entry.identifier);
  }
  const only = entries.length === 1 ? entries[0]! : null;
  if (only && only.refundValue === undefined) return { ok: true, payments: [{ identifier: only.identifier, value: total }] };
  const payments: Array<{ identifier: string; value: Money }> = [];
  for (const entry of entries) {
    const value = entry.refundValue;
    if (value === undefined || !(value > 0) || value > total) return { ok: false, message: PAYMENT_AMOUNT_MESSAGE };
    payments.push({ identifier: entry.identifier, value });
  }
  if (sum(payments.map((payment) => payment.value)) !== total) return { ok: false, message: PAYMENTS_SUM_MESSAGE };
  return { ok: true, payments };
}
