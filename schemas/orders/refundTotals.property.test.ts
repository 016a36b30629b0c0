import { describe, expect, it } from 'vitest';
import { lineTotals } from './lineTotals';
import { afterRefund, refundLine, remainingQuantity, type LineRefundRequest, type RefundableLine } from './refundTotals';
import { seededRandom } from './testRandom';

describe('property: refunds never exceed sales', () => {
  it('any sequence of product and price refunds stays within each line total and the quantity sold', () => {
    const random = seededRandom(2027);
    for (let run = 0; run < 500; run += 1) {
      const decimals = random.pick([true, false]);
      const sold = decimals ? random.int(1, 400) / 100 : random.int(1, 12);
      const unitPrice = random.int(1, 50_000) * 100;
      const discountPercent = random.pick([0, 0, 5, 10, 33]);
      const totals = lineTotals({
        unitPrice,
        quantity: sold,
        taxType: random.pick(['inclusive', 'exclusive'] as const),
        ...(discountPercent ? { discount: { type: 'percentage' as const, percent: discountPercent } } : {}),
      });
      let current: RefundableLine = {
        unitPrice,
        quantity: sold,
        totalPrice: totals.total_price,
        discountType: totals.discount_type,
        discountPercentage: totals.discount_percentage,
        discount: totals.discount,
        taxType: totals.tax_type,
        refundedQuantity: 0,
        refundedTotal: 0,
      };
      for (let step = 0; step < 8; step += 1) {
        const quantity = decimals ? random.int(-10, 400) / 100 : random.int(-1, 6);
        const request: LineRefundRequest = random.pick([true, false, false])
          ? { refundType: 'refund_payment', quantity, unitPrice: random.int(0, 60_000) * 100, discountPercent: random.int(-20, 120) }
          : { refundType: 'refund_product', quantity };
        const answer = refundLine(current, request, { allowDecimalQuantities: decimals });
        if (!answer.ok) continue;
        expect(answer.refund.total_price).toBeGreaterThanOrEqual(0);
        expect(answer.refund.tax_value).toBeLessThanOrEqual(answer.refund.total_price);
        current = afterRefund(current, answer.refund);
        expect(current.refundedTotal).toBeLessThanOrEqual(current.totalPrice);
        expect(current.refundedQuantity).toBeLessThanOrEqual(current.quantity + 1e-9);
      }
      // Returning every remaining unit ends the line: price refunds and returns together give back exactly its total.
      const left = remainingQuantity(current);
      if (left > 0) {
        const last = refundLine(current, { refundType: 'refund_product', quantity: left }, { allowDecimalQuantities: true });
        if (!last.ok) throw new Error(last.message);
        current = afterRefund(current, last.refund);
      }
      expect(remainingQuantity(current)).toBe(0);
      expect(current.refundedTotal).toBe(current.totalPrice);
    }
  });
});
