import { describe, expect, it } from 'vitest';
import { fromDecimal } from '../money';
import { orderDiscountShares } from './allocation';
import {
  COUPON_CUSTOMER_LIMIT,
  COUPON_EXHAUSTED,
  COUPON_EXPIRED,
  COUPON_NEEDS_CUSTOMER,
  COUPON_NOT_STARTED,
  couponAmount,
  couponDateRefusal,
  couponUsageRefusal,
  normalizeCouponCode,
  type CouponRule,
} from './coupons';

const d = fromDecimal;
const cart10: CouponRule = { type: 'percentage', value: 100_000, target: 'cart', productIds: [], categoryIds: [] };
const lines = [
  { total: d('100'), productId: 1, categoryId: 7 },
  { total: d('50'), productId: 2, categoryId: 8 },
  { total: d('30'), productId: 3, categoryId: 7 },
];

describe('coupon amount', () => {
  it('a 10 % cart coupon on 100.00 + 50.00 + 30.00 takes 18.00, shared later with the cart discount', () => {
    expect(couponAmount(cart10, lines)).toEqual({ value: d('18'), shares: null });
  });

  it('a product coupon takes its percentage of the named lines only, and only they carry it', () => {
    expect(couponAmount({ ...cart10, target: 'products', productIds: [2] }, lines)).toEqual({ value: d('5'), shares: [0, d('5'), 0] });
  });

  it('a flat category coupon is shared by the lines of the category by their totals', () => {
    // 10.00 over 100.00 and 30.00: 7.6923… and 2.3076… → 7.69 and 2.31.
    expect(couponAmount({ type: 'flat', value: d('10'), target: 'categories', productIds: [], categoryIds: [7] }, lines)).toEqual({
      value: d('10'),
      shares: [d('7.69'), 0, d('2.31')],
    });
  });

  it('a flat coupon never takes more than the lines it applies to; none of them gives 0', () => {
    expect(couponAmount({ type: 'flat', value: d('80'), target: 'products', productIds: [2], categoryIds: [] }, lines).value).toBe(d('50'));
    expect(couponAmount({ type: 'flat', value: d('5'), target: 'products', productIds: [9], categoryIds: [] }, lines)).toEqual({ value: 0, shares: [0, 0, 0] });
  });

  it('a 12.5 % coupon on 33.33 rounds to cents: 4.17', () => {
    expect(couponAmount({ ...cart10, value: 125_000 }, [{ total: d('33.33'), productId: null, categoryId: null }]).value).toBe(d('4.17'));
  });
});

describe('line coupons in the order shares', () => {
  it('a line keeps its own coupon part and the cart discount is shared by what is left of each line', () => {
    // Line coupon 5.00 on the 50.00 line; 14.50 of cart discount over 100.00 and 45.00: 10.00 and 4.50.
    expect(orderDiscountShares([d('100'), d('50')], { discount: d('14.5'), totalCoupons: 0 }, [0, d('5')])).toEqual([d('10'), d('9.5')]);
  });
});

describe('coupon validity', () => {
  const period = { valid_from: '2026-11-01', valid_until: '2026-11-30' };

  it('is valid on both ends of its period and refused before and after', () => {
    expect(couponDateRefusal(period, '2026-11-01')).toBeNull();
    expect(couponDateRefusal(period, '2026-11-30')).toBeNull();
    expect(couponDateRefusal(period, '2026-10-31')).toBe(COUPON_NOT_STARTED);
    expect(couponDateRefusal(period, '2026-12-01')).toBe(COUPON_EXPIRED);
    expect(couponDateRefusal({ valid_from: null, valid_until: null }, '2030-01-01')).toBeNull();
  });

  it('refuses an exhausted coupon, a per-customer coupon without a customer, and a customer at the limit', () => {
    expect(couponUsageRefusal({ limit_total: 3, limit_per_customer: null }, 2, null)).toBeNull();
    expect(couponUsageRefusal({ limit_total: 3, limit_per_customer: null }, 3, null)).toBe(COUPON_EXHAUSTED);
    expect(couponUsageRefusal({ limit_total: null, limit_per_customer: 1 }, 5, null)).toBe(COUPON_NEEDS_CUSTOMER);
    expect(couponUsageRefusal({ limit_total: null, limit_per_customer: 1 }, 5, 0)).toBeNull();
    expect(couponUsageRefusal({ limit_total: null, limit_per_customer: 1 }, 5, 1)).toBe(COUPON_CUSTOMER_LIMIT);
  });

  it('codes are compared trimmed and in upper case', () => {
    expect(normalizeCouponCode('  spring10 ')).toBe('SPRING10');
  });
});
