import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    };
  } catch (error) {
    removeData();
    throw error;
  }
}
