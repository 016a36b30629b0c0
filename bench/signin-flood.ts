import { benchDialects, createStore, startStoreServer, type BenchDialect } from './lib/servers';
import { API } from './lib/signIn';
import type { LoadResult } from './lib/load';
import { atMost, timingOf, type Benchmark, type Measurement, type Ratio, type Timing } from './lib/types';

/**
 * A correct sign-in's latency on an idle server (the baseline, same run) and while 32 parallel loops of
 * wrong sign-ins hammer the server, on a store with 100 extra accounts. The server runs as behind the
 * README's load balancer (TRUST_PROXY=127.0.0.1), so each request's X-Forwarded-For is its client's
 * address: the attackers' and the staff's addresses differ as they would in a store. Three floods:
 *  - one address trying real usernames with wrong passwords (the per-address limit answers);
 *  - a new address and a made-up username on every request (no limit applies: the unknown-name path,
 *    which spends no hash, answers);
 *  - a new address on every request, trying 50 real usernames (per-username limits and hash slots).
 * Target: every correct sign-in during a flood answers 200 in under 1 s. Default settings (limits 10 per
 * username and 30 per address a minute, 2 hashes in flight).
 */

const FLOOD_CONNECTIONS = 32;
const TARGET_MS = 1000;
/** Correct sign-ins per phase, one a second, the first after the flood has run this long. */
const SAMPLES = 6;
const SAMPLE_EVERY_MS = 1000;
const FLOOD_RAMP_MS = 1500;
const PASSWORD = 'demo1234';
const EXTRA_ACCOUNTS = 100;

const clerk = (n: number) => `clerk${String(n).padStart(3, '0')}`;
const randomAddress = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

interface Attempt {
  username: string;
  password: string;
  address: string;
}

interface Answer {
  status: number;
  message: string;
  ms: number;
}

async function signInOnce(url: string, { username, password, address }: Attempt): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${url}${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': address },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { message?: string };
  return { status: response.status, message: body.message ?? '', ms: performance.now() - started };
}

interface Flood {
  name: string;
  attempt(i: number): Attempt;
}

const FLOODS: Flood[] = [
  {
    name: 'one address, real usernames',
    attempt: (i) => ({ username: ['manager', 'cashier', 'vendor', 'customer', 'storeadmin'][i % 5]!, password: 'wrong-password', address: '198.51.100.1' }),
  },
  {
    name: 'new address and made-up username each time',
    attempt: (i) => ({ username: `nobody-${i}-${Math.random().toString(36).slice(2, 8)}`, password: 'wrong-password', address: randomAddress() }),
  },
  {
    name: 'new address each time, 50 real usernames',
    attempt: (i) => ({ username: clerk(51 + (i % 50)), password: 'wrong-password', address: randomAddress() }),
  },
];

interface FloodTally {
  requests: number;
  errors: number;
  byAnswer: Map<string, number>;
  latencies: number[];
  seconds: number;
}

/** Runs `connections` loops of wrong sign-ins until `stop` resolves. */
async function runFlood(url: string, flood: Flood, stop: Promise<void>): Promise<FloodTally> {
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  let counter = 0;
  const tally: FloodTally = { requests: 0, errors: 0, byAnswer: new Map(), latencies: [], seconds: 0 };
  const started = performance.now();
  const loop = async () => {
    while (!stopped) {
      try {
        const answer = await signInOnce(url, flood.attempt(counter++));
        const kind = answer.status === 429 ? `429 ${answer.message.startsWith('Too many') ? 'limit' : 'busy'}` : String(answer.status);
        tally.byAnswer.set(kind, (tally.byAnswer.get(kind) ?? 0) + 1);
        tally.latencies.push(answer.ms);
        tally.requests += 1;
      } catch {
        tally.errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: FLOOD_CONNECTIONS }, loop));
  tally.seconds = (performance.now() - started) / 1000;
  return tally;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Correct sign-ins one after another (one a second), each by its own account; answers their timings. */
async function correctSignIns(url: string, firstAccount: number, address: string, problems: string[], label: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const next = sleep(SAMPLE_EVERY_MS);
    const answer = await signInOnce(url, { username: clerk(firstAccount + i), password: PASSWORD, address });
    times.push(answer.ms);
    if (answer.status !== 200) problems.push(`${label}: a correct sign-in answered ${answer.status} (${answer.message}) after ${Math.round(answer.ms)} ms`);
    await next;
  }
  return times;
}

function floodResult(tally: FloodTally): LoadResult {
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const at = (fraction: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0);
  const perSecond = tally.seconds > 0 ? tally.requests / tally.seconds : 0;
  return {
    requestsPerSec: Math.round(perSecond),
    p50: at(0.5),
    p99: at(0.99),
    max: Math.round(sorted[sorted.length - 1] ?? 0),
    meanMs: perSecond > 0 ? Math.round((FLOOD_CONNECTIONS / perSecond) * 100) / 100 : 0,
    requests: tally.requests,
    errors: tally.errors,
    timeouts: 0,
    non2xx: tally.requests - (tally.byAnswer.get('200') ?? 0),
  };
}

const maxOf = (values: number[]) => Math.round(Math.max(...values) * 100) / 100;

async function floodOn(dialect: BenchDialect): Promise<{ measurements: Measurement[]; timings: Timing[]; ratios: Ratio[]; problems: string[] }> {
  const measurements: Measurement[] = [];
  const timings: Timing[] = [];
  const ratios: Ratio[] = [];
  const problems: string[] = [];
  const store = await createStore(dialect);
  try {
    // The extra accounts share the demo users' password hash: hashing 100 passwords would only slow the set-up.
    const database = await store.open();
    try {
      const admin = await database.db.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
      const { id: _id, ...template } = admin;
      for (let n = 1; n <= EXTRA_ACCOUNTS; n += 1) {
        await database.db
          .insertInto('users')
          .values({ ...template, username: clerk(n), email: `${clerk(n)}@example.com`, role: 'cashier' })
          .execute();
      }
    } finally {
      await database.close();
    }
    const server = await startStoreServer(store, { TRUST_PROXY: '127.0.0.1' });
    try {
      const idle = await correctSignIns(server.url, 1, '203.0.113.10', problems, `${dialect} idle`);
      const baseline = timingOf(`${dialect}: correct sign-in, idle server (max ${maxOf(idle)} ms)`, idle);
      timings.push(baseline);
      for (const [index, flood] of FLOODS.entries()) {
        let end = () => {};
        const stop = new Promise<void>((resolve) => {
          end = resolve;
        });
        const running = runFlood(server.url, flood, stop);
        await sleep(FLOOD_RAMP_MS);
        const label = `${dialect}, flood "${flood.name}"`;
        const times = await correctSignIns(server.url, 1 + SAMPLES * (index + 1), `203.0.113.${11 + index}`, problems, label);
        end();
        const tally = await running;
        const answers = [...tally.byAnswer.entries()]
          .sort()
          .map(([kind, count]) => `${kind}: ${count}`)
          .join(', ');
        measurements.push({ label: `${label}: ${FLOOD_CONNECTIONS} loops of wrong sign-ins (${answers})`, result: floodResult(tally) });
        if (tally.errors > 0) problems.push(`${label}: ${tally.errors} flood request(s) failed to connect`);
        const timing = timingOf(`${dialect}: correct sign-in during "${flood.name}" (max ${maxOf(times)} ms)`, times);
        timings.push(timing);
        ratios.push(atMost(`${dialect} "${flood.name}": slowest correct sign-in, ms (idle median ${baseline.medianMs} ms)`, maxOf(times), TARGET_MS));
      }
    } finally {
      await server.stop();
    }
  } finally {
    await store.remove();
  }
  return { measurements, timings, ratios, problems };
}

export const signinFlood: Benchmark = {
  name: 'signin-flood',
  description:
    `A correct sign-in on an idle server, then while ${FLOOD_CONNECTIONS} parallel loops of wrong sign-ins hammer it ` +
    `(three kinds of flood), on ${benchDialects().join(' and ')}; target: each correct sign-in answers 200 in under ${TARGET_MS} ms`,
  async run() {
    const report = {
      name: this.name,
      description: this.description,
      measurements: [] as Measurement[],
      timings: [] as Timing[],
      ratios: [] as Ratio[],
      problems: [] as string[],
    };
    for (const dialect of benchDialects()) {
      const run = await floodOn(dialect);
      report.measurements.push(...run.measurements);
      report.timings.push(...run.timings);
      report.ratios.push(...run.ratios);
      report.problems.push(...run.problems);
    }
    return report;
  },
};
