import { fromDecimal } from '../money';
import { lineTotals } from './lineTotals';
import type { RefundableLine } from './refundTotals';

/** Shared by the refund totals tests: a sold line to refund from, priced by lineTotals. */

export const d = fromDecimal;
export const INTEGERS = { allowDecimalQuantities: false };

export function line(unitPrice: string, quantity: number, extra: Partial<RefundableLine> = {}): RefundableLine {
  const totals = lineTotals({ unitPrice: d(unitPrice), quantity, taxType: extra.taxType ?? 'inclusive' });
  return {
    unitPrice: d(unitPrice),
    quantity,
    totalPrice: totals.total_price,
    discountType: null,
    discountPercentage: 0,
    discount: 0,
    taxType: 'inclusive',
    refundedQuantity: 0,
    refundedTotal: 0,
    ...extra,
  };
}
