import { sql } from 'kysely';
import type { Database } from '../server/db';
import { nowUtc } from '../server/db/time';
import { getOk, sampleLatency } from './lib/latency';
import { insertCatalogue } from './lib/largeCatalogue';
import { benchDialects, createStore, startBareServer, startStoreServer, type BenchDialect } from './lib/servers';
import { API, signIn } from './lib/signIn';
import { atMost, type Benchmark, type Ratio, type Timing } from './lib/types';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const VENDORS = 200;
const FIRST_VENDOR = 1001;
const SAMPLES = 500;
/** The till search figures in the README: p95 under 100 ms over 100,000 products. */
const TARGET_P95_MS = 100;
/** Owners must not slow the scan beyond the machine's run-to-run noise (±20 %). */
const OWNED_OVER_BEFORE = 1.2;

type Sampled = Timing & { p95Ms: number; p99Ms: number };
type Scanned = { id: number; code: string; vendor_id: number | null };

/** 200 vendor accounts (numbers 1001–1200) that own the catalogue. */
async function insertVendors(database: Database): Promise<void> {
  const now = nowUtc();
  const rows = Array.from({ length: VENDORS }, (_, i) => ({
    username: `bench-vendor-${FIRST_VENDOR + i}`,
    email: `bench-vendor-${FIRST_VENDOR + i}@example.com`,
    password_hash: 'not-a-login',
    role: 'vendor' as const,
    active: 1,
    vendor_id: FIRST_VENDOR + i,
    first_name: 'Bench',
    last_name: `Vendor ${FIRST_VENDOR + i}`,
    phone: null,
    commission: '',
    monthly_rent: '',
    created_at: now,
    updated_at: now,
  }));
  await database.db.insertInto('users').values(rows).execute();
}

/**
 * Gives every generated product (sku B-n) an owner among the 200 vendors and the code a vendor's tag
 * carries: the items vendors enter get their own SKU V<vendor>-<id> and no barcode (odd ids here); the
 * others keep the barcode they came with, which their tags print.
 */
async function ownByVendors(database: Database): Promise<void> {
  const owner = sql<number>`(${FIRST_VENDOR} + (id % ${VENDORS}))`;
  await database.db
    .updateTable('products')
    .set({ vendor_id: owner, sku: sql<string>`'V' || ${owner} || '-' || id`, barcode: sql<string | null>`case when id % 2 = 1 then null else barcode end` })
    .where('sku', 'like', 'B-%')
    .execute();
  if (database.dialect === 'postgres') await sql`analyze products`.execute(database.db);
}

/** About 25 available products spread over the catalogue, each with the code its tag carries (barcode, else sku). */
async function scannedProducts(database: Database): Promise<Scanned[]> {
  const rows = await database.db
    .selectFrom('products')
    .select(['id', 'barcode', 'sku', 'vendor_id'])
    .where('status', '=', 'available')
    .where(sql<boolean>`id % ${Math.max(1, Math.floor(PRODUCTS / 25))} = 7`)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, code: row.barcode ?? row.sku ?? '', vendor_id: row.vendor_id }));
}

/** What the till does on a scan: the exact code searched, the scanned product answered first. */
async function checkScan(baseUrl: string, cookie: string, item: Scanned): Promise<number> {
  const response = await fetch(`${baseUrl}${API}/pos/products?search=${encodeURIComponent(item.code)}`, { headers: { cookie } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`Scan "${item.code}" answered ${response.status}: ${text.slice(0, 300)}`);
  const [first] = JSON.parse(text) as Array<{ id: number; units: Array<{ unit_id: number }> }>;
  if (first?.id !== item.id) throw new Error(`Scan "${item.code}" did not answer product ${item.id} first.`);
  return first.units[0]!.unit_id;
}

/** The line a scan adds, sold with no vendor chosen, must credit the owner: one unpaid checkout proves it. */
async function checkOwnerCredited(baseUrl: string, cookie: string, item: Scanned, unitId: number): Promise<void> {
  const response = await fetch(`${baseUrl}${API}/orders`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ products: [{ product_type: 'product', product_id: item.id, unit_id: unitId, quantity: 1 }], payments: [], save_unpaid: true }),
  });
  const text = await response.text();
  const vendor =
    response.status === 200
      ? (JSON.parse(text) as { data: { order: { products: Array<{ vendor_id: number | null }> } } }).data.order.products[0]?.vendor_id
      : undefined;
  if (vendor !== item.vendor_id)
    throw new Error(`The scanned product ${item.id} was sold for vendor ${vendor}, not its owner ${item.vendor_id}: ${text.slice(0, 300)}`);
}

async function scans(label: string, baseUrl: string, cookie: string, items: readonly Scanned[]): Promise<Sampled> {
  const urls = items.map((item) => `${baseUrl}${API}/pos/products?search=${encodeURIComponent(item.code)}`);
  let next = 0;
  return sampleLatency(
    label,
    () => {
      next = (next + 1) % urls.length;
      return getOk(urls[next]!, { cookie });
    },
    SAMPLES,
  );
}

/** On one database: the same products scanned before (no owners, the store's own codes) and after 200 vendors own them. */
async function scanLatency(dialect: BenchDialect): Promise<{ baseline: Sampled; owned: Sampled }> {
  const store = await createStore(dialect);
  try {
    const database = await store.open();
    try {
      await insertCatalogue(database, PRODUCTS);
      await insertVendors(database);
      const server = await startStoreServer(store);
      try {
        const cookie = await signIn(server.url);
        const before = await scannedProducts(database);
        for (const item of before) await checkScan(server.url, cookie, item);
        const baseline = await scans(`scan before: store-owned codes on ${dialect} (${before.length} cycled)`, server.url, cookie, before);
        await ownByVendors(database);
        const after = await scannedProducts(database);
        const units = [];
        for (const item of after) units.push(await checkScan(server.url, cookie, item));
        await checkOwnerCredited(server.url, cookie, after[0]!, units[0]!);
        const owned = await scans(`scan: tags of ${VENDORS} vendors' items on ${dialect} (${after.length} cycled)`, server.url, cookie, after);
        return { baseline, owned };
      } finally {
        await server.stop();
      }
    } finally {
      await database.close();
    }
  } finally {
    await store.remove();
  }
}

export const scanToLine: Benchmark = {
  name: 'scan-to-line',
  description:
    `The till's scan of a tag (GET /pos/products?search=<code>, the product the till adds as a line) over ` +
    `${PRODUCTS.toLocaleString('en-US')} products owned by ${VENDORS} vendors, on ${benchDialects().join(' and ')}; ` +
    `baselines: the same products scanned before they had owners, and a bare Fastify round trip`,
  async run() {
    const bareServer = await startBareServer();
    let bare: Sampled;
    try {
      bare = await sampleLatency('bare Fastify GET /bare (HTTP round trip)', () => getOk(`${bareServer.url}/bare`), SAMPLES);
    } finally {
      await bareServer.stop();
    }
    const runs: Array<{ dialect: BenchDialect; baseline: Sampled; owned: Sampled }> = [];
    for (const dialect of benchDialects()) runs.push({ dialect, ...(await scanLatency(dialect)) });
    // The absolute target holds on a quiet machine; the same-run ratio says what owners cost whatever the load.
    const ratios: Ratio[] = runs.flatMap(({ dialect, baseline, owned }) => [
      atMost(`scan p95 on ${dialect} (ms), round trip included`, owned.p95Ms, TARGET_P95_MS),
      atMost(`scan median on ${dialect}, owned by vendors / before`, owned.medianMs / baseline.medianMs, OWNED_OVER_BEFORE),
    ]);
    return {
      name: this.name,
      description: this.description,
      measurements: [],
      timings: [bare, ...runs.flatMap(({ baseline, owned }) => [baseline, owned])].map(({ p95Ms, p99Ms, ...timing }) => ({
        ...timing,
        label: `${timing.label}; p95 ${p95Ms} ms, p99 ${p99Ms} ms`,
      })),
      ratios,
      problems: [],
    };
  },
};
