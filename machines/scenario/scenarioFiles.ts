import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every *.json file under the given files or folders (folders searched recursively), sorted, no duplicates. */
export function findScenarioFiles(paths: readonly string[]): { files: string[]; missing: string[] } {
  const files = new Set<string>();
  const missing: string[] = [];
  const visit = (path: string, explicit: boolean) => {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      if (explicit) missing.push(path);
      return;
    }
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry), false);
    } else if (explicit || path.endsWith('.json')) {
      files.add(path);
    }
  };
  for (const path of paths) visit(path, true);
  return { files: [...files], missing };
}

/** The parsed file, or an Error saying why it could not be read. */
export function readScenarioFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    return new Error(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
