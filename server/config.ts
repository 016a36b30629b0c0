import net from 'node:net';
import path from 'node:path';
import type { PasswordHashCost } from './services/passwords';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… switches the store to PostgreSQL; null means the embedded SQLite file under dataDir. */
  databaseUrl: string | null;
  /** PostgreSQL connections this app server keeps at most (DATABASE_POOL_SIZE); unused on SQLite. */
  databasePoolSize: number;
  /** Seed the demo store when the database is new. */
  seedDemo: boolean;
  enableWebsocket: boolean;
  /** Sign-in attempts allowed per minute on one username, from whatever address. */
  loginRateLimit: number;
  /** Sign-in attempts allowed per minute from one address, on whatever username. */
  loginAddressRateLimit: number;
  /** argon2 runs in flight at once in this server; a sign-in beyond them is refused with 429. */
  passwordHashConcurrency: number;
  /** The cost of new password hashes: 'production' always, 'test' (cheap) only for the test suites. */
  passwordHashCost: PasswordHashCost;
  /**
   * Fastify's trustProxy: false (the client is the connection's peer), or which peers are proxies whose
   * X-Forwarded-For is believed (a list of addresses/CIDRs, or a function of the hop count).
   */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  /** Idle minutes after which a session ends. */
  sessionIdleMinutes: number;
  /** Secure flag on the session cookie (set when served over HTTPS). */
  secureCookies: boolean;
  /** Reload CRUD declarations (schemas/crud/*.json) when they change; on by default in development. */
  crudWatch: boolean;
}

export class ConfigError extends Error {}

/** pg's own default: one app server's share of the database's connections when several share it. */
export const DEFAULT_POOL_SIZE = 10;

const BOOLEAN_WORDS: Record<string, boolean> = { '1': true, true: true, yes: true, on: true, '0': false, false: false, no: false, off: false };

function readBoolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = BOOLEAN_WORDS[raw.trim().toLowerCase()];
  if (value === undefined) throw new ConfigError(`${name}=${raw} is not valid: use 1/0, true/false, yes/no or on/off.`);
  return value;
}

function readInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name}=${raw} is not valid: it must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

function readDatabaseUrl(env: NodeJS.ProcessEnv): string | null {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL is not valid: it must look like postgres://user:password@host:5432/database.');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL is not valid: the scheme ${url.protocol} is not supported, use postgres://.`);
  }
  return raw;
}

function readHost(env: NodeJS.ProcessEnv): string {
  const host = env.HOST?.trim() || '127.0.0.1';
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host)) throw new ConfigError(`HOST=${host} is not valid: give an address or host name.`);
  return host;
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or 0 (no proxy: the client is whoever connects); a hop count (1 for the one load
 * balancer in front of the servers: the address it adds to X-Forwarded-For is the client's); or the
 * proxies' addresses/CIDRs, comma-separated. "true" (believe every X-Forwarded-For entry) is refused:
 * any client could then name its own address and escape the per-address sign-in limit.
 */
function readTrustProxy(env: NodeJS.ProcessEnv): Config['trustProxy'] {
  const raw = env.TRUST_PROXY?.trim();
  if (raw === undefined || raw === '' || ['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  const invalid = () =>
    new ConfigError(
      `TRUST_PROXY=${raw} is not valid: use 0, a hop count from 1 to 10 (1 for one load balancer) or the proxies' addresses or CIDRs separated by commas.`,
    );
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops < 1 || hops > 10) throw invalid();
    return (_address, hop) => hop < hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  if (!entries.every(isAddressOrCidr)) throw invalid();
  return entries;
}

/**
 * PASSWORD_HASH_COST: unset or "production"; "test" makes hashing nearly free so the suites can sign users
 * in by the thousand, and is refused unless NODE_ENV=test too, so it cannot be set on a server by accident.
 */
function readPasswordHashCost(env: NodeJS.ProcessEnv): PasswordHashCost {
  const raw = env.PASSWORD_HASH_COST?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === 'production') return 'production';
  if (raw === 'test' && env.NODE_ENV === 'test') return 'test';
  if (raw === 'test') throw new ConfigError('PASSWORD_HASH_COST=test is only for the test suites: it needs NODE_ENV=test. Leave it unset on a server.');
  throw new ConfigError(`PASSWORD_HASH_COST=${env.PASSWORD_HASH_COST} is not valid: leave it unset (or production).`);
}

/** Reads the settings from the environment; a bad one throws a ConfigError that names it and says why. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || 'data');
  const databaseUrl = readDatabaseUrl(env);
  const loginRateLimit = readInteger(env, 'LOGIN_RATE_LIMIT', 10, 1, 10_000);
  return {
    port: readInteger(env, 'PORT', 3000, 0, 65535),
    host: readHost(env),
    dataDir,
    databaseUrl,
    databasePoolSize: readInteger(env, 'DATABASE_POOL_SIZE', DEFAULT_POOL_SIZE, 1, 200),
    seedDemo: readBoolean(env, 'SEED_DEMO', true),
    enableWebsocket: readBoolean(env, 'ENABLE_WEBSOCKET', false),
    loginRateLimit,
    // A store's staff often share one public address, so an address gets room for a few accounts' attempts.
    loginAddressRateLimit: readInteger(env, 'LOGIN_ADDRESS_RATE_LIMIT', loginRateLimit * 3, 1, 30_000),
    passwordHashConcurrency: readInteger(env, 'PASSWORD_HASH_CONCURRENCY', 2, 1, 64),
    passwordHashCost: readPasswordHashCost(env),
    trustProxy: readTrustProxy(env),
    sessionIdleMinutes: readInteger(env, 'SESSION_IDLE_MINUTES', 720, 1, 525_600),
    secureCookies: readBoolean(env, 'SECURE_COOKIES', false),
    crudWatch: readBoolean(env, 'CRUD_WATCH', env.NODE_ENV === 'development'),
  };
}
