import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db';
import { STORED_NAME_PATTERN, originalName } from './names';
import { removeStoredFiles, type UploadArea } from './storage';

/** Files younger than this may belong to an upload whose row is not committed yet. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

const STORED_NAME = new RegExp(STORED_NAME_PATTERN);

async function knownNames(database: Database, area: UploadArea, names: string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let start = 0; start < names.length; start += 500) {
    const batch = names.slice(start, start + 500);
    const rows =
      area === 'medias'
        ? await database.db.selectFrom('medias').select('slug as name').where('slug', 'in', batch).execute()
        : area === 'floors'
          ? await database.db.selectFrom('floor_layers').select('image_name as name').where('image_name', 'in', batch).$narrowType<{ name: string }>().execute()
          : area === 'sales-alerts'
            ? await database.db.selectFrom('sales_alert_media').select('stored_name as name').where('stored_name', 'in', batch).execute()
            : await database.db.selectFrom('documents').select('stored_name as name').where('stored_name', 'in', batch).execute();
    for (const row of rows) known.add(row.name);
  }
  return known;
}

/**
 * Removes stored files no row points at any more (media or documents deleted through the CRUD lists,
 * whose transaction cannot remove files itself; floor images and sales alert media a crash left behind). Answers how many files went.
 */
export async function sweepOrphanUploads(database: Database, dataDir: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const area of ['medias', 'documents', 'floors', 'sales-alerts'] as const) {
    const dir = path.join(dataDir, 'uploads', area);
    const entries = await fs.readdir(dir).catch(() => [] as string[]);
    const candidates: string[] = [];
    for (const name of entries.filter((entry) => STORED_NAME.test(entry))) {
      const stat = await fs.stat(path.join(dir, name)).catch(() => null);
      if (stat?.isFile() && now - stat.mtimeMs >= SWEEP_GRACE_MS) candidates.push(name);
    }
    const known = await knownNames(database, area, [...new Set(candidates.map(originalName))]);
    const orphans = candidates.filter((name) => !known.has(originalName(name)));
    await removeStoredFiles(dataDir, area, orphans);
    removed += orphans.length;
  }
  return removed;
}
