import { useOptions } from '../../../engine/session';

export type NumpadVariant = 'default' | 'advanced';

/**
 * Spec 03 §2: the price popups use the default numpad (digits typed as cents) or the advanced one
 * (the plus variant with a dot key), by option ns_pos_numpad. `override` wins (tests, integrators).
 */
export function useNumpadVariant(override?: NumpadVariant): NumpadVariant {
  const options = useOptions({ enabled: override === undefined });
  return override ?? (options.data?.ns_pos_numpad === 'advanced' ? 'advanced' : 'default');
}

/** Numpad options of each variant for an amount. */
export const AMOUNT_NUMPAD: Record<NumpadVariant, { mode: 'decimal' | 'plain'; allowDot: boolean }> = {
  default: { mode: 'decimal', allowDot: false },
  advanced: { mode: 'plain', allowDot: true },
};
