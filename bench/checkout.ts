import { LINES_PER_ORDER, withCheckoutServer, writeHeaders } from './lib/checkoutCarts';
import { startCpuShare } from './lib/cpuShare';
import { loadProblems, measureLoad, type LoadRequest, type LoadResult } from './lib/load';
import { benchDialects, startBareServer, type BenchDialect } from './lib/servers';
import { API } from './lib/signIn';
import { atMost, type Benchmark, type BenchSettings, type Measurement, type Ratio } from './lib/types';

/** Distinct carts every connection cycles through (half cash, half card). */
const CARTS = 16;
/**
 * Issue 7 asks for the figures (orders/s and p99), not a throughput target: the throughput run at
 * BENCH_CONNECTIONS is reported beside the bare POST. The one target is a cashier's wait: one till
 * checking out alone (one fsynced write transaction: order, 5 lines, 5 guarded stock updates and their
 * movements, payment, recomputation, the order answer) answers within 100 ms at p99. The load target of
 * issue 9 (p99 < 100 ms at the highest load the machine holds) is the mixed-load benchmark's.
 */
const SINGLE_TILL_P99_MS = 100;

const cartRequests = (carts: readonly object[], path: string): LoadRequest[] => carts.map((cart) => ({ method: 'POST', path, body: JSON.stringify(cart) }));

/** Checkout load on the real server over a fresh store of one dialect: one till alone, then under load. */
function checkoutLoad(dialect: BenchDialect, settings: BenchSettings): Promise<{ carts: object[]; single: LoadResult; singleCpu: string; result: LoadResult }> {
  return withCheckoutServer(dialect, CARTS, async ({ url, cookie, carts }) => {
    const load = (connections: number) =>
      measureLoad({
        url,
        headers: writeHeaders(cookie),
        requests: cartRequests(carts, `${API}/orders`),
        connections,
        durationSeconds: settings.durationSeconds,
        warmupSeconds: settings.warmupSeconds,
      });
    // Where one till's time goes: the app server, PostgreSQL and the load generator share the machine's cores.
    const cpu = startCpuShare();
    const single = await load(1);
    const singleCpu = cpu.stop();
    const result = await load(settings.connections);
    return { carts, single, singleCpu, result };
  });
}

export const checkout: Benchmark = {
  name: 'checkout',
  description:
    `Till checkout POST /orders (${LINES_PER_ORDER} catalogue lines, cash and card alternately): orders/s and p50/p99 ` +
    `on ${benchDialects().join(' and ')}, one till alone and under load, against a bare Fastify POST of the same bodies`,
  async run(settings) {
    const measurements: Measurement[] = [];
    const ratios: Ratio[] = [];
    let carts: object[] = [];
    const runs: Array<{ dialect: BenchDialect; single: LoadResult; result: LoadResult }> = [];
    const notes: string[] = [];
    for (const dialect of benchDialects()) {
      const run = await checkoutLoad(dialect, settings);
      carts = run.carts;
      runs.push({ dialect, single: run.single, result: run.result });
      notes.push(`one till on ${dialect} (warm-up included): ${run.singleCpu}`);
    }

    const bareServer = await startBareServer();
    let bare: LoadResult;
    try {
      bare = await measureLoad({
        url: bareServer.url,
        headers: { 'content-type': 'application/json' },
        requests: cartRequests(carts, '/bare'),
        connections: settings.connections,
        durationSeconds: settings.durationSeconds,
        warmupSeconds: settings.warmupSeconds,
      });
    } finally {
      await bareServer.stop();
    }

    measurements.push({ label: 'bare Fastify POST /bare (same bodies)', result: bare });
    for (const { dialect, single, result } of runs) {
      measurements.push({ label: `POST ${API}/orders on ${dialect}, one till (1 connection)`, result: single });
      measurements.push({ label: `POST ${API}/orders on ${dialect}, ${settings.connections} connections (req/s = orders/s)`, result });
      ratios.push(atMost(`one till's checkout p99 on ${dialect} (ms)`, single.p99, SINGLE_TILL_P99_MS));
    }
    return {
      name: this.name,
      description: this.description,
      measurements,
      ratios,
      notes,
      problems: measurements.flatMap(({ label, result }) => loadProblems(label, result)),
    };
  },
};
