import { expect } from 'vitest';
import { API, type TestApp } from './harness';
import { nowUtc } from '../../server/db/time';

/**
 * Shared by the settlement API tests: a vendor of their own with fixed terms, a sale made at the till and
 * then moved back into a past month (its ledger rows with it, as if it had happened then), and the calls.
 */

export const url = (path: string) => `${API}${path}`;

/** A vendor account written straight to the table, with commission and rent entries from 1970 through the API. */
export async function addVendor(t: TestApp, admin: string, vendor: { number: number; username: string; commission: number; rent: number }) {
  const at = nowUtc();
  await t.database.db
    .insertInto('users')
    .values({
      username: vendor.username,
      email: `${vendor.username}@example.com`,
      password_hash: 'not-a-login',
      role: 'vendor',
      active: 1,
      vendor_id: vendor.number,
      first_name: null,
      last_name: null,
      phone: null,
      commission: '',
      monthly_rent: '',
      created_at: at,
      updated_at: at,
    })
    .execute();
  for (const [name, value] of [
    ['commission', vendor.commission],
    ['monthly_rent', vendor.rent],
  ] as const) {
    const saved = await t.call({
      method: 'POST',
      url: url('/smp/vendors/commission'),
      cookie: admin,
      payload: { name, value, vendor_id: vendor.number, start: '1970-01-01' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
}

/**
 * A cash sale of one dynamic line (tax exclusive) at the till, then dated `day` at noon UTC: the order, its
 * payments and its vendor sales ledger rows, so it counts in that day's period like any sale made then.
 */
export async function pastSale(t: TestApp, cashier: string, register: number, sale: { vendor: number; price: number; day: string }) {
  const response = await t.call({
    method: 'POST',
    url: url('/orders'),
    cookie: cashier,
    payload: {
      register_id: register,
      products: [{ product_type: 'dynamic', name: 'Settled item', unit_price: sale.price, quantity: 1, tax_type: 'exclusive', vendor_id: sale.vendor }],
      payments: [{ identifier: 'cash-payment', value: sale.price }],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const order = response.json().data.order as { id: number; products: Array<{ id: number }> };
  const at = `${sale.day} 12:00:00`;
  await t.database.db.updateTable('orders').set({ created_at: at, updated_at: at }).where('id', '=', order.id).execute();
  await t.database.db.updateTable('order_payments').set({ created_at: at }).where('order_id', '=', order.id).execute();
  await t.database.db.updateTable('vendor_sales').set({ date: sale.day, created_at: at }).where('order_id', '=', order.id).execute();
  return order;
}

export type Terms = Record<string, number>;

/** The statement's terms and balance for a period. */
export async function statementOf(t: TestApp, cookie: string, vendor: number, period?: { startDate: string; endDate: string }): Promise<Terms> {
  const query = period ? `?startDate=${period.startDate}&endDate=${period.endDate}` : '';
  const response = await t.call({ method: 'GET', url: url(`/smp/vendors/${vendor}/statement${query}`), cookie });
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json();
  return { ...Object.fromEntries(answer.lines.map((line: { term: string; amount: number }) => [line.term, line.amount])), balance: answer.balance };
}

export async function closeThrough(t: TestApp, cookie: string, through: string) {
  const response = await t.call({ method: 'POST', url: url('/settlement/runs'), cookie, payload: { through } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RunView;
}

export interface RunVendor {
  vendor_id: number;
  lines: Array<{ term: string; amount: number; effect: number; label: string }>;
  balance: number;
  paid: number;
  invoiced: number;
  owed: number;
  available: number;
  action: string;
  payouts: Array<{ id: number; status: string; amount: number; advance: number; reference: string | null; print_count: number }>;
}
export interface RunView {
  run: { id: number; period: { startDate: string; endDate: string }; status: string; latest: boolean };
  vendors: RunVendor[];
  totals: Record<string, number>;
}

export async function runOf(t: TestApp, cookie: string, runId: number): Promise<RunView> {
  const response = await t.call({ method: 'GET', url: url(`/settlement/runs/${runId}`), cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export const vendorIn = (view: RunView, vendor: number) => view.vendors.find((entry) => entry.vendor_id === vendor)!;

export const amounts = (vendor: RunVendor) => Object.fromEntries(vendor.lines.map((line) => [line.term, line.amount]));
