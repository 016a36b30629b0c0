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
