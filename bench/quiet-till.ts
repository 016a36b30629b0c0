import { setTimeout as sleep } from 'node:timers/promises';
import { placeCart, withCheckoutServer } from './lib/checkoutCarts';
import { benchDialects, type BenchDialect } from './lib/servers';
import { atMost, timingOf, type Benchmark, type Ratio, type Timing } from './lib/types';

/**
 * A real till sells every so often, not back to back. Each checkout here comes after a pause, first a quiet one
 * (BENCH_QUIET_SECONDS, default 11: longer than the 10 s after which pg's pool closed an unused connection, with
 * its prepared statements), then a short one (1 s); the target holds the quiet sale to at most twice the other.
 */
const SALES = 7;
const SHORT_PAUSE_MS = 1_000;
const TARGET_RATIO = 2;

function quietSeconds(): number {
  const raw = process.env.BENCH_QUIET_SECONDS ?? '11';
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 1) throw new Error(`BENCH_QUIET_SECONDS=${raw} is not valid: give a number of seconds >= 1.`);
  return seconds;
}

async function runOn(dialect: BenchDialect, quietMs: number): Promise<{ timings: Timing[]; ratio: Ratio }> {
  return withCheckoutServer(dialect, SALES, async ({ url, cookie, carts }) => {
    const sell = async (index: number) => {
      const started = performance.now();
      await placeCart(url, cookie, carts[index % carts.length]!);
      return performance.now() - started;
    };
    const after = async (pauseMs: number) => {
      const samples: number[] = [];
      for (let index = 0; index < SALES; index += 1) {
        await sleep(pauseMs);
        samples.push(await sell(index));
      }
      return samples;
    };
    // Warm: the server's code compiled and every connection the pool opens under a short burst.
    for (let index = 0; index < 30; index += 1) await sell(index);
    const quiet = timingOf(`checkout ${quietMs / 1000} s after the last on ${dialect}`, await after(quietMs));
    const busy = timingOf(`checkout 1 s after the last on ${dialect}`, await after(SHORT_PAUSE_MS));
    return { timings: [quiet, busy], ratio: atMost(`quiet / busy checkout median on ${dialect}`, quiet.medianMs / busy.medianMs, TARGET_RATIO) };
  });
}

export const quietTill: Benchmark = {
  name: 'quiet-till',
  description: `A till's checkout after a quiet spell against one a second after the last (${SALES} sales each, medians) on ${benchDialects().join(' and ')}`,
  async run() {
    const quietMs = quietSeconds() * 1000;
    const timings: Timing[] = [];
    const ratios: Ratio[] = [];
    for (const dialect of benchDialects()) {
      const run = await runOn(dialect, quietMs);
      timings.push(...run.timings);
      ratios.push(run.ratio);
    }
    return { name: this.name, description: this.description, measurements: [], timings, ratios, problems: [] };
  },
};
