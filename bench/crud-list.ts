import BetterSqlite3 from 'better-sqlite3';
import { sql, type CompiledQuery } from 'kysely';
import { join } from 'node:path';
import pg from 'pg';
import { SQLITE_FILE_NAME } from '../server/db';
import { getOk, sampleLatency } from './lib/latency';
import { captureListSql, insertCatalogue } from './lib/largeCatalogue';
import { benchDialects, createStore, startBareServer, startStoreServer, type BenchDialect, type BenchStore } from './lib/servers';
import { API, signIn } from './lib/signIn';
import { atMost, type Benchmark, type Ratio, type Timing } from './lib/types';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SAMPLES = 300;
const PAGE_QUERY = `&active=name&direction=asc&queryFilters=${encodeURIComponent(JSON.stringify({ status: 'available' }))}&page=2&per_page=50`;
/** A realistic back-office page: a search inside names (trigram indexes), a sort, a filter and the second page. */
const LIST_PATH = `${API}/crud/ns.products?search=${encodeURIComponent('Oak')}${PAGE_QUERY}`;
/** The same page without the search, so searched and unsearched compare in one run. */
const UNSEARCHED_PATH = `${API}/crud/ns.products?${PAGE_QUERY.slice(1)}`;

type Sampled = Timing & { p99Ms: number };

/** Target: the endpoint within 2× the raw query plus the bare-route overhead. */
function budget(raw: number, bare: number): number {
  return Math.round((2 * raw + bare) * 100) / 100;
}

/** The captured statements run one after another on a connection of the bench's own (better-sqlite3 or the pg driver). */
async function rawLatency(store: BenchStore, statements: readonly CompiledQuery[]): Promise<Sampled> {
  const label = `raw SQL of the searched page on ${store.dialect} (the ${statements.length} statements the engine sent)`;
  if (store.databaseUrl) {
    const client = new pg.Client({ connectionString: store.databaseUrl });
    await client.connect();
    try {
      return await sampleLatency(
        label,
        async () => {
          for (const query of statements) await client.query({ text: query.sql, values: [...query.parameters] });
        },
        SAMPLES,
      );
    } finally {
      await client.end();
    }
  }
  const sqlite = new BetterSqlite3(join(store.dataDir, SQLITE_FILE_NAME), { readonly: true });
  try {
    const prepared = statements.map((query) => ({ statement: sqlite.prepare(query.sql), parameters: [...query.parameters] }));
    return await sampleLatency(
      label,
      () => {
        for (const { statement, parameters } of prepared) statement.all(...parameters);
      },
      SAMPLES,
    );
  } finally {
    sqlite.close();
  }
}

interface DialectRun {
  dialect: BenchDialect;
  statements: number;
  raw: Sampled;
  endpoint: Sampled;
  unsearched: Sampled;
}

/** A fresh store of PRODUCTS generated products: the page's SQL captured and timed raw, then the real server's answers. */
async function runOn(dialect: BenchDialect): Promise<DialectRun> {
  const store = await createStore(dialect);
  try {
    const database = await store.open();
    try {
      await insertCatalogue(database, PRODUCTS);
      // Autovacuum would otherwise visit the freshly filled tables while the raw SQL is timed (it runs first)
      // and not while the endpoint is, slowing one side only; a live store's tables are vacuumed already.
      if (dialect === 'postgres') await sql`vacuum (analyze) products, product_unit_quantities`.execute(database.db);
    } finally {
      await database.close();
    }
    const [statements = []] = await captureListSql(store, [LIST_PATH]);
    const raw = await rawLatency(store, statements);
    const server = await startStoreServer(store);
    try {
      const cookie = await signIn(server.url);
      const timed = (path: string, label: string) => sampleLatency(label, () => getOk(`${server.url}${path}`, { cookie }), SAMPLES);
      const endpoint = await timed(LIST_PATH, `GET ${LIST_PATH.split('?')[0]} on ${dialect} (search 'Oak', sort, filter, page 2)`);
      const unsearched = await timed(UNSEARCHED_PATH, `GET ${LIST_PATH.split('?')[0]} on ${dialect} (no search; sort, filter, page 2)`);
      return { dialect, statements: statements.length, raw, endpoint, unsearched };
    } finally {
      await server.stop();
    }
  } finally {
    await store.remove();
  }
}

export const crudList: Benchmark = {
  name: 'crud-list',
  description:
    `CRUD list page (search + sort + filter) over ${PRODUCTS.toLocaleString('en-US')} products on ${benchDialects().join(' and ')}, ` +
    'against the same SQL run raw and a bare Fastify answer; the same page without the search beside it',
  async run() {
    const bareServer = await startBareServer();
    let bare: Sampled;
    try {
      bare = await sampleLatency('bare Fastify GET /bare (HTTP round trip)', () => getOk(`${bareServer.url}/bare`), SAMPLES);
    } finally {
      await bareServer.stop();
    }
    const runs: DialectRun[] = [];
    for (const dialect of benchDialects()) runs.push(await runOn(dialect));

    const ratios: Ratio[] = runs.flatMap(({ dialect, raw, endpoint }) => [
      atMost(`endpoint p50 on ${dialect} (ms) vs 2 × raw p50 + bare p50`, endpoint.medianMs, budget(raw.medianMs, bare.medianMs)),
      atMost(`endpoint p99 on ${dialect} (ms) vs 2 × raw p99 + bare p99`, endpoint.p99Ms, budget(raw.p99Ms, bare.p99Ms)),
    ]);
    const timings = [bare, ...runs.flatMap(({ raw, endpoint, unsearched }) => [raw, endpoint, unsearched])];
    return {
      name: this.name,
      description: this.description,
      measurements: [],
      timings: timings.map(({ p99Ms, ...timing }) => ({ ...timing, label: `${timing.label}; p99 ${p99Ms} ms` })),
      ratios,
      problems: runs.filter((run) => run.statements === 0).map((run) => `No list SQL was captured on ${run.dialect}.`),
    };
  },
};
