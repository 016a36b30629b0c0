import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { SessionUser } from '../services/sessions';
import { API_PREFIX } from '../plugins/access';
import type { ListQuery } from '../../schemas/crud/list';
import { toDecimal } from '../../schemas/money';
import { csvLine } from './csv';
import { planList, selectRows } from './listQuery';
import { moneyColumns, type Resource } from './resource';

/** Rows read per query: a 100,000-row export never holds more than this in memory. */
export const EXPORT_BATCH = 5000;
/** Exports are removed after an hour. */
export const EXPORT_TTL_MS = 3_600_000;
export const EXPORTS_URL = `${API_PREFIX}/crud-exports`;

const FILE_PATTERN = /^([a-z][a-z0-9_.-]*)--[a-f0-9]{32}\.csv$/;

/** The namespace an export file was made from, or null when the name is not one of ours. */
export function exportNamespace(file: string): string | null {
  return FILE_PATTERN.exec(file)?.[1] ?? null;
}

/**
 * Each user's exports live in a folder of their own and are served only from it: an export URL
 * handed to (or seen by) someone else does not open the rows its maker was allowed to read.
 */
export function userExportsDir(dir: string, userId: number): string {
  return path.join(dir, String(userId));
}

/** Removes exports older than the time to live, in the users' folders too; a failure to remove one never fails a request. */
export function removeOldExports(dir: string, now = Date.now()): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      removeOldExports(file, now);
      continue;
    }
    try {
      if (now - fs.statSync(file).mtimeMs > EXPORT_TTL_MS) fs.rmSync(file, { force: true });
    } catch {
      // Another process may have removed it first.
    }
  }
}

/**
 * Writes a CSV of the rows the list query matches (only `entries` when given), in the list's
 * order, batch by batch, under a random name; answers the URL that serves it.
 */
export async function exportCsv(database: Database, resource: Resource, user: SessionUser, query: ListQuery, entries: readonly number[] | undefined, dir: string): Promise<string> {
  const db = database.db as unknown as Kysely<any>;
  const plan = planList(resource, { dialect: database.dialect, user }, query, entries);
  const columns = Object.entries(resource.declaration.columns);
  const money = moneyColumns(resource);
  const own = userExportsDir(dir, user.id);
  fs.mkdirSync(own, { recursive: true });
  removeOldExports(dir);
  const name = `${resource.declaration.namespace}--${crypto.randomBytes(16).toString('hex')}.csv`;
  const partial = path.join(own, `${name}.part`);
  const out = fs.createWriteStream(partial, { encoding: 'utf8' });
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  try {
    await write(csvLine(columns.map(([, column]) => column.label)));
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const rows = await selectRows(db, resource, plan).limit(EXPORT_BATCH).offset(offset).execute();
      for (const row of rows) {
        await write(csvLine(columns.map(([key]) => (money.has(key) && row[key] !== null && row[key] !== undefined ? toDecimal(Number(row[key])) : row[key]))));
      }
      if (rows.length < EXPORT_BATCH) break;
    }
    out.end();
    await once(out, 'finish');
    fs.renameSync(partial, path.join(own, name));
  } catch (error) {
    out.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return `${EXPORTS_URL}/${name}`;
}
