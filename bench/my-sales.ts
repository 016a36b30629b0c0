import type { Database } from '../server/db';
import { nowUtc } from '../server/db/time';
import { getOk, sampleLatency } from './lib/latency';
import { benchDialects, createStore, startStoreServer, type BenchDialect } from './lib/servers';
import { API, signIn } from './lib/signIn';
import { atMost, type Benchmark, type Ratio, type Timing } from './lib/types';

/** Vendor order lines in the store (BENCH_ORDER_LINES, default 100,000), over the last year, among the five demo vendors. */
const LINES = Number(process.env.BENCH_ORDER_LINES ?? 100_000);
const LINES_PER_ORDER = 2;
const VENDORS = [101, 102, 103, 104, 105];
const DAYS = 365;
const SAMPLES = 200;
/** Target: a vendor's month of sales, first page with its total, within this at p95. */
const P95_MS = 200;
const BATCH = 500;

const isoAt = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 19).replace('T', ' ');

/** Paid orders of LINES_PER_ORDER vendor lines each, spread evenly over DAYS, each line credited in the vendor ledger. */
async function insertSales(database: Database, lines: number): Promise<void> {
  const db = database.db;
  const author = (await db.selectFrom('users').select('id').where('username', '=', 'cashier').executeTakeFirstOrThrow()).id;
  const orders = Math.ceil(lines / LINES_PER_ORDER);
  const step = (DAYS * 86_400_000) / orders;
  for (let first = 0; first < orders; first += BATCH) {
    const count = Math.min(BATCH, orders - first);
    await db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: count }, (_, index) => {
        const n = first + index;
        const at = isoAt(Math.floor(n * step) + 60_000);
        return {
          code: `BENCH-${n}`,
          type: 'takeaway' as const,
          payment_status: 'paid' as const,
          process_status: 'done',
          delivery_status: 'pending',
          customer_id: null,
          author_id: author,
          register_id: null,
          discount_type: null,
          discount_percentage: 0,
          discount: 0,
          subtotal: 400_000,
          total_coupons: 0,
          total_tax_value: 0,
          cardfee: 0,
          roundup: 0,
          shipping: 0,
          total: 400_000,
          tendered: 400_000,
          change: 0,
          support_instalments: 0,
          extra: null,
          note: null,
          voided_at: null,
          void_reason: null,
          created_at: at,
          updated_at: at,
        };
      });
      const ids = await trx.insertInto('orders').values(rows).returning(['id', 'created_at']).execute();
      const lineRows = ids.flatMap((order, index) =>
        Array.from({ length: LINES_PER_ORDER }, (_, part) => ({
          order_id: order.id,
          product_id: null,
          unit_id: null,
          name: `Bench item ${first + index}-${part}`,
          unit_price: 200_000,
          quantity: 1,
          discount_type: null,
          discount_percentage: 0,
          discount: 0,
          tax_type: 'exclusive' as const,
          tax_value: 0,
          total_price: 200_000,
          total_price_with_tax: 200_000,
          total_price_without_tax: 200_000,
          total_product_coupons: 0,
          product_type: 'dynamic' as const,
          vendor_id: VENDORS[((first + index) * LINES_PER_ORDER + part) % VENDORS.length]!,
          buyer_id: null,
          status: 'sold',
          created_at: order.created_at,
          updated_at: order.created_at,
        })),
      );
      const inserted = await trx.insertInto('order_products').values(lineRows).returning(['id', 'order_id', 'vendor_id', 'created_at']).execute();
      await trx
        .insertInto('vendor_sales')
        .values(
          inserted.map((line) => ({
            vendor_id: line.vendor_id!,
            kind: 'sale' as const,
            order_id: line.order_id,
            order_product_id: line.id,
            date: line.created_at.slice(0, 10),
            amount: 200_000,
            created_at: nowUtc(),
          })),
        )
        .execute();
    });
  }
}

/** The last 30 days as the list's date filter (the store's days). */
function lastMonthPath(): string {
  const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
  const filter = { created_at: { startDate: day(30 * 86_400_000), endDate: day(0) } };
  return `${API}/crud/ns.vendor-sales?queryFilters=${encodeURIComponent(JSON.stringify(filter))}&per_page=50`;
}

async function runOn(dialect: BenchDialect): Promise<Timing & { p95Ms: number; p99Ms: number }> {
  const store = await createStore(dialect);
  try {
    const database = await store.open();
    try {
      await insertSales(database, LINES);
    } finally {
      await database.close();
    }
    const server = await startStoreServer(store);
    try {
      const cookie = await signIn(server.url, { username: 'vendor', password: 'demo1234' });
      const path = lastMonthPath();
      return await sampleLatency(
        `GET ${API}/crud/ns.vendor-sales, a month of vendor 101's sales on ${dialect}`,
        () => getOk(`${server.url}${path}`, { cookie }),
        SAMPLES,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await store.remove();
  }
}

export const mySales: Benchmark = {
  name: 'my-sales',
  description:
    `A vendor's "My Sales" for the last 30 days (first page of 50 and the total) over ${LINES.toLocaleString('en-US')} vendor order lines ` +
    `of the last year among ${VENDORS.length} vendors (${benchDialects().join(' and ')})`,
  async run() {
    const timings: Timing[] = [];
    const ratios: Ratio[] = [];
    for (const dialect of benchDialects()) {
      const { p95Ms, p99Ms, ...timing } = await runOn(dialect);
      timings.push({ ...timing, label: `${timing.label}; p95 ${p95Ms} ms, p99 ${p99Ms} ms` });
      ratios.push(atMost(`My Sales p95 on ${dialect} (ms)`, p95Ms, P95_MS));
    }
    return { name: this.name, description: this.description, measurements: [], timings, ratios, problems: [] };
  },
};
