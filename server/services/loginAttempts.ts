import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Sign-in attempt limits. Every attempt counts twice, in fixed windows:
 *  - per address, whatever the username (LOGIN_ADDRESS_RATE_LIMIT): one address cannot try many
 *    names, nor flood the server with made-up ones;
 *  - per username, whatever the address (LOGIN_RATE_LIMIT): many addresses cannot try many passwords
 *    on one account.
 * On PostgreSQL the counts live in the table login_attempts (migration 007), so every app server on the
 * database counts the same attempts; SQLite runs a single server and counts in memory.
 */

export const LOGIN_WINDOW_MS = 60_000;

interface LoginAttemptsTable {
  key: string;
  hits: number;
  /** Epoch ms; PostgreSQL answers bigint as text. */
  window_start_ms: number | string;
}
type AttemptsDb = Kysely<{ login_attempts: LoginAttemptsTable }>;

/** One key's count in its current window. */
export interface AttemptCount {
  hits: number;
  /** Milliseconds left in the window. */
  ttlMs: number;
}

/** Counts one attempt on a key and answers the count in the key's window. */
export interface AttemptCounter {
  count(key: string, windowMs: number): Promise<AttemptCount>;
}

/** Expired windows are deleted once every this many attempts, so the counts stay as small as the traffic. */
const SWEEP_EVERY = 100;

/** One attempt on the shared table: a new or expired window starts at 1, a live one counts up; one atomic upsert on both dialects. */
async function countInDatabase(db: AttemptsDb, key: string, windowMs: number): Promise<AttemptCount> {
  const now = Date.now();
  const expired = sql<boolean>`login_attempts.window_start_ms + cast(${windowMs} as bigint) <= cast(${now} as bigint)`;
  const row = await db
    .insertInto('login_attempts')
    .values({ key, hits: 1, window_start_ms: now })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql<number>`case when ${expired} then 1 else login_attempts.hits + 1 end`,
        window_start_ms: sql<number>`case when ${expired} then cast(${now} as bigint) else login_attempts.window_start_ms end`,
      }),
    )
    .returning(['hits', 'window_start_ms'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), ttlMs: Number(row.window_start_ms) + windowMs - now };
}

async function sweepDatabase(db: AttemptsDb, windowMs: number): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where(sql<boolean>`window_start_ms + cast(${windowMs} as bigint) <= cast(${Date.now()} as bigint)`)
    .execute();
}

/** Counts shared by every app server on one database. */
export function databaseAttemptCounter(db: Kysely<any>): AttemptCounter {
  let attempts = 0;
  return {
    async count(key, windowMs) {
      const state = await countInDatabase(db as AttemptsDb, key, windowMs);
      attempts += 1;
      if (attempts % SWEEP_EVERY === 0) await sweepDatabase(db as AttemptsDb, windowMs);
      return state;
    },
  };
}

/** Counts of this process only (SQLite: one server). */
export function memoryAttemptCounter(): AttemptCounter {
  const windows = new Map<string, { hits: number; start: number }>();
  let lastSweep = Date.now();
  return {
    async count(key, windowMs) {
      const now = Date.now();
      // Once a window, not once per N attempts: a flood of new keys must not make every Nth attempt walk them all.
      if (now - lastSweep >= windowMs) {
        lastSweep = now;
        for (const [other, window] of windows) if (window.start + windowMs <= now) windows.delete(other);
      }
      let window = windows.get(key);
      if (!window || window.start + windowMs <= now) {
        window = { hits: 0, start: now };
        windows.set(key, window);
      }
      window.hits += 1;
      return { hits: window.hits, ttlMs: window.start + windowMs - now };
    },
  };
}

// ---------------------------------------------------------------- the limiter

export interface SignInLimits {
  /** Attempts per window from one address, whatever the username. */
  perAddress: number;
  /** Attempts per window on one username, whatever the address. */
  perUsername: number;
  windowMs: number;
}

/** Usernames longer than this are counted under their digest, so a key always fits the table's index. */
const LONGEST_PLAIN_KEY = 100;

function usernameKey(username: string): string {
  return username.length <= LONGEST_PLAIN_KEY ? username : `sha256:${createHash('sha256').update(username).digest('hex')}`;
}

export type AttemptVerdict =
  { allowed: true; /** Attempts on this username in the window, this one included. */ usernameAttempts: number } | { allowed: false; retryAfterMs: number };

export class SignInLimiter {
  /**
   * Keys this server knows are over their limit, with the end of their window: while a key is there its
   * attempts are refused without a database round trip (the count of a window never goes down, so
   * nothing another server does can lift the limit earlier).
   */
  private readonly refusedUntil = new Map<string, number>();
  private lastSweep = Date.now();

  constructor(
    private readonly counter: AttemptCounter,
    private readonly limits: SignInLimits,
  ) {}

  /**
   * Counts one attempt from `address` on `username` (normalised) and answers whether it may go on (with
   * the username's count in the window), or the milliseconds until it may be tried again. The address is counted first: an attempt refused
   * for its address does not count against the username, so a limited address cannot use up a user's attempts.
   */
  async attempt(address: string, username: string): Promise<AttemptVerdict> {
    const checks: Array<{ key: string; limit: number }> = [
      { key: `login:address|${address}`, limit: this.limits.perAddress },
      { key: `login:username|${usernameKey(username)}`, limit: this.limits.perUsername },
    ];
    let usernameAttempts = 0;
    for (const { key, limit } of checks) {
      const now = Date.now();
      const until = this.refusedUntil.get(key);
      if (until !== undefined) {
        if (until > now) return { allowed: false, retryAfterMs: until - now };
        this.refusedUntil.delete(key);
      }
      const { hits, ttlMs } = await this.counter.count(key, this.limits.windowMs);
      if (hits > limit) {
        this.remember(key, now + ttlMs);
        return { allowed: false, retryAfterMs: ttlMs };
      }
      usernameAttempts = hits;
    }
    return { allowed: true, usernameAttempts };
  }

  private remember(key: string, until: number): void {
    // Only refused keys are kept, and expired ones go once a window, so it stays as small as the attack.
    const now = Date.now();
    if (now - this.lastSweep >= this.limits.windowMs) {
      this.lastSweep = now;
      for (const [other, end] of this.refusedUntil) if (end <= now) this.refusedUntil.delete(other);
    }
    this.refusedUntil.set(key, until);
  }
}
