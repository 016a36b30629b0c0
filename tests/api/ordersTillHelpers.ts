import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { DialectName, TestApp } from './harness';
import { API, createTestApp } from './harness';
import { loginAll, type Login } from './vendorsHelpers';
import { writeOptions } from '../../server/services/options';
import type { OptionsUpdate } from '../../schemas/options';
import type { CheckoutBody } from '../../schemas/orders/api';
import { sellableUnits } from '../../bench/lib/checkoutCarts';

/** Shared by the orders checkout, payments, lifecycle and lookups API tests. */

export const url = (path: string) => `${API}${path}`;

/** The demo catalogue's product in one unit: ids, price (decimal) and stock. */
export async function unitOf(t: TestApp, productName: string, unitIdentifier = 'piece') {
  const row = await t.database.db
    .selectFrom('product_unit_quantities as q')
    .innerJoin('products as p', 'p.id', 'q.product_id')
    .innerJoin('units as u', 'u.id', 'q.unit_id')
    .select(['q.product_id', 'q.unit_id', 'q.sale_price', 'q.quantity', 'p.tax_type'])
    .where('p.name', '=', productName)
    .where('u.identifier', '=', unitIdentifier)
    .executeTakeFirstOrThrow();
  return { ...row, price: row.sale_price / 10_000 };
}

export async function stockOf(t: TestApp, productId: number, unitId: number): Promise<number> {
  const row = await t.database.db
    .selectFrom('product_unit_quantities')
    .select('quantity')
    .where('product_id', '=', productId)
    .where('unit_id', '=', unitId)
    .executeTakeFirstOrThrow();
  return row.quantity;
}

export async function setStock(t: TestApp, productId: number, unitId: number, quantity: number): Promise<void> {
  await t.database.db.updateTable('product_unit_quantities').set({ quantity }).where('product_id', '=', productId).where('unit_id', '=', unitId).execute();
}

/** The first unit of each of the first `count` available catalogue products (as the bench sells them), their stock set to `stock`. */
export async function stockedUnits(t: TestApp, count: number, stock: number): Promise<Array<{ product_id: number; unit_id: number }>> {
  const units = (await sellableUnits(t.database, count)).map(({ product_id, unit_id }) => ({ product_id, unit_id }));
  for (const unit of units) await setStock(t, unit.product_id, unit.unit_id, stock);
  return units;
}

export async function registerIdOf(t: TestApp, name = 'Front Till'): Promise<number> {
  return (await t.database.db.selectFrom('cash_registers').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

export async function registerBalance(t: TestApp, id: number): Promise<number> {
  return (await t.database.db.selectFrom('cash_registers').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance;
}

export const setOptions = (t: TestApp, changes: OptionsUpdate) => writeOptions(t.database, changes);

/** A cart of catalogue lines (product_id, unit_id, quantity) with the given payments. */
export function cart(
  lines: Array<{ product_id: number; unit_id: number; quantity: number; vendor_id?: number }>,
  payments: CheckoutBody['payments'] = [],
  extra: Partial<CheckoutBody> = {},
): CheckoutBody {
  return { products: lines.map((line) => ({ product_type: 'product' as const, ...line })), payments, ...extra };
}

/** Places an order through POST /orders and answers the order (throws with the body on refusal). */
export async function placeOrder(t: TestApp, cookie: string, body: CheckoutBody) {
  const response = await t.call({ method: 'POST', url: url('/orders'), cookie, payload: body });
  if (response.statusCode !== 200) throw new Error(`checkout ${response.statusCode}: ${response.body}`);
  return response.json().data.order;
}

/** A snapshot of the tables an order write touches, to prove a refused request changed nothing. */
export async function orderTablesSnapshot(t: TestApp) {
  const db = t.database.db;
  const [orders, lines, payments, stock, movements, registers, instalments, counters] = await Promise.all([
    db.selectFrom('orders').selectAll().orderBy('id').execute(),
    db.selectFrom('order_products').selectAll().orderBy('id').execute(),
    db.selectFrom('order_payments').selectAll().orderBy('id').execute(),
    db.selectFrom('product_unit_quantities').select(['id', 'quantity']).orderBy('id').execute(),
    db.selectFrom('stock_movements').selectAll().orderBy('id').execute(),
    db.selectFrom('cash_registers').select(['id', 'balance']).orderBy('id').execute(),
    db.selectFrom('order_instalments').selectAll().orderBy('id').execute(),
    db.selectFrom('order_codes_counter').selectAll().orderBy('day').execute(),
  ]);
  return { orders, lines, payments, stock, movements, registers, instalments, counters };
}

/** What a till test block works with: its app, every demo role signed in, the runner (45.00, no tax) and the front till. */
export interface TillApp {
  t: TestApp;
  as: Record<Login, string>;
  runner: Awaited<ReturnType<typeof unitOf>>;
  front: number;
}

/**
 * The set-up of a till test block: one app for the block, and before each test the store options reset to
 * `options` and the runner's stock to `runnerStock`, so tests do not see each other's settings. `ready`
 * receives the app once it is built (the block keeps its own `t`, `as`, `runner` and `front`).
 */
export function useTillApp(dialect: DialectName, each: { options: OptionsUpdate; runnerStock: number }, ready: (till: TillApp) => void): void {
  let till: TillApp | undefined;
  beforeAll(async () => {
    const t = await createTestApp(dialect);
    till = { t, as: await loginAll(t), runner: await unitOf(t, 'Quilted Table Runner'), front: await registerIdOf(t) };
    ready(till);
  });
  afterAll(() => till?.t.close());
  beforeEach(async () => {
    await setOptions(till!.t, each.options);
    await setStock(till!.t, till!.runner.product_id, till!.runner.unit_id, each.runnerStock);
  });
}
