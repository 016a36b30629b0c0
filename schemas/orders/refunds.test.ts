import { describe, expect, it } from 'vitest';
import { availableQuantity, NOTHING_TO_REFUND_MESSAGE, QUANTITY_EXCEEDS_MESSAGE, refundableQuantity } from './refunds';
import { seededRandom } from './testRandom';

describe('refundable quantity (spec 03 §5, §8)', () => {
  it.each([
    [5, 0, 2, { ok: true, quantity: 2, available: 5 }],
    [5, 3, 2, { ok: true, quantity: 2, available: 2 }],
    [5, 3, 3, { ok: false, message: QUANTITY_EXCEEDS_MESSAGE, available: 2 }],
    [5, 5, 1, { ok: false, message: NOTHING_TO_REFUND_MESSAGE, available: 0 }],
    [5, 0, 0, { ok: false, message: NOTHING_TO_REFUND_MESSAGE, available: 5 }],
    [5, 0, -1, { ok: false, message: NOTHING_TO_REFUND_MESSAGE, available: 5 }],
    [5, 7, 1, { ok: false, message: NOTHING_TO_REFUND_MESSAGE, available: 0 }],
  ])('sold %d, refunded %d, asked %d', (sold, refunded, requested, answer) => {
    expect(refundableQuantity(sold, refunded, requested)).toEqual(answer);
  });

  it('clamps to what remains when asked to', () => {
    expect(refundableQuantity(5, 3, 9, { clamp: true })).toEqual({ ok: true, quantity: 2, available: 2 });
    expect(availableQuantity(Number.NaN, 1)).toBe(0);
  });

  it('property: a sequence of refunds never exceeds the quantity sold', () => {
    const random = seededRandom(13);
    for (let i = 0; i < 1000; i += 1) {
      const sold = random.int(0, 20);
      const clamp = random.pick([true, false]);
      let refunded = 0;
      for (let step = 0; step < 10; step += 1) {
        const answer = refundableQuantity(sold, refunded, random.int(-2, 12), { clamp });
        if (answer.ok) {
          expect(answer.quantity).toBeGreaterThan(0);
          refunded += answer.quantity;
        }
        expect(refunded).toBeLessThanOrEqual(sold);
      }
    }
  });
});
