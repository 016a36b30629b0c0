import { loadavg } from 'node:os';
import { CLOSED_SALE_STATUSES, REPORT_KINDS } from '../schemas/reports';
import { getOk, sampleLatency } from './lib/latency';
import { cachedStore } from './lib/cachedStore';
import { insertReportSales } from './lib/reportSales';
import { benchDialects, startStoreServer, type BenchDialect, type BenchStore } from './lib/servers';
import { rebuildSummaries } from '../server/services/reports/summary';
import { API, signIn } from './lib/signIn';
import { atMost, type Benchmark, type Ratio, type Timing } from './lib/types';

/** BENCH_ORDER_LINES order lines (default 1,000,000) over two years among 200 vendors. */
const LINES = Number(process.env.BENCH_ORDER_LINES ?? 1_000_000);
const DAYS = 730;
const VENDORS = 200;
const REPORT_SAMPLES = Number(process.env.BENCH_REPORT_SAMPLES ?? 40);
const DASHBOARD_SAMPLES = Number(process.env.BENCH_DASHBOARD_SAMPLES ?? 100);
/** Targets: a report over a month, the dashboard, at p95. */
const REPORT_P95_MS = 300;
const DASHBOARD_P95_MS = 200;

/** The 30 days before today (UTC days; the bench store runs in the machine's zone). */
function lastMonth(): string {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return `startDate=${day(30)}&endDate=${day(1)}`;
}

/**
 * The bulk load writes the orders' rows straight through the drivers, past the order transactions that keep the
 * report summaries: a store without them gets them by the rebuild (`npm run reports:rebuild`'s code), timed.
 */
async function summarised(store: BenchStore): Promise<void> {
  const database = await store.open();
  try {
    // The demo's orders have their parts from the migration: the latest closed sale tells whether the load's have.
    const latest = await database.db
      .selectFrom('orders')
      .select('id')
      .where('payment_status', 'in', [...CLOSED_SALE_STATUSES])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const parts = latest && (await database.db.selectFrom('report_order_parts').select('order_id').where('order_id', '=', latest.id).executeTakeFirst());
    if (!latest || parts) return;
    const started = Date.now();
    const result = await database.db.transaction().execute((trx) => rebuildSummaries(trx));
    console.log(
      `reports: ${store.dialect} summaries rebuilt in ${Math.round((Date.now() - started) / 1000)} s (${result.orders} closed sales, ${result.rows} rows)`,
    );
  } finally {
    await database.close();
  }
}

async function runOn(dialect: BenchDialect): Promise<{ timings: Timing[]; ratios: Ratio[]; loadSeconds: number | null }> {
  // Kept between runs (BENCH_REBUILD=1 loads it again): see bench/lib/cachedStore.ts.
  const { store, loadSeconds } = await cachedStore(dialect, `reports_${LINES}_${DAYS}_${VENDORS}`, (writer) =>
    insertReportSales(writer, { lines: LINES, days: DAYS, vendors: VENDORS }),
  );
  try {
    console.log(loadSeconds === null ? `reports: ${dialect} store reused` : `reports: ${dialect} store loaded in ${loadSeconds} s`);
    await summarised(store);
    const server = await startStoreServer(store);
    try {
      const cookie = await signIn(server.url, { username: 'manager', password: 'demo1234' });
      const timings: Timing[] = [];
      const ratios: Ratio[] = [];
      // Baseline: the cheapest signed-in answer of the same server in the same run.
      const baseline = await sampleLatency(`GET ${API}/auth/user on ${dialect} (baseline)`, () => getOk(`${server.url}${API}/auth/user`, { cookie }), 100);
      timings.push({ ...baseline, label: `${baseline.label}; p95 ${baseline.p95Ms} ms` });
      console.log(`reports: ${timings.at(-1)!.label}`);
      const ratio = (p95: number) => (baseline.p95Ms > 0 ? Math.round((p95 / baseline.p95Ms) * 10) / 10 : 0);
      for (const kind of REPORT_KINDS) {
        const result = await sampleLatency(
          `GET ${API}/reports/${kind}, a month, on ${dialect}`,
          () => getOk(`${server.url}${API}/reports/${kind}?${lastMonth()}`, { cookie }),
          REPORT_SAMPLES,
          5,
        );
        timings.push({ ...result, label: `${result.label}; p95 ${result.p95Ms} ms (${ratio(result.p95Ms)} × baseline)` });
        console.log(`reports: ${timings.at(-1)!.label}, median ${result.medianMs} ms`);
        ratios.push(atMost(`${kind} p95 on ${dialect} (ms)`, result.p95Ms, REPORT_P95_MS));
      }
      const csv = await sampleLatency(
        `GET ${API}/reports/sales-by-day/csv, a month, on ${dialect}`,
        () => getOk(`${server.url}${API}/reports/sales-by-day/csv?${lastMonth()}`, { cookie }),
        REPORT_SAMPLES,
        5,
      );
      timings.push({ ...csv, label: `${csv.label}; p95 ${csv.p95Ms} ms (${ratio(csv.p95Ms)} × baseline)` });
      ratios.push(atMost(`sales-by-day CSV p95 on ${dialect} (ms)`, csv.p95Ms, REPORT_P95_MS));
      const dashboard = await sampleLatency(
        `GET ${API}/dashboard/figures (staff) on ${dialect}`,
        () => getOk(`${server.url}${API}/dashboard/figures`, { cookie }),
        DASHBOARD_SAMPLES,
      );
      timings.push({ ...dashboard, label: `${dashboard.label}; p95 ${dashboard.p95Ms} ms (${ratio(dashboard.p95Ms)} × baseline)` });
      console.log(`reports: ${timings.at(-1)!.label}, median ${dashboard.medianMs} ms`);
      ratios.push(atMost(`dashboard p95 on ${dialect} (ms)`, dashboard.p95Ms, DASHBOARD_P95_MS));
      return { timings, ratios, loadSeconds };
    } finally {
      await server.stop();
    }
  } finally {
    await store.remove();
  }
}

export const reports: Benchmark = {
  name: 'reports',
  description:
    `Each report over the last 30 days, its CSV and the staff dashboard, over ${LINES.toLocaleString('en-US')} order lines of two years ` +
    `among ${VENDORS} vendors (${benchDialects().join(' and ')}); baseline GET /auth/user of the same server`,
  async run() {
    const timings: Timing[] = [];
    const ratios: Ratio[] = [];
    for (const dialect of benchDialects()) {
      const result = await runOn(dialect);
      const load = result.loadSeconds === null ? `the ${dialect} store of an earlier run reused` : `loading the ${dialect} store took ${result.loadSeconds} s`;
      timings.push(
        {
          label: `${load}; load average ${loadavg()
            .map((value) => value.toFixed(1))
            .join(' ')}`,
          medianMs: 0,
          p90Ms: 0,
          samples: 0,
        },
        ...result.timings,
      );
      ratios.push(...result.ratios);
    }
    return { name: this.name, description: this.description, measurements: [], timings, ratios, problems: [] };
  },
};
