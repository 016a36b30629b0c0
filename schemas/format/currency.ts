import type { SystemOptions } from '../options';

/** Spec 01 §3 currency settings, as the formatter reads them. */
export interface CurrencySettings {
  /** Decimals shown, 0–4. */
  precision: number;
  decimalSeparator: string;
  /** May be empty: no grouping. */
  thousandSeparator: string;
  /** Which of `iso` and `symbol` is shown. */
  preferred: 'iso' | 'symbol';
  iso: string;
  symbol: string;
  position: 'before' | 'after';
}

type CurrencyOptions = Pick<
  SystemOptions,
  | 'ns_currency_precision'
  | 'ns_currency_decimal_separator'
  | 'ns_currency_thousand_separator'
  | 'ns_currency_prefered'
  | 'ns_currency_iso'
  | 'ns_currency_symbol'
  | 'ns_currency_position'
>;

/** The currency settings held in the system options (GET /options, readOptions on the server). */
export function currencySettingsFrom(options: CurrencyOptions): CurrencySettings {
  return {
    precision: options.ns_currency_precision,
    decimalSeparator: options.ns_currency_decimal_separator,
    thousandSeparator: options.ns_currency_thousand_separator,
    preferred: options.ns_currency_prefered,
    iso: options.ns_currency_iso,
    symbol: options.ns_currency_symbol,
    position: options.ns_currency_position,
  };
}
