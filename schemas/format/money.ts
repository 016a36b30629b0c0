import { truncateTo, type Money } from '../money';
import type { CurrencySettings } from './currency';
import { formatScaled } from './number';

/**
 * An amount in the store's currency (spec 01 §3, §9): truncated toward zero to the precision,
 * grouped and separated as configured, with the symbol or ISO code before or after.
 * A symbol sits against the number ('$1,234.50', '1.234,50€'); an ISO code is spaced ('USD 1,234.50').
 * The minus sign leads: '-$12.00', '-12,00 EUR'.
 */
export function formatMoney(amount: Money, settings: CurrencySettings): string {
  const truncated = truncateTo(amount, settings.precision);
  const digits = formatScaled(Math.abs(truncated), settings.precision, settings);
  const sign = truncated < 0 ? '-' : '';
  const useIso = settings.preferred === 'iso';
  const unit = useIso ? settings.iso : settings.symbol;
  const gap = useIso ? ' ' : '';
  return settings.position === 'before' ? `${sign}${unit}${gap}${digits}` : `${sign}${digits}${gap}${unit}`;
}
