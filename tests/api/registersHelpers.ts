import { API, type TestApp } from './harness';

/** Shared by the register-session API tests: the calls they repeat, as a signed-in user. */

export const url = (path: string) => `${API}${path}`;

/** A dynamic line of one unit at `price`, tax included (6 % contained), sold for vendor #101 (every line needs a vendor in a new store). */
export const line = (price: number, name = 'Quilt') => ({
  product_type: 'dynamic' as const,
  vendor_id: 101,
  name,
  unit_price: price,
  quantity: 1,
  tax_type: 'inclusive' as const,
});

export function registerCalls(t: TestApp) {
  const post = (cookie: string, path: string, payload: object) => t.call({ method: 'POST', url: url(path), cookie, payload });
  return {
    open: (cookie: string, payload: object) => post(cookie, '/register-sessions', payload),
    cash: (cookie: string, session: number, payload: object) => post(cookie, `/register-sessions/${session}/cash`, payload),
    close: (cookie: string, session: number, payload: object) => post(cookie, `/register-sessions/${session}/close`, payload),
    accept: (cookie: string, session: number, payload: object) => post(cookie, `/register-sessions/${session}/accept`, payload),
    report: (cookie: string, session: number) => t.call({ method: 'GET', url: url(`/register-sessions/${session}`), cookie }),
    checkout: (cookie: string, payload: object) => post(cookie, '/orders', payload),
    refund: (cookie: string, orderId: number, payload: object) => post(cookie, `/orders/${orderId}/refund`, payload),
  };
}
