import { useCallback } from 'react';
import { useInRouterContext, useNavigate } from 'react-router';
import { currencySettingsFrom, formatMoney } from '../../schemas/format';
import { fromDecimal } from '../../schemas/money';
import { useOptions } from '../../engine/session';

/** Formats a decimal amount of an order answer in the store's currency (plain while the options load). */
export function useOrderMoney(): (amount: number) => string {
  const options = useOptions();
  const settings = options.data ? currencySettingsFrom(options.data) : null;
  return useCallback((amount: number) => (settings ? formatMoney(fromDecimal(amount), settings) : amount.toFixed(2)), [settings]);
}

/** Goes to an application path: through the router when the popup is inside it, else by loading the page. */
export function useGoTo(): (path: string) => void {
  const inRouter = useInRouterContext();
  // A component is inside the router or not for its whole life, so the hooks called never change between renders.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return inRouter ? useRouterGoTo() : (path: string) => window.location.assign(path);
}

function useRouterGoTo(): (path: string) => void {
  const navigate = useNavigate();
  return useCallback((path: string) => void navigate(path), [navigate]);
}
