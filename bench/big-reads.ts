import { MAX_PAGE_ROWS } from '../schemas/paged';
import { checkCarts, checkoutCarts, frontTillId, sellableUnits, stockUp, writeHeaders } from './lib/checkoutCarts';
import { insertCatalogue } from './lib/largeCatalogue';
import { loadProblems, measureLoad, type LoadResult } from './lib/load';
import { benchDialects, createStore, startStoreServer, type BenchDialect } from './lib/servers';
import { API, signIn } from './lib/signIn';
import { atMost, type Benchmark, type BenchSettings, type Measurement, type Ratio } from './lib/types';

/** Products in the store: the export reads all of them, the list pages over them. */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const CARTS = 16;
/** Which big readers run beside the till (BENCH_BIG_READERS=pages or export isolates one; default both). */
const READERS = (process.env.BENCH_BIG_READERS ?? 'pages,export').split(',').map((name) => name.trim());
/** A till's checkout must answer within this at p99 while the largest page and a whole export are being served. */
const TILL_P99_MS = 100;

/** What the big readers got done while the till was measured. */
interface ReaderCounts {
  pages: number;
  exports: number;
  exportedRows: number;
  failures: string[];
}

/**
 * Two readers beside the till, each one request after another until stopped: the products list at the
 * largest page size (1,000 rows, the page ALL asks for on a long list), and the CSV export of every
 * product followed by its download.
 */
function startBigReaders(url: string, cookie: string): { stop: () => Promise<ReaderCounts> } {
  const counts: ReaderCounts = { pages: 0, exports: 0, exportedRows: 0, failures: [] };
  let running = true;
  const headers = writeHeaders(cookie);
  const pages = (async () => {
    for (let page = 1; running && READERS.includes('pages'); page = (page % 20) + 1) {
      const response = await fetch(`${url}${API}/crud/ns.products?per_page=${MAX_PAGE_ROWS}&page=${page}`, { headers });
      const body = await response.text();
      if (response.status !== 200) counts.failures.push(`list page answered ${response.status}: ${body.slice(0, 200)}`);
      else counts.pages += 1;
    }
  })();
  const exports = (async () => {
    while (running && READERS.includes('export')) {
      const response = await fetch(`${url}${API}/crud/ns.products/export`, { method: 'POST', headers, body: '{}' });
      const body = await response.text();
      if (response.status !== 200) {
        counts.failures.push(`export answered ${response.status}: ${body.slice(0, 200)}`);
        continue;
      }
      const file = await fetch(`${url}${(JSON.parse(body) as { url: string }).url}`, { headers });
      const csv = await file.text();
      if (file.status !== 200) counts.failures.push(`export download answered ${file.status}`);
      else {
        counts.exports += 1;
        counts.exportedRows = csv.split('\r\n').length - 2;
      }
    }
  })();
  return {
    stop: async () => {
      running = false;
      await Promise.all([pages, exports]);
      return counts;
    },
  };
}

interface DialectRun {
  dialect: BenchDialect;
  idle: LoadResult;
  loaded: LoadResult;
  readers: ReaderCounts;
}

/** One till alone on an idle server, then the same till while the big readers run, on a fresh store. */
async function runOn(dialect: BenchDialect, settings: BenchSettings): Promise<DialectRun> {
  const store = await createStore(dialect);
  try {
    const database = await store.open();
    let carts: object[];
    try {
      await insertCatalogue(database, PRODUCTS);
      await stockUp(database, 10_000_000);
      carts = checkoutCarts(await sellableUnits(database, 200), CARTS, await frontTillId(database));
    } finally {
      await database.close();
    }
    const server = await startStoreServer(store);
    try {
      const cookie = await signIn(server.url);
      await checkCarts(server.url, cookie, carts as Parameters<typeof checkCarts>[2]);
      const till = () => measureLoad({
        url: server.url, headers: writeHeaders(cookie), connections: 1,
        requests: carts.map((cart) => ({ method: 'POST', path: `${API}/orders`, body: JSON.stringify(cart) })),
        durationSeconds: settings.durationSeconds, warmupSeconds: settings.warmupSeconds,
      });
      const idle = await till();
      const readers = startBigReaders(server.url, cookie);
      const loaded = await till().catch(async (error: unknown) => {
        await readers.stop();
        throw error;
      });
      return { dialect, idle, loaded, readers: await readers.stop() };
    } finally {
      await server.stop();
    }
  } finally {
    await store.remove();
  }
}

export const bigReads: Benchmark = {
  name: 'big-reads',
  description: `One till's checkout p99 while the products list at its largest page (${MAX_PAGE_ROWS} rows) and CSV exports of all `
    + `${PRODUCTS.toLocaleString('en-US')} products are served back to back, beside the same till on the idle server (${benchDialects().join(' and ')})`,
  async run(settings) {
    const measurements: Measurement[] = [];
    const ratios: Ratio[] = [];
    const problems: string[] = [];
    for (const dialect of benchDialects()) {
      const { idle, loaded, readers } = await runOn(dialect, settings);
      measurements.push({ label: `POST ${API}/orders on ${dialect}, one till, idle server`, result: idle });
      measurements.push({
        label: `POST ${API}/orders on ${dialect}, one till, meanwhile ${readers.pages} pages of ${MAX_PAGE_ROWS} rows and ${readers.exports} exports of ${readers.exportedRows} rows`,
        result: loaded,
      });
      ratios.push(atMost(`one till's checkout p99 on ${dialect} during big reads (ms; idle: ${idle.p99} ms)`, loaded.p99, TILL_P99_MS));
      problems.push(...loadProblems(`${dialect} idle`, idle), ...loadProblems(`${dialect} loaded`, loaded), ...readers.failures);
      if ((READERS.includes('pages') && readers.pages === 0) || (READERS.includes('export') && readers.exports === 0)) problems.push(`${dialect}: the big readers completed ${readers.pages} pages and ${readers.exports} exports while the till was measured`);
      if (readers.exports > 0 && readers.exportedRows < PRODUCTS) problems.push(`${dialect}: an export held ${readers.exportedRows} rows, fewer than the ${PRODUCTS} products`);
    }
    return { name: this.name, description: this.description, measurements, ratios, problems };
  },
};
