import pg from 'pg';

/**
 * What PostgreSQL's backends of one database are doing while a load runs: `pg_stat_activity` read every
 * `intervalMs` on a connection of its own (not counted). Answers, per sample on average, how many backends
 * the app servers hold, how many run a statement, sit idle inside a transaction (the app server is between
 * two round trips of one transaction), or wait, and on what; and the statements most often seen waiting.
 */

export interface ActivitySummary {
  samples: number;
  /** Backends connected to the database (the app servers' pools and bridges). */
  connections: number;
  active: number;
  idleInTransaction: number;
  /** Backends waiting on a heavyweight lock (row, transaction id, tuple): the hot rows. */
  lockWaits: number;
  /** Waits by `wait_event_type:wait_event`, per sample on average, largest first (CPU when none). */
  waits: Array<[string, number]>;
  /** The statements seen waiting on a lock most often, with how many samples saw them. */
  lockedStatements: Array<[string, number]>;
}

interface ActivityRow {
  state: string | null;
  wait_event_type: string | null;
  wait_event: string | null;
  query: string;
}

const round = (value: number) => Math.round(value * 100) / 100;

function top(counts: Map<string, number>, limit: number, divisor = 1): Array<[string, number]> {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([key, count]) => [key, round(count / divisor)]);
}

export async function sampleActivity(databaseUrl: string, intervalMs = 200): Promise<{ stop(): Promise<ActivitySummary> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const database = new URL(databaseUrl).pathname.slice(1);
  let samples = 0;
  let connections = 0;
  let active = 0;
  let idleInTransaction = 0;
  let lockWaits = 0;
  const waits = new Map<string, number>();
  const locked = new Map<string, number>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<ActivityRow>(
        `select state, wait_event_type, wait_event, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) as query
           from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        [database],
      );
      samples += 1;
      connections += rows.length;
      for (const row of rows) {
        if (row.state === 'idle in transaction') idleInTransaction += 1;
        if (row.state !== 'active') continue;
        active += 1;
        const wait = row.wait_event_type ? `${row.wait_event_type}:${row.wait_event}` : 'CPU (no wait)';
        waits.set(wait, (waits.get(wait) ?? 0) + 1);
        if (row.wait_event_type === 'Lock') {
          lockWaits += 1;
          locked.set(row.query, (locked.get(row.query) ?? 0) + 1);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      const per = (total: number) => (samples > 0 ? round(total / samples) : 0);
      return {
        samples,
        connections: per(connections),
        active: per(active),
        idleInTransaction: per(idleInTransaction),
        lockWaits: per(lockWaits),
        waits: top(waits, 6, Math.max(samples, 1)),
        lockedStatements: top(locked, 4),
      };
    },
  };
}

/** One line for the bench's notes. */
export function describeActivity(label: string, summary: ActivitySummary): string {
  const waits = summary.waits.map(([wait, count]) => `${wait} ${count}`).join(', ');
  const locked = summary.lockedStatements.map(([query, count]) => `${count}× ${query}`).join(' | ');
  return (
    `${label}: ${summary.samples} samples of pg_stat_activity, on average ${summary.connections} backends, ${summary.active} active, ` +
    `${summary.idleInTransaction} idle in a transaction, ${summary.lockWaits} waiting on a lock; active by wait: ${waits || 'none'}` +
    (locked ? `; waiting on locks: ${locked}` : '')
  );
}
