import { describe, expect, it } from 'vitest';
import { capabilitiesOf } from '../permissions';
import type { PaymentStatus } from '../paymentStatus';
import {
  accountPaymentRefusal,
  ACCOUNT_ONCE,
  actionRefusal,
  allowedActions,
  leftToPay,
  leftToPayAt,
  NOT_ENOUGH_BALANCE,
  refundableOfLine,
  refundableOfOrderState,
  SELECT_VENDOR,
  visibleOrderTabs,
  type OrderAction,
} from './rules';
import type { RefundableLine } from './refundTotals';

// Amounts are ten-thousandths: 220000 is 22.00.

describe('left to pay', () => {
  it.each<[string, { total: number; tendered: number; change: number }, number]>([
    ['nothing paid', { total: 220000, tendered: 0, change: 0 }, 220000],
    ['part paid', { total: 220000, tendered: 100000, change: 0 }, 120000],
    ['paid 30.00 for 22.00, 8.00 handed back', { total: 220000, tendered: 300000, change: 80000 }, 0],
    ['then the total rises to 25.00: 3.00 owed, change stays given', { total: 250000, tendered: 300000, change: 80000 }, 30000],
    ['overpaid without change recorded', { total: 220000, tendered: 300000, change: 0 }, 0],
  ])('%s', (_, order, expected) => {
    expect(leftToPay(order)).toBe(expected);
  });

  it('a line edit to 25.00 after 30.00 paid for 22.00 with 8.00 change asks 3.00', () => {
    expect(leftToPayAt({ tendered: 300000, change: 80000 }, 250000)).toBe(30000);
    expect(leftToPayAt({ tendered: 300000, change: 80000 }, 220000)).toBe(0);
  });
});

const STAFF = capabilitiesOf('cashier');
const CUSTOMER = capabilitiesOf('customer');

describe('allowed actions by status (staff, layaway order)', () => {
  const row = (status: PaymentStatus) => allowedActions({ payment_status: status, support_instalments: 1 }, STAFF);
  it.each<[PaymentStatus, Record<OrderAction, boolean>]>([
    ['paid', { void: true, delete: true, pay: false, delete_payment: true, refund: true, edit_lines: true, instalments: false }],
    ['partially_paid', { void: true, delete: true, pay: true, delete_payment: true, refund: true, edit_lines: true, instalments: true }],
    ['unpaid', { void: true, delete: true, pay: true, delete_payment: true, refund: false, edit_lines: true, instalments: true }],
    ['hold', { void: false, delete: true, pay: false, delete_payment: false, refund: false, edit_lines: false, instalments: false }],
    ['order_void', { void: false, delete: false, pay: false, delete_payment: false, refund: false, edit_lines: false, instalments: false }],
    ['refunded', { void: false, delete: false, pay: false, delete_payment: false, refund: false, edit_lines: false, instalments: false }],
    ['partially_refunded', { void: false, delete: false, pay: false, delete_payment: false, refund: true, edit_lines: false, instalments: false }],
  ])('%s', (status, expected) => {
    expect(row(status)).toEqual(expected);
  });

  it('a customer may do none of them', () => {
    expect(allowedActions({ payment_status: 'unpaid', support_instalments: 1 }, CUSTOMER)).toEqual({
      void: false,
      delete: false,
      pay: false,
      delete_payment: false,
      refund: false,
      edit_lines: false,
      instalments: false,
    });
  });

  it('an order without layaway takes no instalments', () => {
    expect(allowedActions({ payment_status: 'unpaid', support_instalments: 0 }, STAFF).instalments).toBe(false);
    expect(actionRefusal('instalments', { payment_status: 'unpaid', support_instalments: 0 })).toBe('This order does not support instalments.');
  });

  it('refusals name the status', () => {
    expect(actionRefusal('void', { payment_status: 'hold', support_instalments: 0 })).toBe(
      'Only paid, partially paid and unpaid orders, and partly refunded orders still owing, can be voided.',
    );
    expect(actionRefusal('delete', { payment_status: 'order_void', support_instalments: 0 })).toBe(
      'Only paid, partially paid, unpaid and held orders can be deleted.',
    );
    expect(actionRefusal('pay', { payment_status: 'paid', support_instalments: 0 })).toBe('No Payment Possible For Paid Order.');
    expect(actionRefusal('pay', { payment_status: 'order_void', support_instalments: 0 })).toBe('No Payment Possible For Void Order.');
    expect(actionRefusal('refund', { payment_status: 'unpaid', support_instalments: 0 })).toBe('Unable to refund an order that is Unpaid.');
    expect(actionRefusal('edit_lines', { payment_status: 'refunded', support_instalments: 0 })).toBe(
      'Unable to edit the products of an order that is Refunded.',
    );
    expect(actionRefusal('delete_payment', { payment_status: 'hold', support_instalments: 0 })).toBe('Unable to delete a payment of a Hold order.');
  });
});

const line = (over: Partial<RefundableLine> = {}): RefundableLine => ({
  unitPrice: 100000,
  quantity: 3,
  totalPrice: 300000,
  discountType: null,
  discountPercentage: 0,
  discount: 0,
  taxType: 'inclusive',
  refundedQuantity: 0,
  refundedTotal: 0,
  ...over,
});

describe('refundable per line', () => {
  const paid = { payment_status: 'paid' as const, support_instalments: 0 as const };
  it.each<[string, RefundableLine, { quantity: number; amount: number }]>([
    ['3 × 10.00, nothing refunded', line(), { quantity: 3, amount: 300000 }],
    ['one unit refunded', line({ refundedQuantity: 1, refundedTotal: 100000 }), { quantity: 2, amount: 200000 }],
    ['all refunded', line({ refundedQuantity: 3, refundedTotal: 300000 }), { quantity: 0, amount: 0 }],
    [
      '3 units for 10.00, one returned for 3.33: the last two hold 6.67',
      line({ totalPrice: 100000, refundedQuantity: 1, refundedTotal: 33300 }),
      { quantity: 2, amount: 66700 },
    ],
    [
      'a price refund took 4.00: every unit stays returnable, the line holds 26.00',
      line({ refundedQuantity: 0, refundedTotal: 40000 }),
      { quantity: 3, amount: 260000 },
    ],
  ])('%s', (_, refundable, expected) => {
    expect(refundableOfLine(refundable, paid)).toEqual(expected);
  });

  it('nothing while the order refuses refunds', () => {
    expect(refundableOfLine(line(), { payment_status: 'unpaid', support_instalments: 0 })).toEqual({ quantity: 0, amount: 0 });
    expect(refundableOfLine(line(), { payment_status: 'order_void', support_instalments: 0 })).toEqual({ quantity: 0, amount: 0 });
  });

  it('the order gives back what the store kept less earlier refunds', () => {
    const order = { payment_status: 'paid' as const, support_instalments: 0 as const, total: 220000, tendered: 300000, change: 80000 };
    expect(refundableOfOrderState({ ...order, refunded: 0 })).toBe(220000);
    expect(refundableOfOrderState({ ...order, refunded: 50000, payment_status: 'partially_refunded' })).toBe(170000);
    expect(refundableOfOrderState({ ...order, refunded: 0, payment_status: 'order_void' })).toBe(0);
  });
});

describe('Order Options tabs (spec 03 §2)', () => {
  const tabs = (status: PaymentStatus, caps = STAFF, type: 'takeaway' | 'delivery' = 'delivery', support_instalments: 0 | 1 = 1) =>
    visibleOrderTabs({ payment_status: status, support_instalments, type }, caps);
  it.each<[PaymentStatus, string[]]>([
    ['paid', ['details', 'payments', 'refund', 'shipping']],
    ['partially_paid', ['details', 'payments', 'refund', 'layaway', 'shipping']],
    ['unpaid', ['details', 'payments', 'refund', 'layaway', 'shipping']],
    ['hold', ['details']],
    ['order_void', ['details']],
    ['refunded', ['details']],
    ['partially_refunded', ['details', 'refund', 'shipping']],
  ])('staff, delivery with layaway, %s', (status, expected) => {
    expect(tabs(status)).toEqual(expected);
  });

  it('a customer sees Details and Payments only', () => {
    expect(tabs('unpaid', CUSTOMER)).toEqual(['details', 'payments']);
  });

  it('takeaway without layaway: no Shipping, no Layaway', () => {
    expect(tabs('unpaid', STAFF, 'takeaway', 0)).toEqual(['details', 'payments', 'refund']);
  });
});

describe('vendor account payment', () => {
  const ok = { vendorChosen: true, usedBefore: false, value: 250000, leftToPay: 250000, balance: 1000000 };
  it.each<[string, Parameters<typeof accountPaymentRefusal>[0], ReturnType<typeof accountPaymentRefusal>]>([
    ['the full amount within the balance', ok, null],
    ['no vendor chosen', { ...ok, vendorChosen: false }, { field: 'vendor_id', message: SELECT_VENDOR }],
    ['used before on the order', { ...ok, usedBefore: true }, { field: 'value', message: ACCOUNT_ONCE }],
    ['part of the amount', { ...ok, value: 100000 }, { field: 'value', message: ACCOUNT_ONCE }],
    ['balance below the amount', { ...ok, balance: 249999 }, { field: 'vendor_id', message: NOT_ENOUGH_BALANCE }],
    ['balance exactly the amount', { ...ok, balance: 250000 }, null],
    ['balance unknown', { ...ok, balance: null }, { field: 'vendor_id', message: NOT_ENOUGH_BALANCE }],
  ])('%s', (_, input, expected) => {
    expect(accountPaymentRefusal(input)).toEqual(expected);
  });
});
