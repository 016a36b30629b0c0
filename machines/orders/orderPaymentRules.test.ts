import { describe, expect, it } from 'vitest';
import type { OrderAnswer } from '../../schemas/orders/api';
import { makeOrderAnswer, makePayment } from '../../tests/fixtures/orders';
import { PAYMENT_MESSAGES, paymentRefusal } from './orderPaymentRules';

const order = (extra: Partial<OrderAnswer> = {}) =>
  makeOrderAnswer({ payment_status: 'partially_paid', support_instalments: 0, total: 190, tendered: 95, change: 0, left_to_pay: 95, payments: [], ...extra });
const vendor = { id: 5, username: 'vendor', vendor_id: 101 };

describe('order payment rules (spec 03 §2, §5)', () => {
  it("the account pays the server's left_to_pay, not total − tendered: change handed back stays given", () => {
    // 30.00 paid for 25.00 with 8.00 handed back: 3.00 is left although tendered exceeds the total.
    const owing = order({ payment_status: 'partially_paid', total: 25, tendered: 30, change: 8, left_to_pay: 3 });
    expect(paymentRefusal(owing, { identifier: 'account-payment', amount: 3, vendor, balance: 500 })).toBeNull();
    expect(paymentRefusal(owing, { identifier: 'account-payment', amount: 0.01, vendor, balance: 500 })).toBe(PAYMENT_MESSAGES.accountOnce);
  });

  it("refuses a held or voided order with the rule's message", () => {
    const cash = { identifier: 'cash-payment', amount: 10, vendor: null, balance: null };
    expect(paymentRefusal(order({ payment_status: 'hold' }), cash)).toBe('No Payment Possible For Hold Order.');
    expect(paymentRefusal(order({ payment_status: 'order_void' }), cash)).toBe('No Payment Possible For Void Order.');
  });

  it('refuses a paid order, a missing vendor, an invalid amount, a partial or repeated account payment, a short balance', () => {
    const cash = { identifier: 'cash-payment', amount: 10, vendor: null, balance: null };
    const account = { identifier: 'account-payment', amount: 95, vendor, balance: 500 };
    expect(paymentRefusal(order({ payment_status: 'paid' }), cash)).toBe(PAYMENT_MESSAGES.paidOrder);
    expect(paymentRefusal(order(), { ...cash, amount: 0 })).toBe('Please Provide A Valid Payment Amount.');
    expect(paymentRefusal(order(), cash)).toBeNull();
    expect(paymentRefusal(order(), { ...account, vendor: null })).toBe('Please Select A Vendor Account To Continue.');
    expect(paymentRefusal(order(), { ...account, amount: 50 })).toBe(PAYMENT_MESSAGES.accountOnce);
    expect(paymentRefusal(order({ payments: [makePayment({ identifier: 'account-payment', label: 'Vendor account', value: 95 })] }), account)).toBe(
      PAYMENT_MESSAGES.accountOnce,
    );
    expect(paymentRefusal(order(), { ...account, balance: 94.99 })).toBe("This Account Don't Have Enough Balance...");
    expect(paymentRefusal(order(), account)).toBeNull();
  });
});
