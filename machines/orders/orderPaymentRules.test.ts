import { describe, expect, it } from 'vitest';
import type { OrderAnswer } from '../../schemas/orders/api';
import { PAYMENT_MESSAGES, paymentRefusal, unpaidOf } from './orderPaymentRules';

const order = (extra: Partial<OrderAnswer> = {}) => ({ payment_status: 'partially_paid', total: 190, tendered: 95, payments: [], ...extra }) as unknown as OrderAnswer;
const vendor = { id: 5, username: 'vendor', vendor_id: 101 };

describe('order payment rules (spec 03 §2, §5)', () => {
  it('owes total minus tendered, never below zero', () => {
    expect(unpaidOf({ total: 190, tendered: 95 })).toBe(95);
    expect(unpaidOf({ total: 90.99, tendered: 100 })).toBe(0);
  });

  it('refuses a paid order, a missing vendor, an invalid amount, a partial or repeated account payment, a short balance', () => {
    const cash = { identifier: 'cash-payment', amount: 10, vendor: null, balance: null };
    const account = { identifier: 'account-payment', amount: 95, vendor, balance: 500 };
    expect(paymentRefusal(order({ payment_status: 'paid' }), cash)).toBe(PAYMENT_MESSAGES.paidOrder);
    expect(paymentRefusal(order(), { ...cash, amount: 0 })).toBe('Please Provide A Valid Payment Amount.');
    expect(paymentRefusal(order(), cash)).toBeNull();
    expect(paymentRefusal(order(), { ...account, vendor: null })).toBe('Please Select A Vendor Account To Continue.');
    expect(paymentRefusal(order(), { ...account, amount: 50 })).toBe(PAYMENT_MESSAGES.accountOnce);
    expect(paymentRefusal(order({ payments: [{ identifier: 'account-payment' }] as OrderAnswer['payments'] }), account)).toBe(PAYMENT_MESSAGES.accountOnce);
    expect(paymentRefusal(order(), { ...account, balance: 94.99 })).toBe("This Account Don't Have Enough Balance...");
    expect(paymentRefusal(order(), account)).toBeNull();
  });
});
