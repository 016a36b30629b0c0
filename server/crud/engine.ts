import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { forgetPreparedStatements } from '../db/namedStatements';
import { bindResources } from './bind';
import { EXPORT_TTL_MS, removeOldExports } from './export';
import { retryingDeadlocks, serialQueue } from './serialQueue';
import { DEFAULT_HOOK_DIRS } from './hooks';
import { readTables } from './introspect';
import type { Kysely } from 'kysely';
import { listenForScreens } from './builder/listen';
import { screenRoutes } from './builder/routes';
import { storedDeclarations } from './builder/store';
import { loadDeclarations, type LoadedDeclaration } from './load';
import { CrudRegistry } from './registry';
import { crudRoutes } from './routes';
import { syncTables } from './tableSync';
import { watchFolders } from './watch';
import { PROJECT_ROOT } from '../paths';

/** Where resource declarations live: schemas/crud/*.json. */
export const DEFAULT_CRUD_DIRS: readonly string[] = [path.join(PROJECT_ROOT, 'schemas', 'crud')];

export interface CrudEngineOptions {
  database: Database;
  /** Folders of *.json declarations, read in order. */
  dirs?: readonly string[];
  /** Folders searched for the hooks modules declarations name. */
  hookDirs?: readonly string[];
  /** Reload the declarations when a file of `dirs` changes (development). */
  watch?: boolean;
  /** Where generated CSV exports are kept for an hour. */
  exportsDir: string;
  /** PostgreSQL's address, to hear of screens saved on other app servers. */
  databaseUrl?: string | null;
}

export interface CrudEngine {
  registry: CrudRegistry;
  /** Reads every declaration again, syncs tables and swaps the registry; throws and keeps the old set on a bad file. */
  reload(): Promise<void>;
}

/**
 * Load → sync tables → bind: the files as a whole set or nothing (a bad file stops the start), then the screens
 * saved in the builder, each on its own: one that no longer checks out or collides with a file is reported and
 * left out, never stopping the start.
 */
async function loadResources(database: Database, dirs: readonly string[], hookDirs: readonly string[], report: (message: string) => void) {
  const files = await loadDeclarations(dirs, hookDirs);
  // A table may have changed its columns, here or on another app server: statements prepared over it are stale.
  forgetPreparedStatements();
  const taken = (entry: LoadedDeclaration) =>
    files.find(({ declaration }) => ['namespace', 'slug', 'table'].some((key) => declaration[key as 'slug'] === entry.declaration[key as 'slug']));
  const stored = (await storedDeclarations(database.db as unknown as Kysely<any>, report)).filter((entry) => {
    const file = taken(entry);
    if (file) report(`${entry.file}: its namespace, address or table is also declared by ${file.file}; the file wins.`);
    return !file;
  });
  const owned = await syncTables(
    database,
    [...files, ...stored].map((entry) => entry.declaration),
  );
  const tables = await readTables(database);
  const resources = bindResources(files, tables, owned);
  for (const entry of stored) {
    try {
      resources.push(...bindResources([entry], tables, owned));
    } catch (error) {
      report(error instanceof Error ? error.message : String(error));
    }
  }
  return resources;
}

/**
 * Loads the declarations (a bad one stops the start with one line naming the file), creates the
 * tables they need, and serves them under /crud/{namespace}; in watch mode, edits apply without restart.
 */
export async function registerCrudEngine(app: FastifyInstance, options: CrudEngineOptions): Promise<CrudEngine> {
  const { database, dirs = DEFAULT_CRUD_DIRS, hookDirs = DEFAULT_HOOK_DIRS, exportsDir } = options;
  const registry = new CrudRegistry();
  // One reload or builder save at a time: a burst of edits cannot interleave two table syncs, nor a sync a save's DDL.
  const serial = serialQueue();
  const report = (message: string) => app.log.error(`CRUD screen not served: ${message}`);
  const reload = () => serial.run(async () => registry.replace(await loadResources(database, dirs, hookDirs, report)));
  /**
   * After a builder save: app servers hearing of it at once sync the same table together, and PostgreSQL may
   * refuse one of two simultaneous CREATE INDEX IF NOT EXISTS; the next try finds the index made.
   */
  const reloadAfterSave = async () => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await reload();
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  };
  await reload();
  crudRoutes(app, { registry, database, exportsDir });
  screenRoutes(app, { registry, database, reload: reloadAfterSave, exclusive: (work) => serial.run(() => retryingDeadlocks(work)) });
  // Screens saved in the builder on another app server: PostgreSQL announces each save at its commit.
  const listener =
    database.dialect === 'postgres' && options.databaseUrl
      ? await listenForScreens(
          options.databaseUrl,
          () => {
            reloadAfterSave().catch((error: unknown) =>
              app.log.error(`CRUD declarations not reloaded: ${error instanceof Error ? error.message : String(error)}`),
            );
          },
          (error) => app.log.warn({ err: error }, 'screen builder: the PostgreSQL listening connection failed; listening again'),
        )
      : null;

  const watcher = options.watch
    ? watchFolders(dirs, () => {
        reload().then(
          () => app.log.info(`CRUD declarations reloaded: ${registry.list().length} resources.`),
          (error: unknown) => app.log.error(`CRUD declarations not reloaded: ${error instanceof Error ? error.message : String(error)}`),
        );
      })
    : null;
  const sweep = setInterval(() => removeOldExports(exportsDir), EXPORT_TTL_MS / 6);
  sweep.unref();
  app.addHook('onClose', async () => {
    watcher?.close();
    await listener?.close();
    clearInterval(sweep);
    await serial.idle();
  });
  return { registry, reload };
}
