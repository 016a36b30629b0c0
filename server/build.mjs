// `npm start` runs the server compiled: this bundles server/start.ts (and the schemas/ it imports) into
// dist-server/start.js, and each CRUD hooks module into dist-server/crud-hooks/<name>.js, which the CRUD
// engine imports by name at run time. Shared code goes to dist-server/chunks/ so that the hooks and the
// server use one copy of every module (one database, one cache). Packages stay in node_modules:
// better-sqlite3, argon2 and sharp load native code, and none of them needs bundling.
// Plain JavaScript so that it runs before anything is compiled.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist-server');
const hooksDir = path.join(root, 'server', 'crud', 'hooks');
// index.ts and types.ts are the loader itself (server/crud/hooks/index.ts RESERVED), not hooks.
const hooks = fs
  .readdirSync(hooksDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'index.ts' && name !== 'types.ts')
  .map((name) => path.basename(name, '.ts'));

// Integrators' field types: extensions/fields/<type>/definition.ts (server/crud/fieldExtensions.ts loads them).
const fieldTypesDir = path.join(root, 'extensions', 'fields');
const fieldTypes = fs.existsSync(fieldTypesDir)
  ? fs.readdirSync(fieldTypesDir).filter((name) => fs.existsSync(path.join(fieldTypesDir, name, 'definition.ts')))
  : [];

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    start: 'server/start.ts',
    ...Object.fromEntries(hooks.map((name) => [`crud-hooks/${name}`, `server/crud/hooks/${name}.ts`])),
    ...Object.fromEntries(fieldTypes.map((name) => [`field-types/${name}`, `extensions/fields/${name}/definition.ts`])),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  logLevel: 'warning',
});
