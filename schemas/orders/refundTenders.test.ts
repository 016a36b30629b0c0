import { describe, expect, it } from 'vitest';
import { paymentStatusOf } from './paymentStatus';
import { refundableOfOrder } from './refundTotals';
import { accountRefundRestores, chosenTenderRefusal, splitRefund, tenderExceeds, tenderRefundable } from './refundTenders';

// Amounts are ten-thousandths: 500000 is 50.00; a cent is 100.
const CASH = 'cash-payment';
const CENT = 100;

describe('what each tender can still give back', () => {
  it('a card gives back its charge less the fee the store keeps', () => {
    // 50.00 sale, card fee 3 % + 0.30 = 1.80: the card payment is 51.80 carrying 1.80.
    expect(tenderRefundable([{ identifier: 'card', value: 518000, fee: 18000 }], [], 0, CASH)).toEqual([{ identifier: 'card', value: 500000 }]);
  });

  it('cash gives back what it brought less the change handed back, in first-paid order', () => {
    expect(
      tenderRefundable(
        [
          { identifier: 'card', value: 600000 },
          { identifier: CASH, value: 500000 },
        ],
        [],
        100000,
        CASH,
      ),
    ).toEqual([
      { identifier: 'card', value: 600000 },
      { identifier: CASH, value: 400000 },
    ]);
  });

  it('earlier refunds lower their own tender; one paid in another tender lowers the last ones', () => {
    expect(
      tenderRefundable(
        [
          { identifier: 'account-payment', value: 700000 },
          { identifier: CASH, value: 300000 },
        ],
        [{ identifier: 'account-payment', value: 350000 }],
        0,
        CASH,
      ),
    ).toEqual([
      { identifier: 'account-payment', value: 350000 },
      { identifier: CASH, value: 300000 },
    ]);
    // Paid 100.00 from the account, 40.00 given back in cash on purpose: the account can give back 60.00 more.
    expect(tenderRefundable([{ identifier: 'account-payment', value: 1000000 }], [{ identifier: CASH, value: 400000 }], 0, CASH)).toEqual([
      { identifier: 'account-payment', value: 600000 },
    ]);
    expect(tenderRefundable([{ identifier: CASH, value: 200000 }], [{ identifier: CASH, value: 200000 }], 0, CASH)).toEqual([]);
  });
});

describe('the default split of a refund over the tenders', () => {
  it('shares in proportion to what each tender can give back', () => {
    // Paid 60.00 by card and 40.00 in cash; the 50.00 line comes back: 30.00 to the card, 20.00 in cash.
    expect(
      splitRefund(
        500000,
        [
          { identifier: 'card', value: 600000 },
          { identifier: CASH, value: 400000 },
        ],
        CENT,
      ),
    ).toEqual([
      { identifier: 'card', value: 300000 },
      { identifier: CASH, value: 200000 },
    ]);
  });

  it('gives the cent of a rounding to the largest remainder, then to the first paid', () => {
    expect(
      splitRefund(
        333300,
        [
          { identifier: 'card', value: 600000 },
          { identifier: CASH, value: 400000 },
        ],
        CENT,
      ),
    ).toEqual([
      { identifier: 'card', value: 200000 },
      { identifier: CASH, value: 133300 },
    ]);
    expect(
      splitRefund(
        100000,
        [
          { identifier: 'card', value: 100000 },
          { identifier: CASH, value: 100000 },
          { identifier: 'bank-payment', value: 100000 },
        ],
        CENT,
      ),
    ).toEqual([
      { identifier: 'card', value: 33400 },
      { identifier: CASH, value: 33300 },
      { identifier: 'bank-payment', value: 33300 },
    ]);
  });

  it('works in whole units of the currency (precision 0: steps of 1)', () => {
    expect(
      splitRefund(
        70000,
        [
          { identifier: 'card', value: 50000 },
          { identifier: CASH, value: 50000 },
        ],
        10_000,
      ),
    ).toEqual([
      { identifier: 'card', value: 40000 },
      { identifier: CASH, value: 30000 },
    ]);
  });

  it('one tender takes it all; what is below a step goes to the first tender', () => {
    expect(splitRefund(700000, [{ identifier: 'account-payment', value: 1000000 }], CENT)).toEqual([{ identifier: 'account-payment', value: 700000 }]);
    expect(splitRefund(100050, [{ identifier: CASH, value: 200000 }], CENT)).toEqual([{ identifier: CASH, value: 100050 }]);
  });

  it('refuses what the tenders cannot give back', () => {
    expect(splitRefund(500001, [{ identifier: 'card', value: 500000 }], CENT)).toBeNull();
    expect(splitRefund(0, [{ identifier: 'card', value: 500000 }], CENT)).toBeNull();
    expect(splitRefund(100, [], CENT)).toBeNull();
  });
});

describe('tenders chosen by staff', () => {
  const tenders = [
    { identifier: 'account-payment', value: 700000 },
    { identifier: CASH, value: 300000 },
  ];
  it('a tender other than cash gives back at most what it took', () => {
    expect(chosenTenderRefusal([{ identifier: 'account-payment', value: 800000 }], tenders, CASH)).toEqual({ identifier: 'account-payment', most: 700000 });
    expect(chosenTenderRefusal([{ identifier: 'card', value: 100 }], tenders, CASH)).toEqual({ identifier: 'card', most: 0 });
    expect(chosenTenderRefusal([{ identifier: 'account-payment', value: 700000 }], tenders, CASH)).toBeNull();
    expect(tenderExceeds('Vendor Account', 700000)).toBe('The Vendor Account payment can give back at most 70 on this order.');
  });

  it("cash, the store's own drawer, may pay any part", () => {
    expect(chosenTenderRefusal([{ identifier: CASH, value: 1000000 }], tenders, CASH)).toBeNull();
  });
});

describe('a vendor account given back, without tax', () => {
  it('restores the purchases in the proportion the account paid, exactly in total', () => {
    // Bought 60.00 without tax, paid 63.60 from the account; three refunds of 21.20 restore 20.00 each.
    expect(accountRefundRestores(600000, 636000, [212000, 212000, 212000])).toEqual([200000, 200000, 200000]);
    // 10.00 restores 9.4339 (truncated); the rest restores exactly what is left of 60.00.
    expect(accountRefundRestores(600000, 636000, [100000, 536000])).toEqual([94339, 505661]);
  });

  it('never more than the purchases, nothing without an account payment', () => {
    expect(accountRefundRestores(600000, 636000, [636000, 100000])).toEqual([600000, 0]);
    expect(accountRefundRestores(600000, 0, [100000])).toEqual([0]);
  });
});

describe('the card fee on returns: kept by the store', () => {
  // 50.00 sale paid by card with a 3 % + 0.30 fee: total 51.80, tendered 51.80, card fee 1.80.
  it('a full return gives back 50.00 and reads refunded', () => {
    expect(refundableOfOrder({ total: 518000, tendered: 518000, refunded: 0, keptFees: 18000 })).toBe(500000);
    expect(paymentStatusOf({ total: 518000, tendered: 518000, refunded: 500000, keptFees: 18000 })).toBe('refunded');
    expect(refundableOfOrder({ total: 518000, tendered: 518000, refunded: 500000, keptFees: 18000 })).toBe(0);
  });

  it('less than the goods reads partially refunded', () => {
    expect(paymentStatusOf({ total: 518000, tendered: 518000, refunded: 499900, keptFees: 18000 })).toBe('partially_refunded');
  });
});
