import { useQuery } from '@tanstack/react-query';
import type { OptionsAnswer } from '../../schemas/options';
import { setDisplayTimeZone } from '../../schemas/format/date';
import { http } from '../http';
import { sessionQueryKeys } from './sessionQueryKeys';

export async function fetchOptions(): Promise<OptionsAnswer> {
  const response = await http.get<OptionsAnswer>('/options');
  // Every date on screen is read on the store's clock, whatever the zone of this browser.
  if (typeof response.data.ns_store_timezone === 'string') setDisplayTimeZone(response.data.ns_store_timezone);
  return response.data;
}

/** The system options and the signed-in user's role (GET /options). */
export function useOptions(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: sessionQueryKeys.options, queryFn: fetchOptions, enabled: options.enabled ?? true });
}
