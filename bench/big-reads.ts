import { MAX_PAGE_ROWS } from '../schemas/paged';
import { startBigReaders, type ReaderCounts } from './lib/bigReaders';
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
      carts = checkoutCarts(await sellableUnits(database, 200), CARTS, [await frontTillId(database)]);
    } finally {
      await database.close();
    }
    const server = await startStoreServer(store);
    try {
      const cookie = await signIn(server.url);
      await checkCarts(server.url, cookie, carts as Parameters<typeof checkCarts>[2]);
      const till = () =>
        measureLoad({
          url: server.url,
          headers: writeHeaders(cookie),
          connections: 1,
          requests: carts.map((cart) => ({ method: 'POST', path: `${API}/orders`, body: JSON.stringify(cart) })),
          durationSeconds: settings.durationSeconds,
          warmupSeconds: settings.warmupSeconds,
        });
      const idle = await till();
      const readers = await startBigReaders(server.url, cookie, READERS);
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
  description:
    `One till's checkout p99 while the products list at its largest page (${MAX_PAGE_ROWS} rows) and CSV exports of all ` +
    `${PRODUCTS.toLocaleString('en-US')} products are served back to back, beside the same till on the idle server (${benchDialects().join(' and ')})`,
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
      if ((READERS.includes('pages') && readers.pages === 0) || (READERS.includes('export') && readers.exports === 0))
        problems.push(`${dialect}: the big readers completed ${readers.pages} pages and ${readers.exports} exports while the till was measured`);
      if (readers.exports > 0 && readers.exportedRows < PRODUCTS)
        problems.push(`${dialect}: an export held ${readers.exportedRows} rows, fewer than the ${PRODUCTS} products`);
    }
    return { name: this.name, description: this.description, measurements, ratios, problems };
  },
};
