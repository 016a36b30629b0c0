import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { bindResources } from './bind';
import { EXPORT_TTL_MS, removeOldExports } from './export';
import { DEFAULT_HOOK_DIRS } from './hooks';
import { readTables } from './introspect';
import { loadDeclarations } from './load';
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
}

export interface CrudEngine {
  registry: CrudRegistry;
  /** Reads every declaration again, syncs tables and swaps the registry; throws and keeps the old set on a bad file. */
  reload(): Promise<void>;
}

/** Load → sync tables → bind: the whole set or nothing. */
async function loadResources(database: Database, dirs: readonly string[], hookDirs: readonly string[]) {
  const loaded = await loadDeclarations(dirs, hookDirs);
  const owned = await syncTables(
    database,
    loaded.map((entry) => entry.declaration),
  );
  return bindResources(loaded, await readTables(database), owned);
}

/**
 * Loads the declarations (a bad one stops the start with one line naming the file), creates the
 * tables they need, and serves them under /crud/{namespace}; in watch mode, edits apply without restart.
 */
export async function registerCrudEngine(app: FastifyInstance, options: CrudEngineOptions): Promise<CrudEngine> {
  const { database, dirs = DEFAULT_CRUD_DIRS, hookDirs = DEFAULT_HOOK_DIRS, exportsDir } = options;
  const registry = new CrudRegistry();
  let pending: Promise<void> = Promise.resolve();
  const reload = () => {
    // One reload at a time: a burst of edits cannot interleave two table syncs.
    pending = pending.catch(() => undefined).then(async () => registry.replace(await loadResources(database, dirs, hookDirs)));
    return pending;
  };
  await reload();
  crudRoutes(app, { registry, database, exportsDir });

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
    clearInterval(sweep);
    await pending.catch(() => undefined);
  });
  return { registry, reload };
}
