import { describe, expect, it } from 'vitest';
import { fromDecimal } from '../money';
import type { PaymentStatus } from '../paymentStatus';
import { paymentStatusOf, UNPAID_THRESHOLD, type PaymentStatusInput } from './paymentStatus';
import { seededRandom } from './testRandom';

const d = fromDecimal;

describe('payment status (spec 03 §4, §9)', () => {
  it.each<[string, PaymentStatusInput, PaymentStatus]>([
    ['nothing paid', { total: d('10'), tendered: 0 }, 'unpaid'],
    ['part paid', { total: d('10'), tendered: d('4') }, 'partially_paid'],
    ['remaining exactly 0.1 → still owing', { total: d('10'), tendered: d('9.9') }, 'partially_paid'],
    ['remaining below 0.1 → paid', { total: d('10'), tendered: d('9.91') }, 'paid'],
    ['fully paid', { total: d('10'), tendered: d('10') }, 'paid'],
    ['overpaid (change)', { total: d('10'), tendered: d('20') }, 'paid'],
    ['zero total', { total: 0, tendered: 0 }, 'paid'],
    ['all refunded', { total: d('10'), tendered: d('10'), refunded: d('10') }, 'refunded'],
    ['part refunded', { total: d('10'), tendered: d('10'), refunded: d('3') }, 'partially_refunded'],
    ['hold kept', { total: d('10'), tendered: 0, current: 'hold' }, 'hold'],
    ['void kept', { total: d('10'), tendered: d('10'), refunded: d('10'), current: 'order_void' }, 'order_void'],
    ['a stored paid is recomputed', { total: d('10'), tendered: 0, current: 'paid' }, 'unpaid'],
  ])('%s → %s', (_name, input, status) => {
    expect(paymentStatusOf(input)).toBe(status);
  });

  it('property: status consistent with payments', () => {
    const random = seededRandom(9);
    for (let i = 0; i < 3000; i += 1) {
      const total = random.int(0, 10_000_000);
      const payments = Array.from({ length: random.int(0, 4) }, () => random.int(0, 4_000_000));
      const tendered = payments.reduce((a, b) => a + b, 0);
      const status = paymentStatusOf({ total, tendered });
      const remaining = total - tendered;
      if (status === 'paid') expect(remaining).toBeLessThan(UNPAID_THRESHOLD);
      else expect(remaining).toBeGreaterThanOrEqual(UNPAID_THRESHOLD);
      if (status === 'unpaid') expect(tendered).toBe(0);
      if (status === 'partially_paid') expect(tendered).toBeGreaterThan(0);
      const refunded = random.int(1, tendered + 1);
      const afterRefund = paymentStatusOf({ total, tendered, refunded });
      expect(['refunded', 'partially_refunded']).toContain(afterRefund);
      expect(paymentStatusOf({ total, tendered, refunded, current: random.pick(['hold', 'order_void'] as const) })).not.toMatch(/paid|refunded/);
    }
  });
});
