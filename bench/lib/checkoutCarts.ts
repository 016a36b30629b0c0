import type { Database } from '../../server/db';
import { nowUtc } from '../../server/db/time';
import { toDecimal, type Money } from '../../schemas/money';
import { CASH_PAYMENT, type CheckoutBody } from '../../schemas/orders/api';
import { roundUp } from '../../schemas/orders/cardFee';
import { lineTotals } from '../../schemas/orders/lineTotals';
import { orderTotals } from '../../schemas/orders/orderTotals';
import { seededRandom } from '../../schemas/orders/testRandom';
import type { TaxType } from '../../schemas/orders/tax';
import { bulkLoad } from './bulkWriter';
import { insertCatalogue } from './largeCatalogue';
import { insertReportSales } from './reportSales';
import type { RunningServer } from './spawnServer';
import { createStore, startStoreServer, type BenchDialect, type BenchStore } from './servers';
import { API, signIn } from './signIn';

/** Till carts for the checkout, mixed-load and crash checks: catalogue lines, paid in cash or by card. */

export const LINES_PER_ORDER = 5;

/** A product in one unit the till may sell, with what the totals rule needs. */
export interface SellableUnit {
  product_id: number;
  unit_id: number;
  sale_price: Money;
  tax_type: TaxType;
}

/** Gives every product unit `quantity` in stock, so a whole run never sells out (a sale would answer 409). */
export async function stockUp(database: Database, quantity: number): Promise<void> {
  await database.db.updateTable('product_unit_quantities').set({ quantity }).execute();
}

/** Up to `limit` available catalogue products (type product) in their first unit, by id. */
export async function sellableUnits(database: Database, limit: number): Promise<SellableUnit[]> {
  const rows = await database.db
    .selectFrom('product_unit_quantities as q')
    .innerJoin('products as p', 'p.id', 'q.product_id')
    .select(['q.product_id', 'q.unit_id', 'q.sale_price', 'p.tax_type'])
    .where('p.status', '=', 'available')
    .where('p.type', '=', 'product')
    .orderBy('q.product_id')
    .orderBy('q.unit_id')
    .execute();
  const firstUnit = new Map<number, SellableUnit>();
  for (const row of rows) if (!firstUnit.has(row.product_id)) firstUnit.set(row.product_id, row);
  return [...firstUnit.values()].slice(0, limit);
}

/** The id of the demo store's Front Till (cash payments hand change back from a register). */
export async function frontTillId(database: Database): Promise<number> {
  return (await database.db.selectFrom('cash_registers').select('id').where('name', '=', 'Front Till').executeTakeFirstOrThrow()).id;
}

/**
 * BENCH_REGISTERS: how many registers the carts are spread over. 1 (the default) puts every till on the Front
 * Till's drawer, the worst case for the register's balance row; a store with several tills has a register each.
 */
export function benchRegisterCount(): number {
  const raw = process.env.BENCH_REGISTERS ?? '1';
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 64) throw new Error(`BENCH_REGISTERS=${raw} is not valid: give a number of registers from 1 to 64.`);
  return count;
}

/** The Front Till and `count - 1` more registers, each opened for the day by the manager with an empty drawer. */
export async function openRegisters(database: Database, count: number): Promise<number[]> {
  const ids = [await frontTillId(database)];
  const at = nowUtc();
  const manager = await database.db.selectFrom('users').select('id').where('username', '=', 'manager').executeTakeFirstOrThrow();
  for (let index = 2; index <= count; index += 1) {
    const register = await database.db
      .insertInto('cash_registers')
      .values({ name: `Bench Till ${index}`, status: 'opened', balance: 0, used_by: manager.id, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('register_sessions')
      .values({
        register_id: register.id,
        status: 'open',
        opened_by: manager.id,
        opened_by_name: 'manager',
        opened_at: at,
        opening: 0,
        opening_counts: null,
        updated_at: at,
      })
      .execute();
    ids.push(register.id);
  }
  return ids;
}

/**
 * `count` carts of LINES_PER_ORDER distinct products (quantity 1–3), drawn with a seeded generator; even
 * carts pay cash (tendered rounded up to the next 5, change given), odd ones by card for the exact total
 * computed with the shared money rules (the server adds the card fee). Every cart ends paid. Cart i is sold at
 * register i modulo their number.
 */
export function checkoutCarts(units: readonly SellableUnit[], count: number, registerIds: readonly number[], seed = 7): CheckoutBody[] {
  if (units.length < LINES_PER_ORDER) throw new Error(`A cart needs ${LINES_PER_ORDER} sellable products; the store has ${units.length}.`);
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const picked = new Set<SellableUnit>();
    while (picked.size < LINES_PER_ORDER) picked.add(random.pick(units));
    const lines = [...picked].map((unit) => ({ unit, quantity: random.int(1, 3) }));
    const totals = orderTotals(lines.map(({ unit, quantity }) => lineTotals({ unitPrice: unit.sale_price, quantity, taxType: unit.tax_type })));
    const total = toDecimal(roundUp(totals.total, 2).amount);
    const payment = index % 2 === 0 ? { identifier: CASH_PAYMENT, value: Math.ceil(total / 5) * 5 } : { identifier: 'card', value: total };
    return {
      register_id: registerIds[index % registerIds.length]!,
      products: lines.map(({ unit, quantity }) => ({ product_type: 'product' as const, product_id: unit.product_id, unit_id: unit.unit_id, quantity })),
      payments: [payment],
    };
  });
}

/** Headers of a signed-in JSON write (the server refuses writes without x-requested-with). */
export function writeHeaders(cookie: string): Record<string, string> {
  return { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
}

/** Places one cart through POST /orders and answers its order, refusing an answer other than a paid order. */
export async function placeCart(baseUrl: string, cookie: string, cart: CheckoutBody, label = 'The cart'): Promise<{ id: number }> {
  const response = await fetch(`${baseUrl}${API}/orders`, { method: 'POST', headers: writeHeaders(cookie), body: JSON.stringify(cart) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${label} answered ${response.status}: ${text.slice(0, 400)}`);
  const order = (JSON.parse(text) as { data: { order: { id: number; payment_status: string } } }).data.order;
  if (order.payment_status !== 'paid') throw new Error(`${label} made an order that is ${order.payment_status}, not paid: ${text.slice(0, 400)}`);
  return order;
}

/**
 * Places each cart once through POST /orders and checks it is accepted and paid, so a load run never
 * measures refusals; answers the new orders' ids (previews for the mixed load).
 */
export async function checkCarts(baseUrl: string, cookie: string, carts: readonly CheckoutBody[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, cart] of carts.entries()) ids.push((await placeCart(baseUrl, cookie, cart, `Cart ${index}`)).id);
  return ids;
}

/** Generated products added to the demo store, so carts spread over many stock rows (as a mall's till does). */
const CATALOGUE = 200;
/** Stock of every product unit before the run: no checkout may fail for want of stock. */
const STOCK = 10_000_000;

/**
 * The checkout benchmarks' starting point: the demo store plus the generated catalogue, every unit in
 * stock, and `count` carts (half cash, half card) to sell from it.
 */
export async function fillStoreForCheckouts(database: Database, count: number): Promise<CheckoutBody[]> {
  await insertCatalogue(database, CATALOGUE);
  await stockUp(database, STOCK);
  return checkoutCarts(await sellableUnits(database, CATALOGUE), count, await openRegisters(database, benchRegisterCount()));
}

/** The history spans a quarter, sold by the demo's vendors 101–104. */
const HISTORY_DAYS = 90;
const HISTORY_VENDORS = 4;

/**
 * BENCH_CHECKOUT_HISTORY: order lines (two per order) the store has sold before the run, 20,000 by default. A
 * store that has traded is what a till writes into: on PostgreSQL a fresh database planned the foreign-key checks
 * of every sale for near-empty tables (a scan of the whole orders table, 12 per checkout) and kept those plans
 * until autovacuum's first analyze, so its figure fell as the run went on. 0 measures the fresh store.
 */
export function checkoutHistoryLines(): number {
  const raw = process.env.BENCH_CHECKOUT_HISTORY ?? '20000';
  const lines = Number(raw);
  if (!Number.isInteger(lines) || lines < 0 || lines > 2_000_000)
    throw new Error(`BENCH_CHECKOUT_HISTORY=${raw} is not valid: give a number of order lines from 0 to 2000000.`);
  return lines;
}

export interface CheckoutServer {
  url: string;
  cookie: string;
  carts: CheckoutBody[];
  /** The orders placed by checking each cart once (for previews). */
  orderIds: number[];
  /** The store's PostgreSQL database (to watch it under load), or null on SQLite. */
  databaseUrl: string | null;
}

/**
 * Runs `work` against the real server on a fresh store of one dialect, filled for checkouts, signed in
 * and with every cart checked once; the server is stopped and the store removed afterwards. `start` starts
 * what answers on the store (one app server by default; the scale-out behind its balancer).
 */
export async function withCheckoutServer<T>(
  dialect: BenchDialect,
  cartCount: number,
  work: (server: CheckoutServer) => Promise<T>,
  start: (store: BenchStore) => Promise<RunningServer> = startStoreServer,
): Promise<T> {
  const store = await createStore(dialect);
  try {
    const lines = checkoutHistoryLines();
    if (lines > 0) await bulkLoad(store, (writer) => insertReportSales(writer, { lines, days: HISTORY_DAYS, vendors: HISTORY_VENDORS }));
    const database = await store.open();
    let carts: CheckoutBody[];
    try {
      carts = await fillStoreForCheckouts(database, cartCount);
    } finally {
      await database.close();
    }
    const server = await start(store);
    try {
      const cookie = await signIn(server.url);
      const orderIds = await checkCarts(server.url, cookie, carts);
      return await work({ url: server.url, cookie, carts, orderIds, databaseUrl: store.databaseUrl });
    } finally {
      await server.stop();
    }
  } finally {
    await store.remove();
  }
}
