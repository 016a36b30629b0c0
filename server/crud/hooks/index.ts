import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CrudHooks } from './types';
import { COMPILED_DIR, PROJECT_ROOT, RUNS_COMPILED } from '../../paths';

export type { CrudHooks, FormValues, HookContext } from './types';

/**
 * Where `hooks: "<name>"` of a declaration is looked up: server/crud/hooks/<name>.ts, or its compiled
 * dist-server/crud-hooks/<name>.js when the server runs compiled (server/build.mjs compiles each one).
 */
export const DEFAULT_HOOK_DIRS: readonly string[] = [
  RUNS_COMPILED ? path.join(COMPILED_DIR, 'crud-hooks') : path.join(PROJECT_ROOT, 'server', 'crud', 'hooks'),
];

/** Names that are this folder's own modules, not hooks. */
const RESERVED = new Set(['index', 'types']);
const EXTENSIONS = ['.ts', '.js'];

const HOOK_NAMES: ReadonlyArray<keyof CrudHooks> = ['scope', 'validate', 'beforeSave', 'afterSave', 'beforeDelete', 'afterDelete', 'loadValues', 'bulkAction'];

/** No hooks: the declaration alone says everything. */
export const NO_HOOKS: CrudHooks = Object.freeze({});

function findModule(name: string, dirs: readonly string[]): string | null {
  for (const dir of dirs) {
    for (const extension of EXTENSIONS) {
      const file = path.join(dir, `${name}${extension}`);
      if (fs.existsSync(file)) return file;
    }
  }
  return null;
}

/**
 * Loads a hooks module: its default export (or an export named `hooks`) is an object holding
 * some of the CrudHooks functions. Throws a message that says what to fix.
 */
export async function loadHooks(name: string | undefined, dirs: readonly string[] = DEFAULT_HOOK_DIRS): Promise<CrudHooks> {
  if (!name) return NO_HOOKS;
  if (RESERVED.has(name)) throw new Error(`hooks "${name}" is a reserved name: pick another module name.`);
  const file = findModule(name, dirs);
  if (!file) throw new Error(`hooks module "${name}" not found: create server/crud/hooks/${name}.ts exporting the hooks as default.`);
  const loaded = (await import(pathToFileURL(file).href)) as { default?: unknown; hooks?: unknown };
  const hooks = loaded.default ?? loaded.hooks;
  if (typeof hooks !== 'object' || hooks === null) {
    throw new Error(`hooks module "${name}" has no default export: export default { beforeSave() {…} } satisfies CrudHooks.`);
  }
  for (const [key, value] of Object.entries(hooks)) {
    if (!(HOOK_NAMES as readonly string[]).includes(key))
      throw new Error(`hooks module "${name}" exports unknown hook "${key}": known hooks are ${HOOK_NAMES.join(', ')}.`);
    if (typeof value !== 'function') throw new Error(`hooks module "${name}": ${key} must be a function.`);
  }
  return hooks as CrudHooks;
}
