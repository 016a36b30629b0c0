import { useQuery } from '@tanstack/react-query';
import type { StatusChoice } from '../../schemas/orders/api';
import { fetchOrderStatuses } from './ordersApi';

/** The server's list as an editor's value → label map; the current value stays offered even if the list lacks it. */
function choicesOf(list: StatusChoice[] | undefined, current: string): Record<string, string> {
  const choices: Record<string, string> = Object.fromEntries((list ?? []).map((choice) => [choice.value, choice.label]));
  if (!(current in choices)) choices[current] = current;
  return choices;
}

/**
 * The processing and delivery statuses the server accepts (GET /orders/statuses, spec 03 §2: "the allowed values
 * come from server lists"), for an order's current values; until they arrive an editor offers the current value alone.
 */
export function useStatusChoices(current: { process_status: string; delivery_status: string }) {
  const statuses = useQuery({ queryKey: ['orders', 'statuses'], queryFn: fetchOrderStatuses, staleTime: Infinity });
  return {
    process: choicesOf(statuses.data?.process, current.process_status),
    delivery: choicesOf(statuses.data?.delivery, current.delivery_status),
  };
}
