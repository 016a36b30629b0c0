import { toDecimal, type Money } from '../money';

/**
 * Which way a refund's money goes (pure). Money goes back the way it came: each tender (cash, card, a
 * vendor's account, …) can give back what it brought to the order, less its card fee (the processor keeps
 * it, so the store keeps it too), less the change handed back (cash), less what earlier refunds gave back in
 * it. By default a refund is split over those tenders in proportion to what each can still give back; staff
 * may instead name the tenders. A named tender other than cash cannot give back more than it took (a card
 * is refunded only up to its charge, a vendor's account only up to what it paid, or money would be
 * invented); cash is the store's own drawer, so staff may pay any part of a refund in cash.
 */

export interface TenderAmount {
  identifier: string;
  value: Money;
}

/** A payment as the tender rules see it: its value with the card fee included, and that fee. */
export interface TenderPayment extends TenderAmount {
  /** The card fee carried by the payment (0 or absent for other tenders). */
  fee?: Money;
}

/**
 * What each tender can still give back, in first-paid order, none of 0. The parts add up to the money the
 * store kept for the goods (payments less fees less change less earlier refunds): an earlier refund paid
 * in another tender than it came in lowers the last tenders.
 */
export function tenderRefundable(payments: readonly TenderPayment[], refunds: readonly TenderAmount[], change: Money, cashIdentifier: string): TenderAmount[] {
  const order: string[] = [];
  const per = new Map<string, Money>();
  const add = (identifier: string, value: Money) => {
    if (!per.has(identifier)) {
      order.push(identifier);
      per.set(identifier, 0);
    }
    per.set(identifier, per.get(identifier)! + value);
  };
  for (const payment of payments) add(payment.identifier, payment.value - Math.max(0, payment.fee ?? 0));
  let kept = -change;
  for (const identifier of order) kept += per.get(identifier)!;
  for (const refund of refunds) kept -= refund.value;
  if (per.has(cashIdentifier)) per.set(cashIdentifier, per.get(cashIdentifier)! - change);
  for (const refund of refunds) if (per.has(refund.identifier)) per.set(refund.identifier, per.get(refund.identifier)! - refund.value);
  const back: TenderAmount[] = [];
  let left = Math.max(0, kept);
  for (const identifier of order) {
    const value = Math.min(Math.max(0, per.get(identifier)!), left);
    if (value > 0) back.push({ identifier, value });
    left -= value;
  }
  return back;
}

/**
 * The default split of a refund of `total` over the tenders' refundable amounts: each tender's share is
 * total × its amount ÷ all amounts, in whole `step`s (the currency's smallest unit, 100 for cents) by largest
 * remainder (ties to the first paid), so the shares add up to the total exactly; what is below a step goes
 * to the first tender with room. No share exceeds its tender. Null when the tenders cannot give back `total`.
 */
export function splitRefund(total: Money, refundable: readonly TenderAmount[], step: Money): TenderAmount[] | null {
  const available = refundable.reduce((all, tender) => all + Math.max(0, tender.value), 0);
  if (total <= 0 || total > available || step <= 0) return null;
  const steps = Math.floor(total / step);
  const exact = refundable.map((tender) => {
    const numerator = BigInt(steps) * BigInt(Math.max(0, tender.value));
    return { whole: Number(numerator / BigInt(available)), remainder: numerator % BigInt(available) };
  });
  const shares = exact.map((part) => part.whole * step);
  let missing = steps - exact.reduce((all, part) => all + part.whole, 0);
  const byRemainder = exact
    .map((part, index) => ({ ...part, index }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (missing === 0) break;
    if (shares[index]! + step <= refundable[index]!.value) {
      shares[index]! += step;
      missing -= 1;
    }
  }
  // What rounding could not place (a tender without room for a whole step, or the part below a step) goes to the first with room.
  let rest = total - shares.reduce((all, share) => all + share, 0);
  for (let index = 0; index < shares.length && rest > 0; index += 1) {
    const room = refundable[index]!.value - shares[index]!;
    const part = Math.min(room, rest);
    shares[index]! += part;
    rest -= part;
  }
  return refundable.map((tender, index) => ({ identifier: tender.identifier, value: shares[index]! })).filter((share) => share.value > 0);
}

export const tenderExceeds = (label: string, most: Money) => `The ${label} payment can give back at most ${toDecimal(most)} on this order.`;

/**
 * Staff's chosen tenders checked against what each took: a tender other than cash gives back at most its
 * refundable amount. The first tender asking more, with its most, or null.
 */
export function chosenTenderRefusal(
  chosen: readonly TenderAmount[],
  refundable: readonly TenderAmount[],
  cashIdentifier: string,
): { identifier: string; most: Money } | null {
  for (const entry of chosen) {
    if (entry.identifier === cashIdentifier) continue;
    const most = refundable.find((tender) => tender.identifier === entry.identifier)?.value ?? 0;
    if (entry.value > most) return { identifier: entry.identifier, most };
  }
  return null;
}

/**
 * What a vendor's account is given back, without tax, for each refund paid into it: the account was charged
 * `purchases` (the bought lines without tax) for `accountPaid`, so each unit of money refunded into it
 * restores purchases ÷ accountPaid of that. Worked on the running sum, so refunds giving back all the account
 * paid restore exactly the purchases, whatever their number.
 */
export function accountRefundRestores(purchases: Money, accountPaid: Money, refunds: readonly Money[]): Money[] {
  if (accountPaid <= 0 || purchases <= 0) return refunds.map(() => 0);
  let running = 0;
  let restoredSoFar = 0;
  return refunds.map((value) => {
    running = Math.min(accountPaid, running + Math.max(0, value));
    const restored = Number((BigInt(running) * BigInt(purchases)) / BigInt(accountPaid));
    const part = restored - restoredSoFar;
    restoredSoFar = restored;
    return part;
  });
}
