import type { LabelKind } from './codeLabels';

/** A badge's colour family: what the status means for the reader, not its exact shade. */
export const BADGE_TONES = ['success', 'warning', 'danger', 'info', 'neutral'] as const;
export type BadgeTone = (typeof BADGE_TONES)[number];

/** Tones for the codes of status kinds; a code not listed (and every kind not listed) reads neutral. */
const TONES: Partial<Record<LabelKind, Readonly<Record<string, BadgeTone>>>> = {
  payment_status: {
    paid: 'success',
    partially_paid: 'warning',
    unpaid: 'danger',
    hold: 'info',
    order_void: 'neutral',
    refunded: 'neutral',
    partially_refunded: 'warning',
  },
  product_status: { available: 'success', unavailable: 'neutral', pending: 'warning' },
  register_status: { opened: 'success', closed: 'neutral', disabled: 'danger' },
  alert_approval: { pending: 'warning', approve: 'success', decline: 'danger' },
  process_status: { pending: 'warning', ongoing: 'info', ready: 'success', done: 'success', failed: 'danger' },
  delivery_status: { pending: 'warning', ongoing: 'info', delivered: 'success', failed: 'danger' },
};

export function toneOf(kind: LabelKind | undefined, code: unknown): BadgeTone {
  if (!kind || code === null || code === undefined) return 'neutral';
  const tones = TONES[kind];
  const text = String(code);
  return tones && Object.hasOwn(tones, text) ? tones[text]! : 'neutral';
}
