import path from 'node:path';
import { buildApp, DEFAULT_CLIENT_DIR } from './app';
import { buildClientIfNeeded } from './clientBuild';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { COMPACT_ROW_COUNTS_MS, compactRowCounts } from './db/rowCounts';
import { DEMO_PASSWORD, DEMO_USERS, isDatabaseEmpty, seedDemo } from './db/seed';
import { setPasswordHashCost } from './services/passwords';
import { purgeExpiredSessions } from './services/sessions';
import { sweepOrphanUploads } from './uploads/sweep';

const log = (line: string) => process.stdout.write(`${line}\n`);

function describeStore(config: Config): string {
  return config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.dataDir}`;
}

/** `npm start`: settings → client build → database (migrate, seed) → listen. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Cannot start: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // CLIENT_DIR serves another build of the client (parallel e2e runs build into their own folders).
  const clientDir = process.env.CLIENT_DIR ? path.resolve(process.env.CLIENT_DIR) : DEFAULT_CLIENT_DIR;
  if (!process.argv.includes('--no-build')) buildClientIfNeeded(clientDir, log);

  const database = await openDatabase(config);
  await migrateToLatest(database);
  let seeded = false;
  // The seed hashes the demo password before the app (which also sets it) is built.
  setPasswordHashCost(config.passwordHashCost);
  if (config.seedDemo && (await isDatabaseEmpty(database))) {
    await seedDemo(database);
    seeded = true;
  }
  // Hourly housekeeping: expired sessions, and uploaded files no row refers to any more.
  const housekeeping = async () => {
    await purgeExpiredSessions(database);
    await sweepOrphanUploads(database, config.dataDir);
  };
  await housekeeping();
  const purge = setInterval(() => void housekeeping().catch(() => undefined), 3_600_000);
  purge.unref();
  // The list totals' row counts (PostgreSQL): a sum over a few rows only while their deltas are folded often.
  const compact = setInterval(() => void compactRowCounts(database).catch(() => undefined), COMPACT_ROW_COUNTS_MS);
  compact.unref();

  const app = await buildApp({ config, database, logger: true, clientDir });
  const shutdown = async (signal: string) => {
    log(`${signal} received, closing.`);
    clearInterval(purge);
    clearInterval(compact);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log(`Store: ${describeStore(config)}${seeded ? ' (demo store created)' : ''}`);
  log(`Demo logins (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((user) => `${user.username} (${user.role})`).join(', ')}`);
  log(`Listening on http://${config.host}:${port}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
