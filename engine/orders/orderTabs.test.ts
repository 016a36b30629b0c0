import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../schemas/paymentStatus';
import { canDeleteOrder, canVoidOrder, visibleOrderTabs } from './orderTabs';

const order = (payment_status: PaymentStatus, support_instalments: 0 | 1 = 0, type: 'takeaway' | 'delivery' = 'takeaway') =>
  ({ payment_status, support_instalments, type });

describe('visibleOrderTabs (spec 03 §2)', () => {
  it.each([
    ['paid', ['details', 'payments', 'refund']],
    ['partially_paid', ['details', 'payments', 'refund']],
    ['unpaid', ['details', 'payments', 'refund']],
    ['hold', ['details']],
    ['order_void', ['details']],
    ['refunded', ['details']],
    ['partially_refunded', ['details', 'refund']],
  ] as const)('a takeaway %s order without instalments shows %j to staff', (status, tabs) => {
    expect(visibleOrderTabs(order(status), 'cashier')).toEqual(tabs);
  });

  it('shows Layaway only for partially paid or unpaid orders supporting instalments, never to customers', () => {
    for (const status of PAYMENT_STATUSES) {
      const shown = visibleOrderTabs(order(status, 1), 'admin').includes('layaway');
      expect(shown).toBe(status === 'partially_paid' || status === 'unpaid');
      expect(visibleOrderTabs(order(status, 1), 'customer')).not.toContain('layaway');
      expect(visibleOrderTabs(order(status, 0), 'admin')).not.toContain('layaway');
    }
  });

  it('shows Shipping for delivery orders not void, hold or refunded, never to customers', () => {
    for (const status of PAYMENT_STATUSES) {
      const shown = visibleOrderTabs(order(status, 0, 'delivery'), 'manager').includes('shipping');
      expect(shown).toBe(!['order_void', 'hold', 'refunded'].includes(status));
      expect(visibleOrderTabs(order(status, 0, 'delivery'), 'customer')).not.toContain('shipping');
      expect(visibleOrderTabs(order(status, 0, 'takeaway'), 'manager')).not.toContain('shipping');
    }
  });

  it('gives customers Details, and Payments where staff have it, but never Refund', () => {
    expect(visibleOrderTabs(order('partially_paid', 1, 'delivery'), 'customer')).toEqual(['details', 'payments']);
    expect(visibleOrderTabs(order('partially_refunded'), 'customer')).toEqual(['details']);
    expect(visibleOrderTabs(order('partially_paid', 1, 'delivery'), 'cashier')).toEqual(['details', 'payments', 'refund', 'layaway', 'shipping']);
  });
});

describe('footer actions (spec 03 §4)', () => {
  it('voids paid, partially paid and unpaid orders; deletes those and hold; never for customers', () => {
    for (const status of PAYMENT_STATUSES) {
      expect(canVoidOrder(order(status), 'cashier')).toBe(['paid', 'partially_paid', 'unpaid'].includes(status));
      expect(canDeleteOrder(order(status), 'cashier')).toBe(['paid', 'partially_paid', 'unpaid', 'hold'].includes(status));
      expect(canVoidOrder(order(status), 'customer')).toBe(false);
      expect(canDeleteOrder(order(status), 'customer')).toBe(false);
    }
  });
});
