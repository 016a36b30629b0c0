/** Refund quantities (spec 03 §5, §8): never more than was sold minus what is already refunded. */
export const QUANTITY_EXCEEDS_MESSAGE = 'Unable To Proceed As The Quantity Provided Exceeds The Available Quantity.';
export const NOTHING_TO_REFUND_MESSAGE = 'There is nothing to refund.';

export type RefundableAnswer = { ok: true; quantity: number; available: number } | { ok: false; message: string; available: number };

/** What remains refundable of a line: sold − refunded so far, never below 0. */
export function availableQuantity(sold: number, refundedSoFar: number): number {
  const safeSold = Number.isFinite(sold) ? Math.max(0, sold) : 0;
  const safeRefunded = Number.isFinite(refundedSoFar) ? Math.max(0, refundedSoFar) : 0;
  return Math.max(0, safeSold - safeRefunded);
}

/**
 * The quantity a refund may take. Refuses a request above the available quantity (or clamps it to what
 * remains with `clamp`), and refuses a non-positive request or a line with nothing left.
 */
export function refundableQuantity(sold: number, refundedSoFar: number, requested: number, options: { clamp?: boolean } = {}): RefundableAnswer {
  const available = availableQuantity(sold, refundedSoFar);
  if (!Number.isFinite(requested) || requested <= 0 || available <= 0) {
    return { ok: false, message: NOTHING_TO_REFUND_MESSAGE, available };
  }
  if (requested > available) {
    return options.clamp ? { ok: true, quantity: available, available } : { ok: false, message: QUANTITY_EXCEEDS_MESSAGE, available };
  }
  return { ok: true, quantity: requested, available };
}
