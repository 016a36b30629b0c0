import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLITE_FILE_NAME } from '../server/db';
import { getOk, sampleLatency } from './lib/latency';
import { captureListSql, seedLargeCatalogue } from './lib/largeCatalogue';
import { startAppServer, startBareServer } from './lib/servers';
import { API, signIn } from './lib/signIn';
import { atMost, type Benchmark, type Timing } from './lib/types';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SAMPLES = 300;
/** A realistic back-office page: a search inside names (FTS5 trigram index), a sort, a filter and the second page. */
const LIST_PATH =
  `${API}/crud/ns.products?search=${encodeURIComponent('Oak')}&active=name&direction=asc` +
  `&queryFilters=${encodeURIComponent(JSON.stringify({ status: 'available' }))}&page=2&per_page=50`;

/** Target (issue 3): the endpoint within 2× the raw query plus the bare-route overhead. */
function budget(raw: number, bare: number): number {
  return 2 * raw + bare;
}

export const crudList: Benchmark = {
  name: 'crud-list',
  description: `CRUD list page (search + sort + filter) over ${PRODUCTS.toLocaleString('en-US')} products, against the same SQL run raw and a bare Fastify answer`,
  async run() {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-crud-'));
    try {
      await seedLargeCatalogue(dataDir, PRODUCTS);
      const statements = await captureListSql(dataDir, LIST_PATH);

      const sqlite = new BetterSqlite3(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
      const prepared = statements.map((query) => ({ statement: sqlite.prepare(query.sql), parameters: [...query.parameters] }));
      const raw = await sampleLatency(
        'raw SQL of the same page (count + rows)',
        () => {
          for (const { statement, parameters } of prepared) statement.all(...parameters);
        },
        SAMPLES,
      );
      sqlite.close();

      const bareServer = await startBareServer();
      let bare: Timing & { p99Ms: number };
      try {
        bare = await sampleLatency('bare Fastify GET /bare (HTTP round trip)', () => getOk(`${bareServer.url}/bare`), SAMPLES);
      } finally {
        await bareServer.stop();
      }

      const appServer = await startAppServer(dataDir);
      let endpoint: Timing & { p99Ms: number };
      try {
        const cookie = await signIn(appServer.url);
        endpoint = await sampleLatency(
          `GET ${LIST_PATH.split('?')[0]} (search, sort, filter, page 2)`,
          () => getOk(`${appServer.url}${LIST_PATH}`, { cookie }),
          SAMPLES,
        );
      } finally {
        await appServer.stop();
      }

      const timings = [raw, bare, endpoint].map(({ p99Ms, ...timing }) => ({ ...timing, label: `${timing.label}; p99 ${p99Ms} ms` }));
      return {
        name: this.name,
        description: this.description,
        measurements: [],
        timings,
        ratios: [
          atMost('endpoint p50 (ms) vs 2 × raw p50 + bare p50', endpoint.medianMs, budget(raw.medianMs, bare.medianMs)),
          atMost('endpoint p99 (ms) vs 2 × raw p99 + bare p99', endpoint.p99Ms, budget(raw.p99Ms, bare.p99Ms)),
        ],
        problems: statements.length === 0 ? ['No list SQL was captured.'] : [],
      };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
