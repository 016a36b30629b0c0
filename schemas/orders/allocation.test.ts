import { describe, expect, it } from 'vitest';
import { fromDecimal } from '../money';
import { largestRemainder, orderDiscountShares, orderReduction, withoutTaxPart } from './allocation';

const d = fromDecimal;

describe('largest remainder sharing', () => {
  it('10.00 over three equal lines is 3.34 / 3.33 / 3.33: the leftover cent goes to the first line on a tie', () => {
    expect(largestRemainder(d('10'), [d('1'), d('1'), d('1')])).toEqual([d('3.34'), d('3.33'), d('3.33')]);
  });

  it('the leftover cents go to the largest remainders, not to the first lines', () => {
    // 1.00 over 10 / 20 / 70: 0.10 / 0.20 / 0.70 exactly.
    expect(largestRemainder(d('1'), [d('10'), d('20'), d('70')])).toEqual([d('0.1'), d('0.2'), d('0.7')]);
    // 0.05 over 1 / 1 / 3: exact 0.01 / 0.01 / 0.03.
    expect(largestRemainder(d('0.05'), [d('1'), d('1'), d('3')])).toEqual([d('0.01'), d('0.01'), d('0.03')]);
    // 0.10 over 3 / 3 / 4: 0.03 / 0.03 / 0.04 exactly.
    expect(largestRemainder(d('0.1'), [d('3'), d('3'), d('4')])).toEqual([d('0.03'), d('0.03'), d('0.04')]);
    // 0.02 over 1 / 2 / 2: exact 0.004 / 0.008 / 0.008 → floors 0 / 0 / 0, remainders .4 .8 .8 → the two 2s.
    expect(largestRemainder(d('0.02'), [d('1'), d('2'), d('2')])).toEqual([0, d('0.01'), d('0.01')]);
    // 5.00 over 90.00 and 72.00: 2.7777… and 2.2222… → 2.78 and 2.22.
    expect(largestRemainder(d('5'), [d('90'), d('72')])).toEqual([d('2.78'), d('2.22')]);
  });

  it('ties are broken by line order, whatever the order the remainders were found in', () => {
    expect(largestRemainder(d('0.02'), [d('1'), d('1'), d('1')])).toEqual([d('0.01'), d('0.01'), 0]);
    expect(largestRemainder(d('0.01'), [d('5'), d('5')])).toEqual([d('0.01'), 0]);
  });

  it('an amount finer than cents is shared in ten-thousandths', () => {
    expect(largestRemainder(d('0.0005'), [d('1'), d('1')])).toEqual([d('0.0003'), d('0.0002')]);
  });

  it('nothing to share, or nothing to share it by, gives zeros; a line of 0 takes nothing', () => {
    expect(largestRemainder(0, [d('1'), d('2')])).toEqual([0, 0]);
    expect(largestRemainder(d('1'), [0, 0])).toEqual([0, 0]);
    expect(largestRemainder(d('1'), [])).toEqual([]);
    expect(largestRemainder(d('3'), [d('10'), 0, d('20')])).toEqual([d('1'), 0, d('2')]);
    expect(largestRemainder(d('3'), [d('10'), d('-5'), d('20')])).toEqual([d('1'), 0, d('2')]);
  });
});

describe('order discount shares', () => {
  it('a 10 % cart discount on 100.00 + 50.00 (15.00) is 10.00 and 5.00: the lines sell for 90.00 and 45.00', () => {
    expect(orderDiscountShares([d('100'), d('50')], { discount: d('15'), totalCoupons: 0 })).toEqual([d('10'), d('5')]);
  });

  it('coupons are shared with the discount', () => {
    expect(orderDiscountShares([d('100'), d('50')], { discount: d('10'), totalCoupons: d('5') })).toEqual([d('10'), d('5')]);
  });

  it('never shares more than the lines sell for', () => {
    expect(orderReduction({ discount: d('40'), totalCoupons: d('30') }, d('60'))).toBe(d('60'));
    expect(orderDiscountShares([d('20'), d('40')], { discount: d('40'), totalCoupons: d('30') })).toEqual([d('20'), d('40')]);
  });
});

describe('the part of a line without tax', () => {
  it('takes the tax out in the line’s own ratio, rounded down to ten-thousandths', () => {
    // 100.00 inclusive holds 5.66 of tax: 94.34 without; 90.00 of it is 84.906 without tax.
    expect(withoutTaxPart(d('90'), { totalPrice: d('100'), totalWithoutTax: d('94.34') })).toBe(d('84.906'));
    // 50.00 holds 47.17 without tax: 45.00 of it is 42.453.
    expect(withoutTaxPart(d('45'), { totalPrice: d('50'), totalWithoutTax: d('47.17') })).toBe(d('42.453'));
    // 10.00 of 30.00 holding 28.30: 9.4333… → 9.4333.
    expect(withoutTaxPart(d('10'), { totalPrice: d('30'), totalWithoutTax: d('28.3') })).toBe(d('9.4333'));
  });

  it('an exclusive line is its own figure; nothing of nothing', () => {
    expect(withoutTaxPart(d('45'), { totalPrice: d('50'), totalWithoutTax: d('50') })).toBe(d('45'));
    expect(withoutTaxPart(0, { totalPrice: d('50'), totalWithoutTax: d('50') })).toBe(0);
    expect(withoutTaxPart(d('5'), { totalPrice: 0, totalWithoutTax: 0 })).toBe(0);
  });
});
