import { useCallback } from 'react';
import { currencySettingsFrom, formatMoney } from '../../schemas/format';
import { fromDecimal } from '../../schemas/money';
import { useOptions } from '../../engine/session';

/** Formats a decimal amount from the floor answers in the store's currency (plain while options load). */
export function useFormatPrice(): (amount: number) => string {
  const options = useOptions();
  const settings = options.data ? currencySettingsFrom(options.data) : null;
  return useCallback((amount: number) => (settings ? formatMoney(fromDecimal(amount), settings) : amount.toFixed(2)), [settings]);
}
