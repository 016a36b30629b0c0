import type { SystemOptions } from '../../../schemas/options';
import type { Money } from '../../../schemas/money';
import { cardFee, currencyPrecision, manualCardFee } from '../../../schemas/orders/cardFee';

/**
 * A card payment is stored as base + fee, and the order's card fee is the sum of those fees. Deleting one
 * payment must take its own fee back off the order: these find it from the stored amounts alone.
 */

/** The fees a card payment of `value` (base + fee) may carry: f with f = fee(value − f) under either variant at the current options, or none. */
export function possibleFees(value: Money, options: SystemOptions): Money[] {
  const cent = 10 ** (4 - currencyPrecision(options));
  const fits = new Set<Money>([0]);
  for (const variant of [cardFee, manualCardFee]) {
    // f = fee(value − f) is a contraction (the percentage is small): a few rounds land next to the answer.
    let estimate = variant(value, options);
    for (let round = 0; round < 4; round += 1) estimate = variant(Math.max(0, value - estimate), options);
    for (let step = -5; step <= 5; step += 1) {
      const fee = estimate + step * cent;
      if (fee > 0 && fee <= value && variant(value - fee, options) === fee) fits.add(fee);
    }
  }
  return [...fits];
}

const MAX_COMBINED_CARD_PAYMENTS = 8;

/**
 * The fee the card payment `target` carried, from the order's card fee: with one card payment it is the
 * whole fee; with several, the fee that payment has in every split of the order's fee among the payments'
 * possible fees (till or manual variant, or none). When that is not decidable (options changed since, or
 * too many payments) the payment's share of the order's fee by value is taken back.
 */
export function feeCarried(target: number, cardPayments: ReadonlyArray<{ id: number; value: Money }>, orderCardFee: Money, options: SystemOptions): Money {
  const payment = cardPayments.find((entry) => entry.id === target);
  if (!payment || orderCardFee <= 0) return 0;
  if (cardPayments.length === 1) return Math.min(orderCardFee, payment.value);
  if (cardPayments.length <= MAX_COMBINED_CARD_PAYMENTS) {
    const candidates = cardPayments.map((entry) => possibleFees(entry.value, options));
    const index = cardPayments.indexOf(payment);
    const found = new Set<Money>();
    const walk = (at: number, total: Money, mine: Money) => {
      if (total > orderCardFee) return;
      if (at === cardPayments.length) {
        if (total === orderCardFee) found.add(mine);
        return;
      }
      for (const fee of candidates[at]!) walk(at + 1, total + fee, at === index ? fee : mine);
    };
    walk(0, 0, 0);
    if (found.size === 1) return [...found][0]!;
  }
  const total = cardPayments.reduce((acc, entry) => acc + entry.value, 0);
  return total <= 0 ? 0 : Math.min(orderCardFee, Math.round((orderCardFee * payment.value) / total));
}
