import type { LightMyRequestResponse } from 'fastify';
import { API, type TestApp } from './harness';

/** The shipped resources: namespace → declaration file name. */
export const SHIPPED_RESOURCES = {
  'ns.products': 'products',
  'ns.products-categories': 'product-categories',
  'ns.units': 'units',
  'ns.customers': 'customers',
  'ns.vendors': 'vendors',
  'ns.users': 'users',
  'ns.expenses': 'expenses',
  'ns.expenses-categories': 'expense-categories',
  'ns.cash-registers': 'cash-registers',
  'ns.payment-types': 'payment-types',
  'ns.orders': 'orders',
  'ns.medias': 'medias',
  'ns.documents': 'documents',
} as const;

export type Namespace = keyof typeof SHIPPED_RESOURCES;

/** The CRUD calls of one signed-in user. */
export function crudAs(t: TestApp, cookie: string) {
  const base = (namespace: string) => `${API}/crud/${namespace}`;
  return {
    config: (namespace: string) => t.call({ method: 'GET', url: `${base(namespace)}/config`, cookie }),
    list: (namespace: string, query: Record<string, string | number> = {}) => {
      const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
      return t.call({ method: 'GET', url: `${base(namespace)}?${search}`, cookie });
    },
    form: (namespace: string, id?: number) => t.call({ method: 'GET', url: `${base(namespace)}/form-config${id === undefined ? '' : `/${id}`}`, cookie }),
    create: (namespace: string, payload: object) => t.call({ method: 'POST', url: base(namespace), cookie, payload }),
    update: (namespace: string, id: number, payload: object) => t.call({ method: 'PUT', url: `${base(namespace)}/${id}`, cookie, payload }),
    remove: (namespace: string, id: number) => t.call({ method: 'DELETE', url: `${base(namespace)}/${id}`, cookie }),
    bulk: (namespace: string, action: string, entries: number[]) =>
      t.call({ method: 'POST', url: `${base(namespace)}/bulk-actions`, cookie, payload: { action, entries } }),
  };
}

export type Crud = ReturnType<typeof crudAs>;

/** The saved entry's id of a 200 save answer; fails the test with the body otherwise. */
export function savedId(response: LightMyRequestResponse): number {
  if (response.statusCode !== 200) throw new Error(`save failed: ${response.statusCode} ${response.body}`);
  return Number(response.json().data.entry.id);
}

/** Every row of a list (one big page), for lookups by column. */
export async function allRows(crud: Crud, namespace: string, query: Record<string, string | number> = {}): Promise<Array<Record<string, unknown>>> {
  const response = await crud.list(namespace, { per_page: 1000, ...query });
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}
