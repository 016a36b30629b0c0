import { sql, type Kysely } from 'kysely';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';

/**
 * A store for @fastify/rate-limit kept in the database (table login_attempts, migration 007), so that
 * every app server on one PostgreSQL database counts the same sign-in attempts: LOGIN_RATE_LIMIT then
 * holds for the whole store, not per server. SQLite runs a single server and keeps the in-memory store.
 */

interface LoginAttemptsTable {
  key: string;
  hits: number;
  /** Epoch ms; PostgreSQL answers bigint as text. */
  window_start_ms: number | string;
}
type AttemptsDb = Kysely<{ login_attempts: LoginAttemptsTable }>;

interface RateState {
  current: number;
  /** Milliseconds left in the window. */
  ttl: number;
}
type Callback = (error: Error | null, state?: RateState) => void;

/** Expired windows are deleted once every this many attempts, so the table stays as small as the traffic. */
const SWEEP_EVERY = 100;

class DatabaseStore implements FastifyRateLimitStore {
  private attempts = 0;

  constructor(private readonly db: AttemptsDb, private readonly prefix: string) {}

  /** One attempt: a new or expired window starts at 1, a live one counts up; one atomic upsert on both dialects. */
  private async count(key: string, timeWindow: number): Promise<RateState> {
    const now = Date.now();
    const expired = sql<boolean>`login_attempts.window_start_ms + cast(${timeWindow} as bigint) <= cast(${now} as bigint)`;
    const row = await this.db
      .insertInto('login_attempts')
      .values({ key: this.prefix + key, hits: 1, window_start_ms: now })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({
        hits: sql<number>`case when ${expired} then 1 else login_attempts.hits + 1 end`,
        window_start_ms: sql<number>`case when ${expired} then cast(${now} as bigint) else login_attempts.window_start_ms end`,
      }))
      .returning(['hits', 'window_start_ms'])
      .executeTakeFirstOrThrow();
    this.attempts += 1;
    if (this.attempts % SWEEP_EVERY === 0) {
      await this.db.deleteFrom('login_attempts').where(sql<boolean>`window_start_ms + cast(${timeWindow} as bigint) <= cast(${now} as bigint)`).execute();
    }
    return { current: Number(row.hits), ttl: Number(row.window_start_ms) + timeWindow - now };
  }

  private async peek(key: string, timeWindow: number): Promise<RateState> {
    const now = Date.now();
    const row = await this.db.selectFrom('login_attempts').select(['hits', 'window_start_ms']).where('key', '=', this.prefix + key).executeTakeFirst();
    const start = row ? Number(row.window_start_ms) : 0;
    if (!row || start + timeWindow <= now) return { current: 0, ttl: 0 };
    return { current: Number(row.hits), ttl: start + timeWindow - now };
  }

  incr(key: string, callback: Callback, timeWindow: number): void {
    this.count(key, timeWindow).then((state) => callback(null, state), (error: Error) => callback(error));
  }

  read(key: string, callback: Callback, timeWindow: number): void {
    this.peek(key, timeWindow).then((state) => callback(null, state), (error: Error) => callback(error));
  }

  /**
   * One store per limited route; the route's method and URL keep its keys apart from another route's.
   * (The plugin passes its merged route parameters, the route itself under routeInfo, whatever the typing says.)
   */
  child(params: Parameters<FastifyRateLimitStore['child']>[0]): DatabaseStore {
    const { method = '', url = '' } = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
    return new DatabaseStore(this.db, `${String(method)} ${url}|`);
  }
}

/** The store class @fastify/rate-limit constructs (`store` option), bound to a database. */
export function databaseRateLimitStore(db: Kysely<any>) {
  return class extends DatabaseStore {
    constructor() {
      super(db as AttemptsDb, '');
    }
  };
}
