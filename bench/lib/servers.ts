import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { spawnServer, type RunningServer } from './spawnServer';

/** The environment of this process without settings that would point a server elsewhere. */
function cleanEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, PORT: _port, HOST: _host, DATA_DIR: _dir, ...rest } = process.env;
  return rest;
}

/** The bare Fastify baseline (bench/lib/bareServer.ts). */
export function startBareServer(): Promise<RunningServer> {
  return spawnServer({
    name: 'the bare Fastify server',
    entry: 'bench/lib/bareServer.ts',
    env: { ...cleanEnv(), PORT: '0' },
  });
}

/**
 * The real server (`server/start.ts --no-build`) on a fresh embedded database in a temporary
 * DATA_DIR, migrated and seeded with the demo store; the folder is removed when it stops.
 */
export async function startAppServer(existingDataDir?: string): Promise<RunningServer> {
  // A caller that prepared its own DATA_DIR (a large seeded catalogue) keeps and removes it itself.
  const dataDir = existingDataDir ?? mkdtempSync(join(tmpdir(), 'bench-data-'));
  const removeData = () => {
    if (!existingDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const server = await spawnServer({
      name: 'the application server (server/start.ts)',
      entry: 'server/start.ts',
      args: ['--no-build'],
      env: { ...cleanEnv(), PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
    });
    return {
      url: server.url,
      stop: async () => {
        await server.stop();
        removeData();
      },
      kill: async () => {
        await server.kill();
        removeData();
      },
    };
  } catch (error) {
    removeData();
    throw error;
  }
}

// ---------------------------------------------------------------- stores on either dialect

export type BenchDialect = 'sqlite' | 'postgres';

/** The PostgreSQL server the bench may create throwaway databases on: BENCH_DATABASE_URL, else TEST_DATABASE_URL. */
export function postgresAdminUrl(): string | null {
  return process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || null;
}

/**
 * SQLite always; PostgreSQL too when an admin URL is set. BENCH_DIALECTS=postgres (or sqlite) keeps one of
 * them, to repeat a measurement on one database without waiting for the other's store to fill.
 */
export function benchDialects(): BenchDialect[] {
  const available: BenchDialect[] = postgresAdminUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
  const wanted = process.env.BENCH_DIALECTS?.split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (!wanted || wanted.length === 0) return available;
  const unknown = wanted.filter((name) => !available.includes(name as BenchDialect));
  if (unknown.length > 0)
    throw new Error(
      `BENCH_DIALECTS names ${unknown.join(', ')}; available here: ${available.join(', ')} (PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL).`,
    );
  return available.filter((dialect) => wanted.includes(dialect));
}

/** A migrated, demo-seeded store the real server can be started on (and restarted on: a crash test). */
export interface BenchStore {
  dialect: BenchDialect;
  /** Temporary DATA_DIR (the SQLite file, uploads). */
  dataDir: string;
  /** postgres://… of the throwaway database, or null on SQLite. */
  databaseUrl: string | null;
  /** A connection of the bench's own, to seed or inspect the store (close it before removing the store). */
  open(): Promise<Database>;
  /** Drops the PostgreSQL database (forcing out connections) and removes DATA_DIR. */
  remove(): Promise<void>;
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A fresh store: a temporary DATA_DIR and, on PostgreSQL, a throwaway database on the admin server
 * (as tests/api/harness.ts does); migrated and seeded with the demo store here, so the server started
 * on it finds it ready and seeds nothing.
 */
export async function createStore(dialect: BenchDialect): Promise<BenchStore> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${dialect}-`));
  let databaseUrl: string | null = null;
  let dropDatabase: () => Promise<void> = async () => {};
  if (dialect === 'postgres') {
    const adminUrl = postgresAdminUrl();
    if (!adminUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL.');
    const name = `bench_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
  const store: BenchStore = {
    dialect,
    dataDir,
    databaseUrl,
    open: () => openDatabase(loadConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) })),
    remove: async () => {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    const database = await store.open();
    try {
      await migrateToLatest(database);
      await seedDemo(database);
    } finally {
      await database.close();
    }
    return store;
  } catch (error) {
    await store.remove();
    throw error;
  }
}

/** The real server (`server/start.ts --no-build`) on a store, with any further settings; stopping it leaves the store in place. */
export function startStoreServer(store: BenchStore, settings: Record<string, string> = {}): Promise<RunningServer> {
  return spawnServer({
    name: `the application server (server/start.ts) on ${store.dialect}`,
    entry: 'server/start.ts',
    args: ['--no-build'],
    env: {
      ...cleanEnv(),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: store.dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
      ...settings,
    },
  });
}

/**
 * `npm run scale-out` on a store (PostgreSQL only): `servers` app servers on its database and its DATA_DIR behind
 * the script's balancer; the URL is the balancer's. Stopping it stops the script, which stops every app server.
 */
export function startStoreScaleOut(store: BenchStore, servers = 2, settings: Record<string, string> = {}): Promise<RunningServer> {
  if (!store.databaseUrl) throw new Error('The scale-out runs on PostgreSQL only.');
  return spawnServer({
    name: `npm run scale-out (${servers} app servers)`,
    entry: 'scripts/scale-out.mjs',
    args: ['--servers', String(servers), '--port', '0', '--app-port', '0', '--no-build'],
    env: { ...cleanEnv(), DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl, SEED_DEMO: '1', LOG_LEVEL: 'warn', ...settings },
    readyLine: /Balancer listening on (http:\/\/127\.0\.0\.1:\d+)/,
    readyTimeoutMs: 120_000,
    group: true,
  });
}
