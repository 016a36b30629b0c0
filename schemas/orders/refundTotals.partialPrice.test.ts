import { describe, expect, it } from 'vitest';
import {
  QUANTITY_EXCEEDS_MESSAGE,
  TOTAL_NOT_LOWER_MESSAGE,
  UNIT_PRICE_MESSAGE,
  afterRefund,
  productRefundTotal,
  refundDiscountPercent,
  refundLine,
  remainingQuantity,
  type LineRefundRequest,
} from './refundTotals';
import { INTEGERS, d, line } from './testRefundLine';

describe('refund_payment (partial price) totals (spec 03 §5)', () => {
  const request = (unitPrice: string, quantity: number, discountPercent?: number): LineRefundRequest => ({
    refundType: 'refund_payment',
    quantity,
    unitPrice: d(unitPrice),
    ...(discountPercent === undefined ? {} : { discountPercent }),
  });

  it('unit price × quantity less a whole-percent discount', () => {
    expect(refundLine(line('20', 2), request('5', 2, 10), INTEGERS)).toMatchObject({
      ok: true,
      refund: {
        refund_type: 'refund_payment',
        quantity: 2,
        unit_price: d('5'),
        total_price: d('9'),
        discount: d('1'),
        discount_type: 'percentage',
        discount_percentage: 100_000,
      },
    });
  });

  it('normalises the discount: whole number, negative → 0, above 100 → 100', () => {
    expect(refundDiscountPercent(12.9)).toBe(12);
    expect(refundDiscountPercent(-4)).toBe(0);
    expect(refundDiscountPercent(250)).toBe(100);
    expect(refundDiscountPercent(undefined)).toBe(0);
    expect(refundDiscountPercent(Number.NaN)).toBe(0);
  });

  it('a quantity under 1 becomes 1', () => {
    expect(refundLine(line('20', 2), request('5', 0.2), INTEGERS)).toMatchObject({ ok: true, refund: { quantity: 1, total_price: d('5') } });
  });

  it('refuses a price refund not below the original', () => {
    expect(refundLine(line('20', 2), request('20', 1), INTEGERS)).toEqual({ ok: false, message: TOTAL_NOT_LOWER_MESSAGE, field: 'total' });
    expect(refundLine(line('20', 2), request('25', 1, 10), INTEGERS)).toEqual({ ok: false, message: TOTAL_NOT_LOWER_MESSAGE, field: 'total' });
    expect(refundLine(line('20', 2), request('25', 1, 30), INTEGERS)).toMatchObject({ ok: true, refund: { total_price: d('17.5') } });
  });

  it('refuses a unit price of 0 and quantities above what remains', () => {
    expect(refundLine(line('20', 2), { refundType: 'refund_payment', quantity: 1 }, INTEGERS)).toMatchObject({ ok: false, message: UNIT_PRICE_MESSAGE });
    expect(refundLine(line('20', 2), request('0', 1), INTEGERS)).toMatchObject({ ok: false, message: UNIT_PRICE_MESSAGE });
    expect(refundLine(line('20', 2), request('1', 3), INTEGERS)).toMatchObject({ ok: false, message: QUANTITY_EXCEEDS_MESSAGE });
  });

  it('takes money, not units: both price-adjusted mugs can still be returned, each for what remains of its money', () => {
    const sold = line('20', 2);
    const price = refundLine(sold, request('4.5', 2), INTEGERS);
    expect(price).toMatchObject({ ok: true, refund: { refund_type: 'refund_payment', quantity: 2, total_price: d('9') } });
    if (!price.ok) throw new Error(price.message);
    const adjusted = afterRefund(sold, price.refund);
    expect(adjusted).toMatchObject({ refundedQuantity: 0, refundedTotal: d('9') });
    expect(remainingQuantity(adjusted)).toBe(2);
    expect(productRefundTotal(adjusted, 1)).toBe(d('15.5'));
    expect(productRefundTotal(adjusted, 2)).toBe(d('31'));
    const first = refundLine(adjusted, { refundType: 'refund_product', quantity: 1 }, INTEGERS);
    expect(first).toMatchObject({ ok: true, refund: { total_price: d('15.5') } });
    if (!first.ok) throw new Error(first.message);
    const oneLeft = afterRefund(adjusted, first.refund);
    expect(oneLeft).toMatchObject({ refundedQuantity: 1, refundedTotal: d('24.5') });
    expect(refundLine(oneLeft, { refundType: 'refund_product', quantity: 1 }, INTEGERS)).toMatchObject({ ok: true, refund: { total_price: d('15.5') } });
  });

  it('a price refund on one of three units is shared over the held units, the last unit takes the rest', () => {
    const sold = line('10', 3);
    const price = refundLine(sold, request('1', 1), INTEGERS);
    if (!price.ok) throw new Error(price.message);
    const adjusted = afterRefund(sold, price.refund);
    // 10.00 less a third of 1.00 rounded up to cents (0.34).
    expect(productRefundTotal(adjusted, 1)).toBe(d('9.66'));
    expect(productRefundTotal(adjusted, 3)).toBe(d('29'));
    // A second price refund must stay below what its units still hold.
    expect(refundLine(adjusted, request('9.67', 1), INTEGERS)).toMatchObject({ ok: false, message: TOTAL_NOT_LOWER_MESSAGE });
    expect(refundLine(adjusted, request('9.65', 1), INTEGERS)).toMatchObject({ ok: true, refund: { total_price: d('9.65') } });
  });
});
