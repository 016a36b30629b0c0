import { describe, expect, it } from 'vitest';
import { fromDecimal } from '../money';
import { cardFee, feeOf, manualCardFee, roundUp, type CardFeeOptions } from './cardFee';
import { seededRandom } from './testRandom';

const d = fromDecimal;
const on: CardFeeOptions = { ns_pos_creditcard_toggle_fee: '1', ns_pos_creditcard_percentage_fee: '2.5', ns_pos_creditcard_flat_fee: '0.30' };

describe('card fee (spec 03 §9)', () => {
  it.each<[string, string, CardFeeOptions, string]>([
    ['percentage + flat', '100', on, '2.8'],
    ['percentage truncated to cents', '33.33', { ...on, ns_pos_creditcard_percentage_fee: '2.9' }, '1.26'],
    ['toggle off', '100', { ...on, ns_pos_creditcard_toggle_fee: '0' }, '0'],
    ['toggle missing', '100', { ns_pos_creditcard_percentage_fee: 3 }, '0'],
    ['toggle as number', '10', { ...on, ns_pos_creditcard_toggle_fee: 1 }, '0.55'],
    ['rounded up to precision 0', '33.33', { ...on, ns_pos_creditcard_percentage_fee: '2.9', ns_currency_precision: '0' }, '2'],
    ['nothing on a zero amount', '0', on, '0'],
  ])('%s: %s → %s', (_name, amount, options, fee) => {
    expect(cardFee(d(amount), options)).toBe(d(fee));
  });

  it('manual variant uses its own percentage and flat options', () => {
    const options: CardFeeOptions = { ...on, ns_pos_creditcard_manual_percentage_fee: '4', ns_pos_creditcard_manual_flat_fee: '1' };
    expect(manualCardFee(d('50'), options)).toBe(d('3'));
    expect(manualCardFee(d('50'), { ...options, ns_pos_creditcard_toggle_fee: '0' })).toBe(0);
  });

  it('round up gives the roundup field', () => {
    expect(roundUp(d('1.2345'))).toEqual({ amount: d('1.24'), roundup: d('0.0055') });
    expect(roundUp(d('1.20'))).toEqual({ amount: d('1.2'), roundup: 0 });
    expect(roundUp(d('1.2'), 0)).toEqual({ amount: d('2'), roundup: d('0.8') });
  });

  it('property: fee is at least the flat, whole at the precision, and never negative', () => {
    const random = seededRandom(5);
    for (let i = 0; i < 2000; i += 1) {
      const amount = random.int(1, 50_000_000);
      const flat = random.int(0, 100) * 100;
      const precision = random.int(0, 4);
      const fee = feeOf(amount, random.int(0, 10), flat, precision);
      expect(fee).toBeGreaterThanOrEqual(flat);
      expect(fee % 10 ** (4 - precision)).toBe(0);
    }
  });
});

describe('one roundup rule: what the till asks, what settles and what shows are the same number', () => {
  const fees: CardFeeOptions = { ns_pos_creditcard_toggle_fee: '1', ns_pos_creditcard_percentage_fee: '3', ns_pos_creditcard_flat_fee: '0.30' };
  it('precision 0: a 10.40 sale is charged 11 (round up 0.60); a card payment of 11 takes a fee of 1 and the total becomes 12', () => {
    expect(roundUp(d('10.40'), 0)).toEqual({ amount: d('11'), roundup: d('0.60') });
    expect(cardFee(d('11'), { ...fees, ns_currency_precision: 0 })).toBe(d('1'));
    // The fee is already whole, so the total rounds up once: 10.40 + 1 → 12, and 11 + 1 tendered settles it.
    expect(roundUp(d('10.40') + d('1'), 0)).toEqual({ amount: d('12'), roundup: d('0.60') });
  });

  it('precision 2: a 10.40 sale is charged 10.40 (no round up); a card payment of 10.40 takes 0.61 (0.31 + 0.30)', () => {
    expect(roundUp(d('10.40'), 2)).toEqual({ amount: d('10.40'), roundup: 0 });
    expect(cardFee(d('10.40'), { ...fees, ns_currency_precision: 2 })).toBe(d('0.61'));
    expect(roundUp(d('10.40') + d('0.61'), 2)).toEqual({ amount: d('11.01'), roundup: 0 });
  });
});
