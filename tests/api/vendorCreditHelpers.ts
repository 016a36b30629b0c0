import { expect } from 'vitest';
import { API, type TestApp } from './harness';
import type { CheckoutBody } from '../../schemas/orders/api';

/**
 * Shared by the cart-discount and vendor-credit API tests: dynamic lines (no stock, so each test's figures
 * are its own) sold at the till, refunds and payments on them, and the vendor statement they move.
 */

export type Line = { name: string; price: number; quantity?: number; tax?: 'inclusive' | 'exclusive'; vendor?: number | null };
export type Terms = Record<string, number>;

/** The sessions of a describe block, read when a request is sent (they are set in its beforeAll). */
export interface CreditSessions {
  cashier: string;
  admin: string;
  front: number;
}

export function creditTill(t: TestApp, sessions: () => CreditSessions) {
  const lines = (items: Line[]) =>
    items.map((item) => ({
      product_type: 'dynamic' as const,
      name: item.name,
      unit_price: item.price,
      quantity: item.quantity ?? 1,
      tax_type: item.tax ?? 'exclusive',
      vendor_id: item.vendor === undefined ? 103 : item.vendor,
    }));
  const checkout = (body: Partial<CheckoutBody> & { products: CheckoutBody['products'] }) =>
    t.call({ method: 'POST', url: `${API}/orders`, cookie: sessions().cashier, payload: { payments: [], register_id: sessions().front, ...body } });
  const sale = async (body: Partial<CheckoutBody> & { products: CheckoutBody['products'] }) => {
    const response = await checkout(body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.order;
  };
  const getOrder = async (id: number) => (await t.call({ method: 'GET', url: `${API}/orders/${id}`, cookie: sessions().cashier })).json();
  const refund = (orderId: number, products: Array<{ id: number; quantity: number }>, total: number) =>
    t.call({
      method: 'POST',
      url: `${API}/orders/${orderId}/refund`,
      cookie: sessions().cashier,
      payload: {
        products: products.map((product) => ({ ...product, condition: 'unspoiled' })),
        total,
        payment: { identifier: 'cash-payment' },
        register: sessions().front,
      },
    });
  const pay = (orderId: number, payload: object) => t.call({ method: 'POST', url: `${API}/orders/${orderId}/payments`, cookie: sessions().cashier, payload });
  const terms = async (vendor: number): Promise<Terms> => {
    const response = await t.call({ method: 'GET', url: `${API}/smp/vendors/${vendor}/statement`, cookie: sessions().admin });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    return { ...Object.fromEntries(answer.lines.map((line: { term: string; amount: number }) => [line.term, line.amount])), balance: answer.balance };
  };
  /** How far the vendor's current-month sales without tax moved since `before`, to four decimals. */
  const salesSince = async (vendor: number, before: Terms) => Number(((await terms(vendor)).salesWithoutTax! - before.salesWithoutTax!).toFixed(4));

  return { lines, sale, getOrder, refund, pay, terms, salesSince };
}
