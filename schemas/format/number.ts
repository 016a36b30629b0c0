import { MONEY_DECIMALS, MONEY_SCALE, fromDecimal, roundTo, type Money } from '../money';

export interface NumberSeparators {
  decimalSeparator: string;
  thousandSeparator: string;
}

const DEFAULT_SEPARATORS: NumberSeparators = { decimalSeparator: '.', thousandSeparator: ',' };

/** Inserts the thousand separator into a string of digits ('1234567' → '1,234,567'). */
function groupThousands(digits: string, separator: string): string {
  if (separator === '') return digits;
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * Writes a count of ten-thousandths with `decimals` fraction digits (already truncated or rounded
 * by the caller, so no digit is lost). A zero never carries a minus sign.
 */
export function formatScaled(scaled: Money, decimals: number, separators: NumberSeparators): string {
  const negative = scaled < 0;
  const absolute = Math.abs(scaled);
  const whole = Math.trunc(absolute / MONEY_SCALE);
  const fraction = String(absolute % MONEY_SCALE)
    .padStart(MONEY_DECIMALS, '0')
    .slice(0, decimals);
  const text = groupThousands(String(whole), separators.thousandSeparator) + (decimals > 0 ? separators.decimalSeparator + fraction : '');
  return negative && absolute !== 0 ? `-${text}` : text;
}

export interface NumberFormat extends Partial<NumberSeparators> {
  /** Fixed decimals (0–4, rounded half away from zero); absent: up to 4, trailing zeros dropped. */
  precision?: number;
}

/** A plain decimal (quantity, percentage) with separators: 1234.5 → '1,234.5'. */
export function formatNumber(value: number, format: NumberFormat = {}): string {
  const separators = { ...DEFAULT_SEPARATORS, ...stripUndefined(format) };
  if (!Number.isFinite(value)) return '0';
  const scaled = fromDecimal(value);
  if (format.precision !== undefined) return formatScaled(roundTo(scaled, format.precision), format.precision, separators);
  const fraction = String(Math.abs(scaled) % MONEY_SCALE)
    .padStart(MONEY_DECIMALS, '0')
    .replace(/0+$/, '');
  return formatScaled(scaled, fraction.length, separators);
}

function stripUndefined(format: NumberFormat): Partial<NumberSeparators> {
  const out: Partial<NumberSeparators> = {};
  if (format.decimalSeparator !== undefined) out.decimalSeparator = format.decimalSeparator;
  if (format.thousandSeparator !== undefined) out.thousandSeparator = format.thousandSeparator;
  return out;
}

/** Spec 01 §9 compact numbers, format 0.0a: 1234 → '1.2k', 1500000 → '1.5m'; k, m, b, t from 1000 up. */
export function abbreviate(value: number): string {
  if (!Number.isFinite(value)) return '0.0';
  const suffixes = ['', 'k', 'm', 'b', 't'];
  let unit = 0;
  let magnitude = Math.abs(value);
  while (unit < suffixes.length - 1 && magnitude >= 1000) {
    magnitude /= 1000;
    unit += 1;
  }
  // Rounded in decimal notation (not magnitude * 10) so that 1.25 is 12.5 tenths, not 12.4999….
  let tenths = Math.round(Number(`${magnitude}e1`));
  // 999,999 rounds to 1000.0k: that is the next suffix's 1.0, as 0.0a writes it.
  if (tenths >= 10_000 && unit < suffixes.length - 1) {
    unit += 1;
    tenths = Math.round(tenths / 1000);
  }
  const sign = value < 0 && tenths > 0 ? '-' : '';
  return `${sign}${Math.floor(tenths / 10)}.${tenths % 10}${suffixes[unit]}`;
}
