import { describe, expect, it } from 'vitest';
import { fromDecimal } from '../money';
import { lineTotals } from './lineTotals';
import {
  GATEWAY_ONCE_MESSAGE,
  NOT_ENOUGH_QUANTITY_MESSAGE,
  NOTHING_TO_REFUND_MESSAGE,
  PAYMENT_AMOUNT_MESSAGE,
  PAYMENTS_SUM_MESSAGE,
  QUANTITY_EXCEEDS_MESSAGE,
  QUANTITY_INTEGER_MESSAGE,
  REFUND_EXCEEDS_PAID_MESSAGE,
  SELECT_GATEWAY_MESSAGE,
  TOTAL_NOT_LOWER_MESSAGE,
  UNIT_PRICE_MESSAGE,
  afterRefund,
  productRefundTotal,
  refundDiscountPercent,
  refundLine,
  remainingQuantity,
  refundPayments,
  refundTotal,
  refundableOfOrder,
  shareOf,
  unitShareOf,
  type LineRefundRequest,
  type RefundableLine,
} from './refundTotals';
import { seededRandom } from './testRandom';

const d = fromDecimal;
const INTEGERS = { allowDecimalQuantities: false };

function line(unitPrice: string, quantity: number, extra: Partial<RefundableLine> = {}): RefundableLine {
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

describe('refund_product totals (spec 03 §5)', () => {
  it('shares the line total by quantity, rounded half up to cents', () => {
    expect(shareOf(d('10'), 1, 3)).toBe(d('3.33'));
    expect(shareOf(d('10'), 2, 3)).toBe(d('6.67'));
    expect(shareOf(d('0.05'), 1, 2)).toBe(d('0.03'));
    expect(shareOf(d('90'), 1, 2)).toBe(d('45'));
    expect(shareOf(d('10'), 0.5, 1.5)).toBe(d('3.33'));
    expect(shareOf(0, 1, 2)).toBe(0);
  });

  it('matches the demo seed rule on whole quantities (2 × 45.00, one back → 45.00)', () => {
    const runner = line('45', 2);
    const answer = refundLine(runner, { refundType: 'refund_product', quantity: 1 }, INTEGERS);
    expect(answer).toMatchObject({ ok: true, refund: { total_price: d('45'), quantity: 1, unit_price: d('45'), tax_value: d('2.55') } });
  });

  it('one unit share truncates to cents (spec 03 §9): one of three units of 20.00 is 6.66', () => {
    expect(unitShareOf(d('20'), 3)).toBe(d('6.66'));
    expect(unitShareOf(d('10.01'), 3)).toBe(d('3.33'));
    expect(unitShareOf(d('0.05'), 2)).toBe(d('0.02'));
    expect(unitShareOf(d('10'), 1.5)).toBe(d('6.66'));
    expect(unitShareOf(0, 3)).toBe(0);
  });

  it('a line sharing a cart discount refunds its net: 3 glasses of 10.00 carrying 0.04 give back 9.98, 9.98, 10.00', () => {
    // The server hands the refund rules the line's net (total_price − its share of the order discount): 29.96.
    let current = line('10', 3, { totalPrice: d('29.96') });
    const totals: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = refundLine(current, { refundType: 'refund_product', quantity: 1 }, INTEGERS);
      if (!answer.ok) throw new Error(answer.message);
      totals.push(answer.refund.total_price);
      current = afterRefund(current, answer.refund);
    }
    expect(totals).toEqual([d('9.98'), d('9.98'), d('10')]);
    expect(current.refundedTotal).toBe(d('29.96'));
  });

  it('3 units sharing 20.00 returned one at a time give back 6.66, 6.66, 6.68: the last unit takes the rest', () => {
    let current = line('6.6667', 3, { totalPrice: d('20') });
    const totals: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = refundLine(current, { refundType: 'refund_product', quantity: 1 }, INTEGERS);
      if (!answer.ok) throw new Error(answer.message);
      totals.push(answer.refund.total_price);
      current = afterRefund(current, answer.refund);
    }
    expect(totals).toEqual([d('6.66'), d('6.66'), d('6.68')]);
    expect(current.refundedTotal).toBe(d('20'));
    expect(refundLine(current, { refundType: 'refund_product', quantity: 1 }, INTEGERS)).toEqual({
      ok: false,
      message: NOT_ENOUGH_QUANTITY_MESSAGE,
      field: 'quantity',
    });
  });

  it('two of three units at once share 13.32; the last one 6.68', () => {
    const sold = line('6.6667', 3, { totalPrice: d('20') });
    expect(productRefundTotal(sold, 2)).toBe(d('13.32'));
    expect(productRefundTotal({ ...sold, refundedQuantity: 2, refundedTotal: d('13.32') }, 1)).toBe(d('6.68'));
    expect(productRefundTotal(sold, 3)).toBe(d('20'));
  });

  it('shares the line discount and keeps its type', () => {
    const discounted = { ...line('10', 4), totalPrice: d('36'), discountType: 'percentage' as const, discountPercentage: 100_000, discount: d('4') };
    const answer = refundLine(discounted, { refundType: 'refund_product', quantity: 1 }, INTEGERS);
    expect(answer).toMatchObject({ ok: true, refund: { total_price: d('9'), discount: d('1'), discount_type: 'percentage', discount_percentage: 100_000 } });
  });

  it('exclusive lines refund no tax', () => {
    const answer = refundLine(line('10', 2, { taxType: 'exclusive' }), { refundType: 'refund_product', quantity: 1 }, INTEGERS);
    expect(answer).toMatchObject({ ok: true, refund: { total_price: d('10'), tax_value: 0 } });
  });

  it.each<[string, number, number, boolean, string]>([
    ['above what remains', 3, 0, false, QUANTITY_EXCEEDS_MESSAGE],
    ['nothing left', 1, 2, false, NOT_ENOUGH_QUANTITY_MESSAGE],
    ['not a whole number', 1.5, 0, false, QUANTITY_INTEGER_MESSAGE],
    ['zero', 0, 0, true, NOTHING_TO_REFUND_MESSAGE],
  ])('refuses a quantity %s', (_name, quantity, refunded, decimals, message) => {
    const answer = refundLine(line('10', 2, { refundedQuantity: refunded }), { refundType: 'refund_product', quantity }, { allowDecimalQuantities: decimals });
    expect(answer).toMatchObject({ ok: false, message });
  });

  it('takes decimal quantities when the option allows them', () => {
    const answer = refundLine(line('10', 2.5), { refundType: 'refund_product', quantity: 0.5 }, { allowDecimalQuantities: true });
    expect(answer).toMatchObject({ ok: true, refund: { total_price: d('5') } });
  });
});

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

describe('refund total and payments (spec 03 §5 "Refund payment")', () => {
  it('adds the shipping and refuses nothing or more than remains paid', () => {
    expect(refundTotal([d('10'), d('5')], d('7.5'), d('100'))).toEqual({ ok: true, total: d('22.5') });
    expect(refundTotal([], 0, d('100'))).toEqual({ ok: false, message: NOTHING_TO_REFUND_MESSAGE });
    expect(refundTotal([d('60')], 0, d('50'))).toEqual({ ok: false, message: REFUND_EXCEEDS_PAID_MESSAGE });
    expect(refundableOfOrder({ total: d('90.99'), tendered: d('100'), refunded: 0 })).toBe(d('90.99'));
    expect(refundableOfOrder({ total: d('190'), tendered: d('95'), refunded: d('20') })).toBe(d('75'));
  });

  it('checks the payment list', () => {
    const total = d('30');
    expect(refundPayments([{ identifier: 'cash-payment' }], total)).toEqual({ ok: true, payments: [{ identifier: 'cash-payment', value: total }] });
    expect(
      refundPayments(
        [
          { identifier: 'cash-payment', refundValue: d('10') },
          { identifier: 'card', refundValue: d('20') },
        ],
        total,
      ),
    ).toEqual({
      ok: true,
      payments: [
        { identifier: 'cash-payment', value: d('10') },
        { identifier: 'card', value: d('20') },
      ],
    });
    expect(refundPayments([], total)).toEqual({ ok: false, message: SELECT_GATEWAY_MESSAGE });
    expect(
      refundPayments(
        [
          { identifier: 'card', refundValue: d('10') },
          { identifier: 'card', refundValue: d('20') },
        ],
        total,
      ),
    ).toEqual({ ok: false, message: GATEWAY_ONCE_MESSAGE });
    expect(refundPayments([{ identifier: 'card', refundValue: d('10') }], total)).toEqual({ ok: false, message: PAYMENTS_SUM_MESSAGE });
    expect(refundPayments([{ identifier: 'card', refundValue: 0 }], total)).toEqual({ ok: false, message: PAYMENT_AMOUNT_MESSAGE });
    expect(refundPayments([{ identifier: 'card', refundValue: d('31') }], total)).toEqual({ ok: false, message: PAYMENT_AMOUNT_MESSAGE });
    expect(refundPayments([{ identifier: 'card' }, { identifier: 'cash-payment', refundValue: d('30') }], total)).toEqual({
      ok: false,
      message: PAYMENT_AMOUNT_MESSAGE,
    });
  });
});

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
