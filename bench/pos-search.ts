import { getOk, sampleLatency } from './lib/latency';
import { benchBarcode, benchProductName, insertCatalogue } from './lib/largeCatalogue';
import { benchDialects, createStore, startBareServer, startStoreServer, type BenchDialect } from './lib/servers';
import { API, signIn } from './lib/signIn';
import { atMost, type Benchmark, type Ratio, type Timing } from './lib/types';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SAMPLES = 500;
/** The till's product search answers within 100 ms at p95 over 100,000 products. */
const TARGET_P95_MS = 100;

type Sampled = Timing & { p95Ms: number; p99Ms: number };

/**
 * What a cashier types or scans, cycled through: name prefixes of one word, of two words and lower-case
 * partial words (many matches), a prefix that matches nothing, exact barcodes and skus of available
 * products (every tenth generated product is unavailable, so n is never a multiple of 10).
 */
function searchTerms(count: number): string[] {
  const numbers = [0.11, 0.37, 0.63, 0.89].map((fraction) => {
    const n = Math.floor(count * fraction);
    return n % 10 === 0 ? n + 1 : n;
  });
  const prefixes = numbers.flatMap((n) => {
    const [word = '', kind = ''] = benchProductName(n).split(' ');
    return [word, `${word} ${kind.slice(0, 2)}`, word.slice(0, 3).toLowerCase()];
  });
  return [...prefixes, 'Zebra', ...numbers.flatMap((n) => [benchBarcode(n), `B-${n}`])];
}

/** Checks the search answers what the till expects before timing it: scanned codes first, prefixes found. */
async function checkSearch(baseUrl: string, cookie: string, term: string): Promise<void> {
  const response = await fetch(`${baseUrl}${API}/pos/products?search=${encodeURIComponent(term)}`, { headers: { cookie } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`Search "${term}" answered ${response.status}: ${text.slice(0, 300)}`);
  const products = JSON.parse(text) as Array<{ name: string; barcode: string | null; sku: string | null }>;
  if (term === 'Zebra') return;
  const first = products[0];
  if (!first) throw new Error(`Search "${term}" found nothing.`);
  const exact = /^\d+$/.test(term) || term.startsWith('B-');
  if (exact && first.barcode !== term && first.sku !== term) throw new Error(`Search "${term}" did not answer the scanned product first.`);
  if (!exact && !first.name.toLowerCase().startsWith(term.toLowerCase())) throw new Error(`Search "${term}" answered "${first.name}" first.`);
}

/** Sequential searches on the real server over a fresh store of PRODUCTS generated products. */
async function searchLatency(dialect: BenchDialect, terms: readonly string[]): Promise<Sampled> {
  const store = await createStore(dialect);
  try {
    const database = await store.open();
    try {
      await insertCatalogue(database, PRODUCTS);
    } finally {
      await database.close();
    }
    const server = await startStoreServer(store);
    try {
      const cookie = await signIn(server.url);
      for (const term of terms) await checkSearch(server.url, cookie, term);
      const urls = terms.map((term) => `${server.url}${API}/pos/products?search=${encodeURIComponent(term)}`);
      let next = 0;
      return await sampleLatency(
        `GET ${API}/pos/products?search= on ${dialect} (${terms.length} terms cycled)`,
        () => {
          next = (next + 1) % urls.length;
          return getOk(urls[next]!, { cookie });
        },
        SAMPLES,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await store.remove();
  }
}

export const posSearch: Benchmark = {
  name: 'pos-search',
  description:
    `Till product search (name prefixes, exact barcodes and skus) over ${PRODUCTS.toLocaleString('en-US')} products, ` +
    `one request at a time, on ${benchDialects().join(' and ')}, against a bare Fastify round trip`,
  async run() {
    const terms = searchTerms(PRODUCTS);
    const bareServer = await startBareServer();
    let bare: Sampled;
    try {
      bare = await sampleLatency('bare Fastify GET /bare (HTTP round trip)', () => getOk(`${bareServer.url}/bare`), SAMPLES);
    } finally {
      await bareServer.stop();
    }
    const searches: Array<{ dialect: BenchDialect; timing: Sampled }> = [];
    for (const dialect of benchDialects()) searches.push({ dialect, timing: await searchLatency(dialect, terms) });

    // Measured from the client, so the HTTP round trip (the bare line) counts against the server's budget.
    const ratios: Ratio[] = searches.map(({ dialect, timing }) => atMost(`search p95 on ${dialect} (ms), round trip included`, timing.p95Ms, TARGET_P95_MS));
    return {
      name: this.name,
      description: this.description,
      measurements: [],
      timings: [bare, ...searches.map(({ timing }) => timing)].map(({ p95Ms, p99Ms, ...timing }) => ({
        ...timing,
        label: `${timing.label}; p95 ${p95Ms} ms, p99 ${p99Ms} ms`,
      })),
      ratios,
      problems: [],
    };
  },
};
