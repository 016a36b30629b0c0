import fs from 'node:fs';
import path from 'node:path';

/**
 * The folders the server reads at run time, found from where this code runs: server/ from its TypeScript
 * sources (tsx, vitest), dist-server/ once compiled (`npm start`). Paths written relative to one
 * module's own folder would point elsewhere once the modules are bundled into dist-server/.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}: run the server from the project's folder.`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);

/** true when this code was compiled to dist-server/ (server/build.mjs), false when run from TypeScript. */
export const RUNS_COMPILED = import.meta.url.endsWith('.js');

/** Where server/build.mjs writes the compiled server; hooks modules go to crud-hooks/ beside start.js. */
export const COMPILED_DIR = path.join(PROJECT_ROOT, 'dist-server');
