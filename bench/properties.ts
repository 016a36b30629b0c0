import fc from 'fast-check';
import { KNOWN_OPEN, PropertyFailure, openPropertyStore, runSequence, sequenceArb } from '../tests/api/ordersProperties';
import { benchDialects, postgresAdminUrl } from './lib/servers';
import { atMost, type Benchmark, type Ratio } from './lib/types';

/**
 * The long run of the order money properties (tests/api/ordersProperties/): BENCH_PROPERTY_SEQUENCES
 * random sequences (default 10,000) of checkouts, payments, line edits, refunds, instalments, voids and
 * deletes through the API, every invariant checked after every step, on SQLite and (with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. Each sequence has its own seed (BENCH_PROPERTY_SEED
 * + index), so a failure printed here replays alone; a failing sequence is shrunk (at most two minutes)
 * and the run goes on. BENCH_PROPERTY_STEPS (default 16) bounds a sequence's length. The target: no
 * sequence fails outside the known-open invariants (KNOWN_OPEN), which are counted apart.
 * BENCH_PROPERTY_DIALECT=sqlite or postgres runs one database only.
 */

const readInt = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0.`);
  return value;
};

export const properties: Benchmark = {
  name: 'properties',
  description: 'Order money properties: random API sequences, invariants after every step',
  async run() {
    const sequences = readInt('BENCH_PROPERTY_SEQUENCES', 10_000);
    const steps = readInt('BENCH_PROPERTY_STEPS', 16);
    const seed = readInt('BENCH_PROPERTY_SEED', 1);
    // The test harness creates its PostgreSQL databases from TEST_DATABASE_URL.
    const adminUrl = postgresAdminUrl();
    if (adminUrl) process.env.TEST_DATABASE_URL = adminUrl;
    const ratios: Ratio[] = [];
    const problems: string[] = [];
    const figures: string[] = [];
    const only = process.env.BENCH_PROPERTY_DIALECT;
    for (const dialect of benchDialects().filter((name) => !only || name === only)) {
      const store = await openPropertyStore(dialect);
      const started = Date.now();
      let failed = 0;
      let stepsRun = 0;
      try {
        for (let index = 0; index < sequences; index += 1) {
          const result = await fc.check(
            fc.asyncProperty(sequenceArb(steps), async (actions) => {
              stepsRun += (await runSequence(store, actions, KNOWN_OPEN)).steps;
            }),
            { seed: seed + index, numRuns: 1, interruptAfterTimeLimit: 120_000 },
          );
          if (result.failed) {
            failed += 1;
            const error = result.errorInstance;
            const detail = error instanceof PropertyFailure ? error.message : String(error);
            const line = `${dialect} sequence seed ${seed + index} failed (shrunk ${result.numShrinks} times): ${detail.slice(0, 4000)}\n counterexample: ${JSON.stringify(result.counterexample)}`;
            console.log(line);
            if (problems.length < 5) problems.push(line.slice(0, 2000));
          }
          if ((index + 1) % 100 === 0) {
            console.log(`properties ${dialect}: ${index + 1}/${sequences} sequences, ${failed} failed, ${Math.round((Date.now() - started) / 1000)} s`);
          }
        }
      } finally {
        await store.close();
      }
      const seconds = Math.round((Date.now() - started) / 1000);
      const known = [...store.knownOpenSeen].map(([name, count]) => `${name} ×${count}`).join(', ') || 'none';
      figures.push(`${dialect}: ${sequences} sequences (${stepsRun} steps) in ${seconds} s, ${failed} failed; known-open invariants seen failing: ${known}`);
      figures.push(
        `${dialect} answers: ${[...store.outcomes]
          .sort()
          .map(([outcome, count]) => `${outcome} ×${count}`)
          .join(', ')}`,
      );
      ratios.push(atMost(`${dialect} sequences failing`, failed, 0));
    }
    return {
      name: 'properties',
      description: `Order money properties, seeds ${seed}…${seed + sequences - 1}, up to ${steps} steps each\n  ${figures.join('\n  ')}`,
      measurements: [],
      ratios,
      problems,
    };
  },
};
