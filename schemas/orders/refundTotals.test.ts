import { describe, expect, it } from 'vitest';
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
  afterRefund,
  productRefundTotal,
  refundLine,
  refundPayments,
  refundTotal,
  refundableOfOrder,
  shareOf,
  unitShareOf,
} from './refundTotals';
import { INTEGERS, d, line } from './testRefundLine';

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
