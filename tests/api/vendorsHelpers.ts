import type { TestApp } from './harness';
import { API } from './harness';
import { nowUtc } from '../../server/db/time';
import { fromDecimal } from '../../schemas/money';
import type { PaymentStatus } from '../../schemas/paymentStatus';
import { syncOrderMoney } from '../../server/services/vendors/vendorSales';

export const ROLE_LOGINS = ['admin', 'storeadmin', 'manager', 'cashier', 'vendor', 'customer'] as const;
export type Login = (typeof ROLE_LOGINS)[number];
export const STAFF: Login[] = ['admin', 'storeadmin', 'manager', 'cashier'];

/** The status each demo role should get: `yes` for the allowed ones, `no` for the rest. */
export const only = (allowed: Login[], yes: number, no = 403) => Object.fromEntries(ROLE_LOGINS.map((login) => [login, allowed.includes(login) ? yes : no]));

/** Signs every demo role in once. */
export async function loginAll(t: TestApp): Promise<Record<Login, string>> {
  const cookies = {} as Record<Login, string>;
  for (const login of ROLE_LOGINS) cookies[login] = await t.login(login);
  return cookies;
}

export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const row = await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

let orderCounter = 0;

/** A paid order with one line, written straight to the tables: balance tests need fixed dates and amounts. */
export async function insertSale(t: TestApp, line: { vendor: number; buyer?: number; withoutTax: string; at: string; status?: PaymentStatus }) {
  const author = await userIdOf(t, 'cashier');
  const amount = fromDecimal(line.withoutTax);
  orderCounter += 1;
  const order = await t.database.db
    .insertInto('orders')
    .values({
      code: `TEST-${orderCounter}-${Math.random().toString(36).slice(2, 8)}`,
      type: 'takeaway',
      payment_status: line.status ?? 'paid',
      process_status: 'pending',
      delivery_status: 'pending',
      customer_id: null,
      author_id: author,
      register_id: null,
      discount_type: null,
      discount_percentage: 0,
      discount: 0,
      subtotal: amount,
      total_coupons: 0,
      total_tax_value: 0,
      cardfee: 0,
      roundup: 0,
      shipping: 0,
      total: amount,
      tendered: amount,
      change: 0,
      support_instalments: 0,
      extra: null,
      note: null,
      voided_at: null,
      void_reason: null,
      created_at: line.at,
      updated_at: line.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('order_products')
    .values({
      order_id: order.id,
      product_id: null,
      unit_id: null,
      name: 'Test line',
      unit_price: amount,
      quantity: 1,
      discount_type: null,
      discount_percentage: 0,
      discount: 0,
      tax_type: 'exclusive',
      tax_value: 0,
      total_price: amount,
      total_price_with_tax: amount,
      total_price_without_tax: amount,
      total_product_coupons: 0,
      product_type: 'dynamic',
      vendor_id: line.vendor,
      buyer_id: line.buyer ?? null,
      status: 'sold',
      created_at: line.at,
      updated_at: line.at,
    })
    .execute();
  // A line bought by a vendor was paid from that vendor's account, as the account payment marks it.
  if (line.buyer !== undefined) {
    await t.database.db
      .insertInto('order_payments')
      .values({
        order_id: order.id,
        identifier: 'account-payment',
        value: amount,
        fee: 0,
        vendor_id: line.buyer,
        author_id: author,
        created_at: line.at,
      })
      .execute();
  }
  // The vendor sales ledger brought up to date as of the sale, as every money event of the services does.
  await syncOrderMoney(t.database.db, order.id, line.at);
  return order.id;
}

/** Brings an order's vendor sales ledger up to date as of `at`, after rows were written straight to the tables. */
export const syncLedger = (t: TestApp, orderId: number, at: string) => syncOrderMoney(t.database.db, orderId, at);

export async function insertLedger(t: TestApp, vendor: number, kind: 'fee' | 'balance_payment' | 'credit', date: string, amount: string) {
  await t.database.db
    .insertInto('vendor_ledger')
    .values({ vendor_id: vendor, kind, date, amount: fromDecimal(amount), memo: null, author_id: null, created_at: nowUtc() })
    .execute();
}

/** Today's month as the pro-rate popup offers it. */
export function currentMonth(now = new Date()) {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = `${year}-${String(month).padStart(2, '0')}`;
  return { year, month, days, first: `${prefix}-01`, last: `${prefix}-${String(days).padStart(2, '0')}` };
}

export const url = (path: string) => `${API}${path}`;
