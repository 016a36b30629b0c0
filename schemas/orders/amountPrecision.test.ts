import { describe, expect, it } from 'vitest';
import { finerThanPrecision, tooManyDecimals } from './amountPrecision';

describe('amounts finer than the currency precision', () => {
  it('names every amount with more decimals than the precision, by its path', () => {
    const body = {
      products: [{ unit_price: 10.005, quantity: 1.5, discount: 0.5, discount_percentage: 12.5 }, { unit_price: 3 }],
      payments: [
        { identifier: 'cash-payment', value: 0.001 },
        { identifier: 'card', value: 5.1 },
      ],
      shipping: 2.25,
      instalments: [{ date: '2026-01-01', amount: 1.999 }],
    };
    expect(finerThanPrecision(body, 2)).toEqual(['products.0.unit_price', 'payments.0.value', 'instalments.0.amount']);
    expect(finerThanPrecision(body, 0)).toEqual([
      'products.0.unit_price',
      'products.0.discount',
      'payments.0.value',
      'payments.1.value',
      'shipping',
      'instalments.0.amount',
    ]);
    expect(finerThanPrecision(body, 4)).toEqual([]);
  });

  it('reads refund bodies (single payment entry, refundValue, total) and ignores quantities and percentages', () => {
    expect(finerThanPrecision({ products: [{ id: 1, quantity: 0.125 }], total: 6.666, payment: { identifier: 'card', refundValue: 6.666 } }, 2)).toEqual([
      'total',
      'payment.refundValue',
    ]);
    expect(finerThanPrecision({ instalment: { amount: 0.1 } }, 1)).toEqual([]);
    expect(finerThanPrecision({ instalment: { amount: 0.15 } }, 1)).toEqual(['instalment.amount']);
  });

  it('says how many decimals the currency takes', () => {
    expect(tooManyDecimals(2)).toBe('The amount must have at most 2 decimals in this currency.');
    expect(tooManyDecimals(1)).toBe('The amount must have at most 1 decimal in this currency.');
    expect(tooManyDecimals(0)).toBe('The amount must be a whole number in this currency.');
  });
});
