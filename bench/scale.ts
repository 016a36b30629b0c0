import { getOk, sampleLatency } from './lib/latency';
import { scaleSizes, scaleStore } from './lib/scaleStore';
import { benchDialects, startStoreServer, type BenchDialect } from './lib/servers';
import { API, signIn } from './lib/signIn';
import { atMost, type Benchmark, type Ratio, type Timing } from './lib/types';

const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 100);
const TILL_P95_MS = 50;
const LIST_P95_MS = 100;
const AVAILABLE = encodeURIComponent(JSON.stringify({ status: 'available' }));

interface Probe {
  name: string;
  kind: 'till' | 'list' | 'other';
  /** The path, or how to find it on this store (a deep page's cursor comes from the page before it). */
  path: string | ((get: (path: string) => Promise<any>) => Promise<string>);
}

/** Page `page` of `query` by its number, as a pager's page link or a typed page number asks for it. */
const numberedPage = (query: string, page: (lastPage: number) => number) => async (get: (path: string) => Promise<any>) =>
  `${query}&page=${Math.max(1, page((await get(`${query}&page=1`)).last_page))}`;

/** The page after page `page` of `query`, by the cursor its next_page_url carries. */
const deepPage = (query: string, page: (lastPage: number) => number) => async (get: (path: string) => Promise<any>) => {
  const before = await get(await numberedPage(query, page)(get));
  return String(before.next_page_url ?? `${query}&page=1`);
};

/** The page two past page `page` of `query`, as the pager's link two pages away asks for it: the next link's cursor with that page. */
const twoPagesOn = (query: string, page: (lastPage: number) => number) => async (get: (path: string) => Promise<any>) => {
  const from = await get(await numberedPage(query, page)(get));
  return String(from.next_page_url).replace(/([?&])page=\d+/, `$1page=${from.current_page + 2}`);
};

function probes(products: number): Probe[] {
  const list = `${API}/crud/ns.products?per_page=50`;
  const orders = `${API}/crud/ns.orders?per_page=50`;
  return [
    { name: 'till search, prefix "Oak"', kind: 'till', path: `${API}/pos/products?search=Oak` },
    { name: 'till search, barcode', kind: 'till', path: `${API}/pos/products?search=${200_000_000_000 + Math.floor(products / 2)}` },
    { name: 'till search, sku', kind: 'till', path: `${API}/pos/products?search=B-${Math.floor(products / 3)}` },
    { name: 'products page 1, by name', kind: 'list', path: `${list}&active=name&direction=asc&page=1` },
    { name: 'products page 1, search "Oak" + filter', kind: 'list', path: `${list}&search=Oak&queryFilters=${AVAILABLE}&active=name&direction=asc&page=1` },
    { name: 'products deep page (cursor, middle), by name', kind: 'list', path: deepPage(`${list}&active=name&direction=asc`, (last) => Math.floor(last / 2)) },
    { name: 'products middle page by number, by name', kind: 'list', path: numberedPage(`${list}&active=name&direction=asc`, (last) => Math.floor(last / 2)) },
    { name: 'products last page (from the end)', kind: 'list', path: deepPage(`${list}&active=name&direction=asc`, (last) => last - 1) },
    { name: 'orders page 1', kind: 'list', path: `${orders}&page=1` },
    { name: 'orders deep page (cursor, middle)', kind: 'list', path: deepPage(orders, (last) => Math.floor(last / 2)) },
    { name: 'orders middle page by number', kind: 'list', path: numberedPage(orders, (last) => Math.floor(last / 2)) },
    { name: 'orders two pages past the middle (pager link)', kind: 'list', path: twoPagesOn(orders, (last) => Math.floor(last / 2)) },
    // A code prefix most orders share: more matches than a search sorts, so shown newest first.
    { name: 'orders page 1, search "RB-1" (code prefix)', kind: 'list', path: `${orders}&search=RB-1&page=1` },
    { name: 'order preview', kind: 'other', path: async (get) => `${API}/orders/${(await get(`${orders}&page=1`)).data[0].$id}` },
    { name: 'vendor statement, a month', kind: 'other', path: `${API}/smp/vendors/101/statement` },
  ];
}

interface SizeRun {
  size: number;
  dialect: BenchDialect;
  loadSeconds: number | null;
  p95: Map<string, number>;
  timings: Timing[];
  ratios: Ratio[];
  problems: string[];
}

async function runOn(dialect: BenchDialect, size: number): Promise<SizeRun> {
  const { store, loadSeconds } = await scaleStore(dialect, size);
  // The load time is printed, not reported: it is the store's build, not a figure of the running server.
  console.log(`scale: ${size} products on ${dialect}: ${loadSeconds === null ? 'store reused' : `loaded in ${loadSeconds} s`}`);
  const run: SizeRun = { size, dialect, loadSeconds, p95: new Map(), timings: [], ratios: [], problems: [] };
  try {
    const server = await startStoreServer(store);
    try {
      const cookie = await signIn(server.url);
      const get = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { cookie } })).json();
      const baseline = await sampleLatency(`GET ${API}/auth/user`, () => getOk(`${server.url}${API}/auth/user`, { cookie }), SAMPLES);
      run.p95.set('baseline GET /auth/user', baseline.p95Ms);
      run.timings.push({ ...baseline, label: `${size} products, ${dialect}: baseline GET /auth/user; p95 ${baseline.p95Ms} ms` });
      for (const probe of probes(size)) {
        const path = typeof probe.path === 'string' ? probe.path : await probe.path(get);
        const check = await fetch(`${server.url}${path}`, { headers: { cookie } });
        if (check.status !== 200) {
          run.problems.push(`${probe.name} on ${dialect} answered ${check.status}: ${(await check.text()).slice(0, 200)}`);
          continue;
        }
        const timing = await sampleLatency(probe.name, () => getOk(`${server.url}${path}`, { cookie }), SAMPLES, 5);
        run.p95.set(probe.name, timing.p95Ms);
        run.timings.push({ ...timing, label: `${size} products, ${dialect}: ${probe.name}; p95 ${timing.p95Ms} ms` });
        console.log(`scale: ${run.timings.at(-1)!.label}, p50 ${timing.medianMs} ms`);
        if (size === 1_000_000 && probe.kind !== 'other') {
          run.ratios.push(atMost(`${probe.name} p95 on ${dialect} (ms)`, timing.p95Ms, probe.kind === 'till' ? TILL_P95_MS : LIST_P95_MS));
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    await store.remove();
  }
  return run;
}

/** p95 per probe and database, one column per size: how each figure grows 10k → 100k → 1M. */
function growthTable(runs: readonly SizeRun[]): string {
  const sizes = [...new Set(runs.map((run) => run.size))];
  const rows = [`| p95 ms | ${sizes.map((size) => size.toLocaleString('en-US')).join(' | ')} |`, `|---|${sizes.map(() => '---:').join('|')}|`];
  for (const dialect of new Set(runs.map((run) => run.dialect))) {
    for (const name of runs.find((run) => run.dialect === dialect)!.p95.keys()) {
      const cells = sizes.map((size) => runs.find((run) => run.size === size && run.dialect === dialect)?.p95.get(name) ?? '–');
      rows.push(`| ${dialect}: ${name} | ${cells.join(' | ')} |`);
    }
  }
  return rows.join('\n');
}

export const scale: Benchmark = {
  name: 'scale',
  description:
    'Till search, products and orders list pages (page 1, a deep page by cursor, the last page), an order preview and a vendor statement ' +
    'at 10,000 / 100,000 / 1,000,000 products with 5 order lines per product (BENCH_SCALE), against GET /auth/user in the same run',
  async run() {
    const runs: SizeRun[] = [];
    for (const size of scaleSizes()) for (const dialect of benchDialects()) runs.push(await runOn(dialect, size));
    console.log(`scale: growth of p95 (ms)\n${growthTable(runs)}`);
    return {
      name: this.name,
      description: this.description,
      measurements: [],
      timings: runs.flatMap((run) => run.timings),
      ratios: runs.flatMap((run) => run.ratios),
      problems: runs.flatMap((run) => run.problems),
    };
  },
};
