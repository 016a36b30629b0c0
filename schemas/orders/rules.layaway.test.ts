import { describe, expect, it } from 'vitest';
import { capabilitiesOf } from '../permissions';
import { paymentStatusOf } from './paymentStatus';
import { actionRefusal, allowedActions, orderStateOfAnswer, owesAfterRefund, visibleOrderTabs, voidRefundByTender } from './rules';

// Amounts are ten-thousandths: 1000000 is 100.00.

const STAFF = capabilitiesOf('cashier');

describe('a layaway after a refund (total 100, paid 30, a 20 line refunded)', () => {
  it('reads partially refunded, with 70 still owed', () => {
    expect(paymentStatusOf({ total: 1000000, tendered: 300000, refunded: 200000 })).toBe('partially_refunded');
    // Refunding all that was paid (30) still leaves goods owed on: the order stays open.
    expect(paymentStatusOf({ total: 1000000, tendered: 300000, refunded: 300000 })).toBe('partially_refunded');
    // Paid in full after the refund: still partially refunded, nothing owed.
    expect(paymentStatusOf({ total: 1000000, tendered: 1000000, refunded: 200000 })).toBe('partially_refunded');
    // A settled sale refunded in full is refunded.
    expect(paymentStatusOf({ total: 1000000, tendered: 1000000, refunded: 1000000 })).toBe('refunded');
  });

  const owing = { payment_status: 'partially_refunded' as const, support_instalments: 1, total: 1000000, tendered: 300000, change: 0 };
  const settled = { ...owing, tendered: 1000000 };

  it('still takes payments and instalments and can be voided, but not deleted', () => {
    expect(owesAfterRefund(owing)).toBe(true);
    expect(allowedActions(owing, STAFF)).toEqual({
      void: true,
      delete: false,
      pay: true,
      delete_payment: false,
      refund: true,
      edit_lines: false,
      instalments: true,
    });
    expect(actionRefusal('delete', owing)).toBe('Only paid, partially paid, unpaid and held orders can be deleted.');
    expect(actionRefusal('instalments', { ...owing, support_instalments: 0 })).toBe('This order does not support instalments.');
  });

  it('once paid up it behaves as any partially refunded order', () => {
    expect(owesAfterRefund(settled)).toBe(false);
    expect(allowedActions(settled, STAFF)).toEqual({
      void: false,
      delete: false,
      pay: false,
      delete_payment: false,
      refund: true,
      edit_lines: false,
      instalments: false,
    });
    expect(actionRefusal('pay', settled)).toBe('No Payment Possible For Partially Refunded Order.');
    // Less than the unpaid threshold (0.1) is not owed.
    expect(owesAfterRefund({ ...owing, tendered: 999001 })).toBe(false);
  });

  it('without its money the rules read nothing as owed', () => {
    expect(owesAfterRefund({ payment_status: 'partially_refunded', support_instalments: 1 })).toBe(false);
  });

  it('the popup shows Payments and Layaway while money is owed', () => {
    expect(visibleOrderTabs({ ...owing, type: 'takeaway' }, STAFF)).toEqual(['details', 'payments', 'refund', 'layaway']);
    expect(visibleOrderTabs({ ...settled, type: 'takeaway' }, STAFF)).toEqual(['details', 'refund']);
  });

  it('reads an answer (decimals) as ten-thousandths', () => {
    expect(orderStateOfAnswer({ payment_status: 'partially_refunded', support_instalments: 1, total: 100, tendered: 30, change: 0 })).toEqual({
      payment_status: 'partially_refunded',
      support_instalments: 1,
      total: 1000000,
      tendered: 300000,
      change: 0,
    });
  });
});

describe('what a void gives back by tender', () => {
  it('cash less change, card as paid', () => {
    expect(
      voidRefundByTender(
        [
          { identifier: 'card', value: 600000 },
          { identifier: 'cash-payment', value: 500000 },
        ],
        [],
        100000,
        'cash-payment',
      ),
    ).toEqual([
      { identifier: 'card', value: 600000 },
      { identifier: 'cash-payment', value: 400000 },
    ]);
  });

  it('less what earlier refunds gave back in the same tender', () => {
    expect(voidRefundByTender([{ identifier: 'cash-payment', value: 300000 }], [{ identifier: 'cash-payment', value: 200000 }], 0, 'cash-payment')).toEqual([
      { identifier: 'cash-payment', value: 100000 },
    ]);
  });

  it('a refund given in another tender lowers the later tenders, the total is what was kept', () => {
    // Paid 50 by account and 30 by card; 40 already refunded in cash: 40 kept, given back in the first tenders.
    expect(
      voidRefundByTender(
        [
          { identifier: 'account-payment', value: 500000 },
          { identifier: 'card', value: 300000 },
        ],
        [{ identifier: 'cash-payment', value: 400000 }],
        0,
        'cash-payment',
      ),
    ).toEqual([{ identifier: 'account-payment', value: 400000 }]);
  });

  it('nothing paid, nothing back', () => {
    expect(voidRefundByTender([], [], 0, 'cash-payment')).toEqual([]);
    expect(voidRefundByTender([{ identifier: 'cash-payment', value: 200000 }], [{ identifier: 'cash-payment', value: 200000 }], 0, 'cash-payment')).toEqual([]);
  });

  it("keeps a card payment's fee, as a refund does: 51.80 carrying 1.80 gives back 50.00", () => {
    expect(voidRefundByTender([{ identifier: 'card', value: 518000, fee: 18000 }], [], 0, 'cash-payment')).toEqual([{ identifier: 'card', value: 500000 }]);
  });
});
