import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { SQLITE_FILE_NAME, openDatabase, type Database } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed';
import { setPasswordHashCost } from '../../server/services/passwords';
import { SESSION_COOKIE } from '../../schemas/auth';
import { databaseTemplates, postgresUrlOf } from './databaseTemplates';

export type DialectName = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server we may create databases on. */
export const DIALECTS: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const API = '/api/nexopos/v4';
export const XHR = { 'x-requested-with': 'XMLHttpRequest' } as const;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Signs in as a demo user and answers the Cookie header to send. */
  login(username: string, password?: string): Promise<string>;
  /** inject() with the x-requested-with header and, when given, a session cookie. */
  call(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A new database on the TEST_DATABASE_URL server: empty, or a clone of `template`. */
export async function createPostgresDatabase(template: string | null = null): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  return {
    url: postgresUrlOf(name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestAppOptions {
  seed?: boolean;
  env?: Record<string, string>;
  clientDir?: string | null;
  /** CRUD engine options passed to buildApp (fixture declaration folders, hooks folders, watching). */
  crud?: Pick<AppOptions, 'crudDirs' | 'crudHookDirs' | 'crudWatch'>;
  /** false builds the app without the refusal of respelled paths, to test the access layer alone. */
  refuseNonCanonicalPaths?: boolean;
  /** Runs before the app is ready, to add routes a test needs. */
  extend?: (app: FastifyInstance) => void;
}

/** A fresh database of the given dialect, migrated (and seeded), with the app built over it. */
export async function createTestApp(dialect: DialectName, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-api-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOGIN_RATE_LIMIT: '1000',
    // Tests sign several users in at once; the bound on hashes in flight has its own tests (auth-limits).
    PASSWORD_HASH_CONCURRENCY: '64',
    // Cheap argon2id for the thousands of sign-ins here; a test that needs the real cost sets 'production'.
    NODE_ENV: 'test',
    PASSWORD_HASH_COST: 'test',
  };
  // The run's seeded template (tests/api/databaseTemplates.ts) is the same store seedDemo would write here,
  // unless the test wants no seed or hashes at another cost.
  const templates = options.seed !== false && (options.env?.PASSWORD_HASH_COST ?? env.PASSWORD_HASH_COST) === 'test' ? databaseTemplates() : null;
  const template = (dialect === 'sqlite' ? templates?.sqliteFile : templates?.postgresDatabase) ?? null;
  const postgres = dialect === 'postgres' ? await createPostgresDatabase(template) : null;
  if (dialect === 'sqlite' && template) fs.copyFileSync(template, path.join(dataDir, SQLITE_FILE_NAME));
  const config = loadConfig({
    ...env,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...options.env,
  });
  const database = await openDatabase(config);
  await migrateToLatest(database);
  // The seed hashes the demo password before buildApp sets the cost.
  setPasswordHashCost(config.passwordHashCost);
  if (options.seed !== false && !template) await seedDemo(database);
  const app = await buildApp({
    config,
    database,
    clientDir: options.clientDir ?? null,
    refuseNonCanonicalPaths: options.refuseNonCanonicalPaths,
    ...options.crud,
  });
  options.extend?.(app);
  await app.ready();

  const call: TestApp['call'] = ({ cookie, headers, ...rest }) => app.inject({ ...rest, headers: { ...XHR, ...(cookie ? { cookie } : {}), ...headers } });

  return {
    app,
    database,
    config,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const response = await call({ method: 'POST', url: `${API}/auth/login`, payload: { username, password } });
      if (response.statusCode !== 200) throw new Error(`login ${username} failed: ${response.statusCode} ${response.body}`);
      const session = response.cookies.find((c) => c.name === SESSION_COOKIE);
      if (!session) throw new Error('login set no session cookie');
      return `${SESSION_COOKIE}=${session.value}`;
    },
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
