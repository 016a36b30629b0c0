import { describe, expect, it } from 'vitest';
import { fromDecimal } from '../money';
import { lineCredits, linePurchases, paidPart, type CreditLine, type CreditOrder } from './vendorCredit';

const d = fromDecimal;

/** An exclusive line (no tax in its total) selling for `net` after its share of the order discount. */
const exclusive = (total: string, net: string, refunded = '0'): CreditLine => ({
  net: d(net),
  totalPrice: d(total),
  totalWithoutTax: d(total),
  refunded: d(refunded),
});
const order = (extra: Partial<CreditOrder>): CreditOrder => ({ payment_status: 'paid', total: 0, cardfee: 0, tendered: 0, change: 0, refunded: 0, ...extra });

describe('vendor credit follows the money collected', () => {
  it('a paid 100 + 50 order with 10 % off credits 90 and 45', () => {
    const lines = [exclusive('100', '90'), exclusive('50', '45')];
    expect(lineCredits(lines, order({ total: d('135'), tendered: d('135') }))).toEqual([d('90'), d('45')]);
  });

  it('an inclusive line is credited its net without tax in its own ratio', () => {
    const line: CreditLine = { net: d('90'), totalPrice: d('100'), totalWithoutTax: d('94.34'), refunded: 0 };
    expect(lineCredits([line], order({ total: d('90'), tendered: d('90') }))).toEqual([d('84.906')]);
  });

  it('a layaway paid 30 of 100 credits 30 % of the net; unpaid credits nothing', () => {
    expect(lineCredits([exclusive('100', '100')], order({ payment_status: 'partially_paid', total: d('100'), tendered: d('30') }))).toEqual([d('30')]);
    expect(lineCredits([exclusive('100', '100')], order({ payment_status: 'unpaid', total: d('100') }))).toEqual([0]);
  });

  it('rounds each line down so the credits never exceed what was collected', () => {
    // 10.00 of 30.00 paid over three lines of 10.00: 3.3333 each, 9.9999 in all.
    const lines = [exclusive('10', '10'), exclusive('10', '10'), exclusive('10', '10')];
    expect(lineCredits(lines, order({ payment_status: 'partially_paid', total: d('30'), tendered: d('10') }))).toEqual([d('3.3333'), d('3.3333'), d('3.3333')]);
  });

  it('change handed back is not collected; the card fee pays the card company, not the goods', () => {
    expect(lineCredits([exclusive('22', '22')], order({ total: d('22'), tendered: d('30'), change: d('8') }))).toEqual([d('22')]);
    // 50 by card with a 1.80 fee on a 100 layaway: 50 % of the goods are paid.
    expect(paidPart(order({ payment_status: 'partially_paid', total: d('101.8'), cardfee: d('1.8'), tendered: d('51.8') }))).toEqual([d('50'), d('100')]);
    expect(
      lineCredits([exclusive('100', '100')], order({ payment_status: 'partially_paid', total: d('101.8'), cardfee: d('1.8'), tendered: d('51.8') })),
    ).toEqual([d('50')]);
  });

  it('a returned line is credited nothing; the line kept keeps its credit', () => {
    const lines = [exclusive('100', '90', '90'), exclusive('50', '45')];
    expect(lineCredits(lines, order({ payment_status: 'partially_refunded', total: d('135'), tendered: d('135'), refunded: d('90') }))).toEqual([0, d('45')]);
  });

  it('a layaway with a returned line credits what the money kept pays of the goods left', () => {
    // Total 100 (lines 80 + 20), paid 30, the 20 line returned: 10 kept on 80 of goods → 1/8 of 80.
    const lines = [exclusive('80', '80'), exclusive('20', '20', '20')];
    expect(lineCredits(lines, order({ payment_status: 'partially_refunded', total: d('100'), tendered: d('30'), refunded: d('20') }))).toEqual([d('10'), 0]);
  });

  it('voided, held and fully refunded orders credit nothing, whatever was paid', () => {
    for (const payment_status of ['order_void', 'hold', 'refunded'] as const) {
      expect(lineCredits([exclusive('100', '100')], order({ payment_status, total: d('100'), tendered: d('100') }))).toEqual([0]);
    }
  });

  it('a vendor buying through its account is charged the bought nets without tax; only refunds into the account give back', () => {
    const lines = [exclusive('100', '90', '10'), { net: d('45'), totalPrice: d('50'), totalWithoutTax: d('47.17'), refunded: 0 }];
    // 90 + 42.453 charged for an account payment of 135; nothing refunded into the account.
    expect(linePurchases(lines, { paid: d('135'), refunds: [], goods: d('135') })).toEqual([d('90'), d('42.453')]);
    // A cash refund is not listed here: the account stays charged. 45 of the 135 paid back into the account
    // gives back a third of 132.453 (44.151), shared 30 / 14.151 by the lines' parts.
    expect(linePurchases(lines, { paid: d('135'), refunds: [d('45')], goods: d('135') })).toEqual([d('60'), d('28.302')]);
    // Everything the account paid given back: nothing left charged.
    expect(linePurchases(lines, { paid: d('135'), refunds: [d('45'), d('90')], goods: d('135') })).toEqual([0, 0]);
    // The account paid the last 45 of the 135 (the rest came in cash): it is charged a third, 44.151.
    expect(linePurchases(lines, { paid: d('45'), refunds: [], goods: d('135') })).toEqual([d('30'), d('14.151')]);
  });
});
