import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… switches the store to PostgreSQL; null means the embedded SQLite file under dataDir. */
  databaseUrl: string | null;
  /** Seed the demo store when the database is new. */
  seedDemo: boolean;
  enableWebsocket: boolean;
  /** Login attempts allowed per minute for one address and username. */
  loginRateLimit: number;
  /** Idle minutes after which a session ends. */
  sessionIdleMinutes: number;
  /** Secure flag on the session cookie (set when served over HTTPS). */
  secureCookies: boolean;
  /** Reload CRUD declarations (schemas/crud/*.json) when they change; on by default in development. */
  crudWatch: boolean;
}

export class ConfigError extends Error {}

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

/** Reads the settings from the environment; a bad one throws a ConfigError that names it and says why. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || 'data');
  const databaseUrl = readDatabaseUrl(env);
  return {
    port: readInteger(env, 'PORT', 3000, 0, 65535),
    host: readHost(env),
    dataDir,
    databaseUrl,
    seedDemo: readBoolean(env, 'SEED_DEMO', true),
    enableWebsocket: readBoolean(env, 'ENABLE_WEBSOCKET', false),
    loginRateLimit: readInteger(env, 'LOGIN_RATE_LIMIT', 10, 1, 10_000),
    sessionIdleMinutes: readInteger(env, 'SESSION_IDLE_MINUTES', 720, 1, 525_600),
    secureCookies: readBoolean(env, 'SECURE_COOKIES', false),
    crudWatch: readBoolean(env, 'CRUD_WATCH', env.NODE_ENV === 'development'),
  };
}
