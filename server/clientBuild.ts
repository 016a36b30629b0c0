import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './paths';

const ROOT = PROJECT_ROOT;
const CLIENT_SOURCES = ['index.html', 'vite.config.ts', 'screens', 'engine', 'fields', 'machines', 'schemas'];

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Whether dist/client is missing or older than any client source. */
export function clientNeedsBuild(clientDir: string): boolean {
  const built = fs.statSync(path.join(clientDir, 'index.html'), { throwIfNoEntry: false });
  if (!built) return true;
  return CLIENT_SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built.mtimeMs);
}

/** Runs `vite build` when needed; the server then serves the result. */
export function buildClientIfNeeded(clientDir: string, log: (line: string) => void): void {
  if (!clientNeedsBuild(clientDir)) return;
  log('Building the client (vite build)…');
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', clientDir, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The client build failed; see the output above.');
}
