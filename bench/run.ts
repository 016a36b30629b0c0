// Performance harness: `npm run bench [-- name...]` runs the named benchmarks (default: all),
// prints a table per benchmark with ratios against baselines measured in the same run, and
// writes bench/results/latest.json. Exits 1 when a target is missed or a measurement had errors.
// scale: BENCH_SCALE (10000, 100000 or 1000000 products, comma-separated for a growth table; default 10000), BENCH_SCALE_SAMPLES (100);
// Settings: BENCH_DURATION (seconds, default 10), BENCH_WARMUP (default 2), BENCH_CONNECTIONS (default 10);
// properties: BENCH_PROPERTY_SEQUENCES (default 10000), BENCH_PROPERTY_STEPS (default 16), BENCH_PROPERTY_SEED (default 1);
// mixed-load: BENCH_MIXED_DURATION (default 60), BENCH_MIXED_STEP (default 5), BENCH_MIXED_STEPS (default 1,2,4,8,16);
// BENCH_SCALE_OUT=1 (PostgreSQL: one app server beside two behind npm run scale-out, steps default 4,8,16), BENCH_SCALE_OUT_POOLS (10,4: pool sizes compared);
// builder-screen: BENCH_BUILDER_ROWS (default 20000);
// first-load: BENCH_FIRST_LOAD_RUNS (default 7), BENCH_CLIENT_DIR (measure that build instead of building one);
// pos-search, scan-to-line, crud-list, big-reads and first-load: BENCH_PRODUCTS (default 100000); my-sales: BENCH_ORDER_LINES (default 100000); reports: BENCH_ORDER_LINES (default 1000000), BENCH_REPORT_SAMPLES (40), BENCH_DASHBOARD_SAMPLES (100). PostgreSQL runs too (checkout, pos-search, crud-list, big-reads,
// mixed-load, builder-screen) when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server to create throwaway databases on.
import { authUser } from './auth-user';
import { bigReads } from './big-reads';
import { builderScreen } from './builder-screen';
import { checkout } from './checkout';
import { crudForm } from './crud-form';
import { crudList } from './crud-list';
import { firstLoad } from './first-load';
import { floorMap } from './floor-map';
import { mixedLoad } from './mixed-load';
import { mySales } from './my-sales';
import { posSearch } from './pos-search';
import { scanToLine } from './scan-to-line';
import { scale } from './scale';
import { properties } from './properties';
import { quietTill } from './quiet-till';
import { reports } from './reports';
import { signinFlood } from './signin-flood';
import { formatReport, writeResults } from './lib/report';
import type { Benchmark, BenchmarkReport, BenchSettings } from './lib/types';

/** Every benchmark, by the name given on the command line. Add new modules here. */
const BENCHMARKS: Benchmark[] = [
  authUser,
  crudList,
  crudForm,
  floorMap,
  checkout,
  posSearch,
  mixedLoad,
  signinFlood,
  bigReads,
  properties,
  mySales,
  scanToLine,
  reports,
  firstLoad,
  builderScreen,
  scale,
  quietTill,
];

const RESULTS_FILE = 'bench/results/latest.json';

function readNumber(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name}=${raw} is not valid: give a number >= ${min}.`);
  return value;
}

function selectBenchmarks(names: string[]): Benchmark[] {
  if (names.length === 0) return BENCHMARKS;
  const unknown = names.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.name === name));
  if (unknown.length > 0) {
    throw new Error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${BENCHMARKS.map((benchmark) => benchmark.name).join(', ')}.`);
  }
  return BENCHMARKS.filter((benchmark) => names.includes(benchmark.name));
}

async function main(): Promise<number> {
  const settings: BenchSettings = {
    durationSeconds: readNumber('BENCH_DURATION', 10, 1),
    warmupSeconds: readNumber('BENCH_WARMUP', 2, 0),
    connections: readNumber('BENCH_CONNECTIONS', 10, 1),
  };
  const selected = selectBenchmarks(process.argv.slice(2));
  console.log(
    `bench: ${selected.map((benchmark) => benchmark.name).join(', ')}; ${settings.connections} connections, ` +
      `${settings.warmupSeconds} s warm-up, ${settings.durationSeconds} s measured, all on 127.0.0.1`,
  );
  const reports: BenchmarkReport[] = [];
  for (const benchmark of selected) {
    const report = await benchmark.run(settings);
    reports.push(report);
    console.log('');
    formatReport(report).forEach((line) => console.log(line));
  }
  writeResults(RESULTS_FILE, settings, reports);
  console.log(`\nResults written to ${RESULTS_FILE}`);
  const failed = reports.some((report) => report.problems.length > 0 || report.ratios.some((ratio) => !ratio.met));
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
