/**
 * Starts the real server for the e2e suite on a fresh, throwaway database: makes a temporary
 * DATA_DIR, runs server/start.ts in this process, and deletes the directory when the process ends.
 * The client must already be built (`npm run test:e2e` runs `vite build` first).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spacemall-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.HOST ??= '127.0.0.1';
process.env.PORT = process.env.E2E_PORT ?? process.env.PORT ?? '3100';
// The DATABASE_URL of a developer's shell must not send the suite to a real database.
delete process.env.DATABASE_URL;
// The suite signs in far more often than a person; the sign-in limit itself is covered by the API tests.
process.env.LOGIN_RATE_LIMIT = '10000';
// Cheap argon2id for the demo users' hash, so each of the suite's sign-ins costs no real hashing time.
process.env.NODE_ENV = 'test';
process.env.PASSWORD_HASH_COST = 'test';
if (!process.argv.includes('--no-build')) process.argv.push('--no-build');

process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // server/start.ts installs its own handler that closes the database and exits; exit here only before it does.
    if (process.listenerCount(signal) === 1) process.exit(0);
  });
}

await import('../../server/start');
