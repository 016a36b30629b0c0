import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import { SQLITE_FILE_NAME, openDatabase } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { setPasswordHashCost } from '../../server/services/passwords';

/**
 * Migrated, seeded databases built once per API test run (vitest globalSetup), which each test app copies
 * instead of migrating and seeding its own: a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on
 * PostgreSQL. Migrating and seeding took seconds per app on a busy machine and the suite builds a few
 * hundred apps. The seed is the one seedDemo writes, with the test suites' password hash cost.
 *
 * The templates reach the test workers through the environment (POS_API_TEMPLATES); without it (a bench
 * or script using the harness) each app is built from scratch as before.
 */

const ENV_NAME = 'POS_API_TEMPLATES';

export interface DatabaseTemplates {
  /** The seeded SQLite file to copy. */
  sqliteFile: string;
  /** The seeded PostgreSQL database to clone, when TEST_DATABASE_URL is set. */
  postgresDatabase: string | null;
}

/** The templates of this run, or null when none were built. */
export function databaseTemplates(): DatabaseTemplates | null {
  const raw = process.env[ENV_NAME];
  return raw ? (JSON.parse(raw) as DatabaseTemplates) : null;
}

function adminClient(): pg.Client {
  return new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
}

async function adminQuery(text: string): Promise<void> {
  const client = adminClient();
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A database URL on the TEST_DATABASE_URL server with another database name. */
export function postgresUrlOf(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function buildTemplate(env: Record<string, string>): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'test', ...env });
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database);
    setPasswordHashCost(config.passwordHashCost);
    await seedDemo(database);
  } finally {
    // Closing checkpoints SQLite's WAL into the file, and leaves PostgreSQL's template without connections.
    await database.close();
  }
}

let dataDir: string | null = null;
let postgresName: string | null = null;

/** globalSetup: builds the templates (SQLite always, PostgreSQL with TEST_DATABASE_URL). */
export async function setup(): Promise<void> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-api-template-'));
  await buildTemplate({ DATA_DIR: dataDir });
  if (process.env.TEST_DATABASE_URL) {
    postgresName = `test_template_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${postgresName}`);
    await buildTemplate({ DATA_DIR: dataDir, DATABASE_URL: postgresUrlOf(postgresName) });
    // Nobody connects to it again: a clone fails while another session is connected to its template.
    await adminQuery(`alter database ${postgresName} with allow_connections false is_template true`);
  }
  const templates: DatabaseTemplates = { sqliteFile: path.join(dataDir, SQLITE_FILE_NAME), postgresDatabase: postgresName };
  process.env[ENV_NAME] = JSON.stringify(templates);
}

export async function teardown(): Promise<void> {
  if (postgresName) {
    await adminQuery(`alter database ${postgresName} with is_template false`);
    await adminQuery(`drop database if exists ${postgresName} with (force)`);
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  delete process.env[ENV_NAME];
}
