import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConfigAnswer, ListAnswer } from '../../schemas/crud/list';
import { http } from '../http';
import type { ListParams } from './listParams';

/** Query keys of one resource's list, so a save or delete can refresh it. */
export const crudKeys = {
  all: (namespace: string) => ['crud', namespace] as const,
  config: (namespace: string) => ['crud', namespace, 'config'] as const,
  list: (namespace: string, params: ListParams) => ['crud', namespace, 'list', params] as const,
};

/** The base path of a resource's calls ({src} of spec 01 §7). */
export const crudSource = (namespace: string) => `/crud/${namespace}`;

/** GET {src}/config; not asked when `enabled` is false (a given config, the screen builder's preview). */
export function useCrudConfig(namespace: string, enabled = true) {
  return useQuery({
    queryKey: crudKeys.config(namespace),
    queryFn: async () => (await http.get<ConfigAnswer>(`${crudSource(namespace)}/config`)).data,
    staleTime: 60_000,
    enabled,
  });
}

/** GET {src}?…: the page asked for, the previous page staying on screen while it loads. */
export function useCrudList(namespace: string, params: ListParams, enabled: boolean) {
  return useQuery({
    queryKey: crudKeys.list(namespace, params),
    queryFn: async () => (await http.get<ListAnswer>(crudSource(namespace), { params })).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}
