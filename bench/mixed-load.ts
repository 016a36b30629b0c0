import { loadavg } from 'node:os';
import { withCheckoutServer, writeHeaders, type CheckoutServer } from './lib/checkoutCarts';
import { loadProblems, measureLoad, type LoadRequest, type LoadResult } from './lib/load';
import { startCpuShare } from './lib/cpuShare';
import { describeActivity, sampleActivity } from './lib/pgActivity';
import { benchDialects, startBareServer, startStoreScaleOut, startStoreServer, type BenchDialect, type BenchStore } from './lib/servers';
import type { RunningServer } from './lib/spawnServer';
import { API } from './lib/signIn';
import { atMost, type Benchmark, type BenchmarkReport, type BenchSettings, type Measurement, type Ratio } from './lib/types';

/** The mixed load's target: zero errors and p99 under 100 ms at the highest load two cores hold. */
const TARGET_P99_MS = 100;
const CARTS = 12;

function readSeconds(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 1) throw new Error(`${name}=${process.env[name]} is not valid: give a number of seconds >= 1.`);
  return value;
}

/** BENCH_MIXED_STEPS: the connection counts tried, lowest first (default 1,2,4,8,16; 4,8,16 with BENCH_SCALE_OUT=1). */
function readSteps(fallback = '1,2,4,8,16'): number[] {
  const raw = process.env.BENCH_MIXED_STEPS ?? fallback;
  const steps = raw.split(',').map((part) => Number(part.trim()));
  if (steps.length === 0 || steps.some((step) => !Number.isInteger(step) || step < 1))
    throw new Error(`BENCH_MIXED_STEPS=${raw} is not valid: give connection counts like 1,2,4,8.`);
  return [...steps].sort((a, b) => a - b);
}

const scaleOut = () => process.env.BENCH_SCALE_OUT === '1';

/**
 * The workload every connection cycles through, 30 requests: 9 till checkouts (POST /orders, cash and
 * card), 6 order list pages, 6 product list pages (pages 1–3) and 9 order previews (GET /orders/{id}).
 */
function mixedRequests(carts: readonly object[], orderIds: readonly number[]): LoadRequest[] {
  const requests: LoadRequest[] = [];
  for (let round = 0; round < 3; round += 1) {
    const page = round + 1;
    const cart = (k: number) => ({ method: 'POST' as const, path: `${API}/orders`, body: JSON.stringify(carts[(round * 3 + k) % carts.length]) });
    const preview = (k: number) => ({ method: 'GET' as const, path: `${API}/orders/${orderIds[(round * 3 + k) % orderIds.length]}` });
    requests.push(
      cart(0),
      { method: 'GET', path: `${API}/crud/ns.orders?page=${page}` },
      preview(0),
      { method: 'GET', path: `${API}/crud/ns.products?page=${page}` },
      cart(1),
      preview(1),
      { method: 'GET', path: `${API}/crud/ns.orders?page=${page}&active=created_at&direction=desc` },
      cart(2),
      { method: 'GET', path: `${API}/crud/ns.products?page=${page}&search=Oak` },
      preview(2),
    );
  }
  return requests;
}

const holds = (result: LoadResult) => result.errors === 0 && result.non2xx === 0 && result.requests > 0 && result.p99 < TARGET_P99_MS;

interface DialectRun {
  steps: Array<{ connections: number; result: LoadResult }>;
  held: number | null;
  final: { connections: number; result: LoadResult; cpu: string };
}

/**
 * On a fresh store: short steps of rising connections until one misses the target, then the long run
 * at the highest step that held (at the lowest when none held, so the figure is still printed).
 */
function steppedLoad(dialect: BenchDialect, settings: BenchSettings, stepSeconds: number, durationSeconds: number): Promise<DialectRun> {
  return withCheckoutServer(dialect, CARTS, async ({ url, cookie, carts, orderIds }) => {
    const load = { url, headers: writeHeaders(cookie), requests: mixedRequests(carts, orderIds) };
    const steps: DialectRun['steps'] = [];
    let held: number | null = null;
    for (const connections of readSteps()) {
      const result = await measureLoad({ ...load, connections, durationSeconds: stepSeconds, warmupSeconds: settings.warmupSeconds > 0 ? 1 : 0 });
      steps.push({ connections, result });
      if (!holds(result)) break;
      held = connections;
    }
    const connections = held ?? readSteps()[0]!;
    const cpu = startCpuShare();
    const result = await measureLoad({ ...load, connections, durationSeconds, warmupSeconds: 0 });
    return { steps, held, final: { connections, result, cpu: cpu.stop() } };
  });
}

const loadAverage = () => loadavg()[0]!.toFixed(1);

/** BENCH_SCALE_OUT_POOLS: the DATABASE_POOL_SIZE values compared, comma-separated (default: the servers' own default alone). */
function readPools(): Array<{ name: string; settings: Record<string, string> }> {
  const raw = process.env.BENCH_SCALE_OUT_POOLS?.trim();
  if (!raw) return [{ name: '', settings: {} }];
  return raw.split(',').map((part) => {
    const pool = part.trim();
    if (!/^[1-9]\d*$/.test(pool)) throw new Error(`BENCH_SCALE_OUT_POOLS=${raw} is not valid: give pool sizes like 10,4.`);
    return { name: `, pool ${pool}`, settings: { DATABASE_POOL_SIZE: pool } };
  });
}

interface Arrangement {
  name: string;
  start: (store: BenchStore) => Promise<RunningServer>;
}

/** One app server, and two behind the scale-out's balancer, for each pool setting compared. */
function arrangements(): Arrangement[] {
  return readPools().flatMap(({ name, settings }) => [
    { name: `one app server${name}`, start: (store: BenchStore) => startStoreServer(store, settings) },
    { name: `two app servers behind the balancer${name}${name ? ' each' : ''}`, start: (store: BenchStore) => startStoreScaleOut(store, 2, settings) },
  ]);
}

/** Every arrangement started on its own fresh store, all running while `work` measures them. */
function withArrangements<T>(list: Arrangement[], work: (servers: CheckoutServer[]) => Promise<T>, started: CheckoutServer[] = []): Promise<T> {
  const [first, ...rest] = list;
  if (!first) return work(started);
  return withCheckoutServer('postgres', CARTS, (server) => withArrangements(rest, work, [...started, server]), first.start);
}

/**
 * BENCH_SCALE_OUT=1, PostgreSQL: the same mix against one app server and against two behind the balancer of
 * `npm run scale-out` (for each pool size of BENCH_SCALE_OUT_POOLS), each on its own fresh store, all running for
 * the whole comparison; at each step they are measured one after the other, so that all see the same machine.
 * pg_stat_activity is sampled during every step (what the backends do: run, wait on a lock, sit idle inside a
 * transaction), and the CPU each kind of process used (warm-up second included).
 */
async function compareScaleOut(settings: BenchSettings, stepSeconds: number): Promise<Omit<BenchmarkReport, 'name' | 'description'>> {
  const report: Omit<BenchmarkReport, 'name' | 'description'> = { measurements: [], ratios: [], notes: [], problems: [] };
  const measure = async (name: string, server: CheckoutServer, connections: number) => {
    const sampler = await sampleActivity(server.databaseUrl!);
    const before = loadAverage();
    const load = { url: server.url, headers: writeHeaders(server.cookie), requests: mixedRequests(server.carts, server.orderIds) };
    const cpu = startCpuShare();
    const result = await measureLoad({ ...load, connections, durationSeconds: stepSeconds, warmupSeconds: settings.warmupSeconds > 0 ? 1 : 0 });
    const label = `postgres, ${name}: ${connections} connection(s), ${stepSeconds} s`;
    report.measurements.push({ label, result });
    report.notes!.push(`${describeActivity(label, await sampler.stop())}; ${cpu.stop()}; load average ${before} before, ${loadAverage()} after`);
    report.problems.push(...loadProblems(label, result));
    return result;
  };
  const list = arrangements();
  await withArrangements(list, async (servers) => {
    const steps = readSteps('4,8,16');
    for (const connections of steps) {
      for (const [index, server] of servers.entries()) {
        const result = await measure(list[index]!.name, server, connections);
        if (connections === steps[steps.length - 1])
          report.ratios.push(atMost(`${list[index]!.name} p99 at ${connections} connections (ms)`, result.p99, TARGET_P99_MS));
      }
    }
  });
  return report;
}

export const mixedLoad: Benchmark = {
  name: 'mixed-load',
  description: scaleOut()
    ? 'Mixed workload (till checkouts, order and product list pages, order previews) on PostgreSQL: one app server against ' +
      'two behind the balancer of npm run scale-out, each on its own store, step by step in the same run'
    : 'Mixed workload (till checkouts, order and product list pages, order previews) on the real server on ' +
      `${benchDialects().join(' and ')}: connections stepped until p99 reaches ${TARGET_P99_MS} ms or errors appear, then a long run at the highest step held`,
  async run(settings) {
    const stepSeconds = readSeconds('BENCH_MIXED_STEP', 5);
    if (scaleOut()) {
      if (!benchDialects().includes('postgres')) throw new Error('BENCH_SCALE_OUT=1 runs on PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
      return { name: this.name, description: this.description, ...(await compareScaleOut(settings, stepSeconds)) };
    }
    const durationSeconds = readSeconds('BENCH_MIXED_DURATION', 60);
    const measurements: Measurement[] = [];
    const ratios: Ratio[] = [];
    const problems: string[] = [];
    const notes: string[] = [];
    for (const dialect of benchDialects()) {
      const run = await steppedLoad(dialect, settings, stepSeconds, durationSeconds);
      for (const { connections, result } of run.steps) {
        measurements.push({ label: `${dialect} step: ${connections} connection(s), ${stepSeconds} s${holds(result) ? '' : ' (missed)'}`, result });
      }
      const { connections, result, cpu } = run.final;
      const label = `${dialect} held load: ${connections} connection(s), ${durationSeconds} s`;
      measurements.push({ label, result });
      notes.push(`${label}: ${cpu}`);
      if (run.held === null)
        problems.push(`${dialect}: no step held zero errors and p99 < ${TARGET_P99_MS} ms; the long run used ${connections} connection(s)`);
      ratios.push(atMost(`${dialect} p99 at ${connections} connection(s) over ${durationSeconds} s (ms)`, result.p99, TARGET_P99_MS));
      problems.push(...loadProblems(label, result));

      // The baseline at the same load: a bare Fastify answer, for what the machine gives any server.
      const bareServer = await startBareServer();
      try {
        const bare = await measureLoad({ url: `${bareServer.url}/bare`, connections, durationSeconds: stepSeconds, warmupSeconds: 0 });
        measurements.push({ label: `bare Fastify GET /bare: ${connections} connection(s), ${stepSeconds} s`, result: bare });
      } finally {
        await bareServer.stop();
      }
    }
    return { name: this.name, description: this.description, measurements, ratios, notes, problems };
  },
};
