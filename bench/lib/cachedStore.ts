import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { bulkLoad, type BulkWriter } from './bulkWriter';
import { postgresAdminUrl, type BenchDialect, type BenchStore } from './servers';

/** Written last by a load: a store without it was cut short and is rebuilt. */
const MARKER = 'bench_store_loaded';

/** The migrations in the tree: a store made before a new one is made again rather than migrated. */
function migrationCount(): number {
  return readdirSync(new URL('../../server/db/migrations/', import.meta.url)).filter((name) => /^\d{3}_.*\.ts$/.test(name)).length;
}

async function admin(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A migrated, demo-seeded store filled by `fill`, kept between runs: SQLite under os.tmpdir(), PostgreSQL as
 * a database on the admin server, both named after `key`, the migration count and today's UTC date (the
 * generated sales end today). BENCH_REBUILD=1 makes it again. `remove()` leaves the data in place.
 */
export async function cachedStore(
  dialect: BenchDialect,
  key: string,
  fill: (writer: BulkWriter) => Promise<void>,
): Promise<{ store: BenchStore; loadSeconds: number | null }> {
  const name = `bench_${key}_m${migrationCount()}_${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`.toLowerCase();
  const rebuild = process.env.BENCH_REBUILD === '1';
  const prepare = async (store: BenchStore) => {
    const database = await store.open();
    try {
      await migrateToLatest(database);
      await seedDemo(database);
    } finally {
      await database.close();
    }
  };
  const timed = async (load: () => Promise<void>) => {
    const started = Date.now();
    await load();
    return Math.round((Date.now() - started) / 1000);
  };
  // Stores of earlier days or migrations are never reused: removed rather than left to fill the disk.
  const stale = (other: string) => other.startsWith(`bench_${key}_`.toLowerCase()) && other !== name;
  if (dialect === 'sqlite') {
    for (const other of readdirSync(tmpdir()).filter(stale)) rmSync(join(tmpdir(), other), { recursive: true, force: true });
    const dataDir = join(tmpdir(), name);
    const store: BenchStore = {
      dialect,
      dataDir,
      databaseUrl: null,
      open: () => openDatabase(loadConfig({ DATA_DIR: dataDir })),
      remove: async () => {},
    };
    if (!rebuild && existsSync(join(dataDir, MARKER))) return { store, loadSeconds: null };
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const loadSeconds = await timed(async () => {
      await prepare(store);
      await bulkLoad(store, fill);
    });
    writeFileSync(join(dataDir, MARKER), `${new Date().toISOString()}\n`);
    return { store, loadSeconds };
  }
  const adminUrl = postgresAdminUrl();
  if (!adminUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL.');
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-postgres-files-'));
  const store: BenchStore = {
    dialect,
    dataDir,
    databaseUrl,
    open: () => openDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl })),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
  const databases = (await admin(adminUrl, 'select datname from pg_database')).rows.map((row: { datname: string }) => row.datname);
  for (const other of databases.filter(stale)) await admin(adminUrl, `drop database if exists ${other} with (force)`);
  const exists = databases.includes(name);
  if (!rebuild && exists && (await admin(databaseUrl, `select to_regclass('${MARKER}') as marker`)).rows[0]?.marker) return { store, loadSeconds: null };
  await admin(adminUrl, `drop database if exists ${name} with (force)`);
  await admin(adminUrl, `create database ${name}`);
  const loadSeconds = await timed(async () => {
    await prepare(store);
    await bulkLoad(store, fill);
    await admin(databaseUrl, `create table ${MARKER} (at text)`);
  });
  return { store, loadSeconds };
}
