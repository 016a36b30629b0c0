import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_HOOKS, loadHooks } from '../../server/crud/hooks';
import { EXPORT_TTL_MS, exportNamespace, removeOldExports } from '../../server/crud/export';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crud-hooks-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeModule(name: string, source: string) {
  fs.writeFileSync(path.join(dir, `${name}.ts`), source);
}

describe('hooks modules', () => {
  it('loads the default export, or none when the declaration names none', async () => {
    writeModule('good', 'export default { async beforeSave(row: Record<string, unknown>) { return { ...row, seen: 1 }; } };');
    const hooks = await loadHooks('good', [dir]);
    expect(await hooks.beforeSave!({ a: 1 }, {} as never)).toEqual({ a: 1, seen: 1 });
    expect(await loadHooks(undefined, [dir])).toBe(NO_HOOKS);
  });

  it('says what to fix for a missing module, a missing export, a misspelt hook or a reserved name', async () => {
    writeModule('no_default', 'export const unrelated = 1;');
    writeModule('typo', 'export default { beforeSaved() {} };');
    await expect(loadHooks('absent', [dir])).rejects.toThrow('hooks module "absent" not found: create server/crud/hooks/absent.ts');
    await expect(loadHooks('no_default', [dir])).rejects.toThrow('has no default export');
    await expect(loadHooks('typo', [dir])).rejects.toThrow('exports unknown hook "beforeSaved"');
    await expect(loadHooks('types', [dir])).rejects.toThrow('reserved name');
  });
});

describe('export files', () => {
  it('reads the namespace from our file names only', () => {
    expect(exportNamespace(`ns.products--${'a'.repeat(32)}.csv`)).toBe('ns.products');
    expect(exportNamespace('../../store.sqlite')).toBeNull();
    expect(exportNamespace(`ns.products--${'a'.repeat(32)}.csv.part`)).toBeNull();
  });

  it('removes files older than an hour and keeps the others', () => {
    const exports = path.join(dir, 'exports');
    fs.mkdirSync(exports);
    const old = path.join(exports, 'old.csv');
    const fresh = path.join(exports, 'fresh.csv');
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(fresh, 'x');
    const past = new Date(Date.now() - EXPORT_TTL_MS - 60_000);
    fs.utimesSync(old, past, past);
    removeOldExports(exports);
    expect(fs.readdirSync(exports)).toEqual(['fresh.csv']);
  });
});
