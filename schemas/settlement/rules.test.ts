import { describe, expect, it } from 'vitest';
import { fromDecimal } from '../money';
import { vendorBalance } from '../vendors';
import { advanceOf, availableToSettle, defaultThrough, owedAfterPosted, payoutRefusal, periodStartAfter, suggestedAction, type PayoutLike } from './rules';

const m = fromDecimal;

describe('settlement rules', () => {
  it('works the published mall statement: 360.00 sales, 8.5 % commission, 172.80 rent pay out 156.60', () => {
    const { balance } = vendorBalance({
      salesWithoutTax: m(360),
      commission: m(30.6),
      purchasesWithoutTax: 0,
      monthlyRent: m(172.8),
      previousMonthNet: 0,
      fees: 0,
      balancePayments: 0,
      credits: 0,
    });
    expect(balance).toBe(m(156.6));
  });

  it('takes posted payouts off and adds posted invoices; pending ones count only against what may still be paid', () => {
    const payouts: PayoutLike[] = [
      { kind: 'payout', status: 'posted', amount: m(100) },
      { kind: 'payout', status: 'printed', amount: m(20) },
      { kind: 'payout', status: 'reversed', amount: m(50) },
      { kind: 'payout', status: 'cancelled', amount: m(7) },
    ];
    expect(owedAfterPosted(m(156.6), payouts)).toBe(m(56.6));
    expect(availableToSettle(m(156.6), payouts)).toBe(m(36.6));
    expect(owedAfterPosted(m(-40), [{ kind: 'invoice', status: 'posted', amount: m(40) }])).toBe(0);
  });

  it('suggests pay, roll over, carry or invoice', () => {
    expect(suggestedAction(m(156.6), m(10), 'carry')).toBe('pay');
    expect(suggestedAction(m(9.99), m(10), 'carry')).toBe('roll_over');
    expect(suggestedAction(m(-5), m(10), 'carry')).toBe('carry');
    expect(suggestedAction(m(-5), m(10), 'invoice')).toBe('invoice');
    expect(suggestedAction(0, m(10), 'invoice')).toBe('settled');
  });

  it('defaults to the end of last month and starts the day after the last run', () => {
    expect(defaultThrough('2026-03-01')).toBe('2026-02-28');
    expect(defaultThrough('2026-01-15')).toBe('2025-12-31');
    expect(periodStartAfter(null, '2026-02-28')).toBe('2026-02-01');
    expect(periodStartAfter('2026-01-31', '2026-02-28')).toBe('2026-02-01');
    expect(periodStartAfter('2026-02-15', '2026-02-28')).toBe('2026-02-16');
  });

  it('refuses payouts above the balance unless confirmed as an advance, below the minimum, and invoices the policy does not allow', () => {
    const context = { available: m(156.6), minimumPayout: m(10), policy: 'carry' as const };
    const cheque = { kind: 'payout' as const, method: 'cheque' as const, reference: '1001', amount: m(156.6), advance: false };
    expect(payoutRefusal(cheque, context)).toBeNull();
    expect(payoutRefusal({ ...cheque, reference: null }, context)).toEqual({ field: 'reference', message: 'Enter the cheque number.' });
    expect(payoutRefusal({ ...cheque, amount: m(200) }, context)).toEqual({
      field: 'advance',
      message: 'This payout is more than the 156.60 owed. Confirm it as an advance.',
    });
    expect(payoutRefusal({ ...cheque, amount: m(200), advance: true }, context)).toBeNull();
    expect(advanceOf(m(200), m(156.6))).toBe(m(43.4));
    expect(payoutRefusal({ ...cheque, amount: m(5) }, { ...context, available: m(5) })).toEqual({
      field: 'amount',
      message: "The balance of 5.00 is below the store's minimum payout of 10.00; it rolls over to the next settlement.",
    });
    const invoice = { kind: 'invoice' as const, method: null, reference: null, amount: m(40), advance: false };
    expect(payoutRefusal(invoice, { ...context, available: m(-40) })?.message).toBe('This store carries negative balances forward; it does not invoice them.');
    expect(payoutRefusal(invoice, { ...context, available: m(-40), policy: 'invoice' })).toBeNull();
    expect(payoutRefusal({ ...invoice, amount: m(41) }, { ...context, available: m(-40), policy: 'invoice' })?.message).toBe(
      'The invoice is more than the 40.00 the vendor owes.',
    );
  });
});
