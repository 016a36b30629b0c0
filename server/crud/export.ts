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
import { enterBulkTurn } from './bulkTurns';
import { csvLine } from './csv';
import { afterCursor, planList, rowsAfterCursor, selectRows, type ListCursor } from './listQuery';
import { storeTimeZone } from '../services/options';
import { moneyColumns, type Resource } from './resource';

/**
 * Rows read per query. Each batch is one short read (synchronous on SQLite) taken as a bulk turn
 * (bulkTurns.ts), so a 100,000-row export never holds more than this many rows in memory and never
 * keeps another request (a till's checkout) waiting longer than one batch.
 */
export const EXPORT_BATCH = 1000;
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
 * The rows the list query matches (only `entries` when given), in the list's order, one batch of at
 * most `batchSize` at a time: each batch starts after the last row of the previous one (keyset), so
 * it costs the same at the end of a large table as at its start.
 */
export function exportBatches(
  database: Database,
  resource: Resource,
  user: SessionUser,
  query: ListQuery,
  entries: readonly number[] | undefined,
  timeZone: string,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<Record<string, unknown>[]> {
  const db = database.db as unknown as Kysely<any>;
  // Planned now, not at the first batch: a bad sort or filter is refused before any file exists.
  const plan = planList(resource, { dialect: database.dialect, user, timeZone }, query, entries);
  return (async function* batches() {
    let cursor: ListCursor | null = null;
    for (;;) {
      const select = selectRows(db, resource, plan);
      // Each batch is a bulk turn, from its read until the caller has written it: other requests run
      // between two batches, and a till is not kept waiting behind batch after batch.
      const turn = await enterBulkTurn();
      let rows: Record<string, unknown>[];
      try {
        // After the first batch, the cursor's ranges are read in turn: joined by OR no index range serves them,
        // and every batch of a million-row table would walk the sort index from its start.
        rows = cursor
          ? await rowsAfterCursor(select, afterCursor(resource, database.dialect, plan, cursor), batchSize)
          : await select.limit(batchSize).execute();
        if (rows.length === 0) return;
        yield rows;
      } finally {
        turn.leave();
      }
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1]!;
      cursor = { sort: last.$sort, id: Number(last.$id) };
    }
  })();
}

/**
 * Writes a CSV of the rows the list query matches (only `entries` when given), in the list's
 * order, batch by batch, under a random name; answers the URL that serves it.
 */
export async function exportCsv(
  database: Database,
  resource: Resource,
  user: SessionUser,
  query: ListQuery,
  entries: readonly number[] | undefined,
  dir: string,
  batchSize = EXPORT_BATCH,
): Promise<string> {
  const columns = Object.entries(resource.declaration.columns);
  const money = moneyColumns(resource);
  const batches = exportBatches(database, resource, user, query, entries, await storeTimeZone(database.db), batchSize);
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
    for await (const rows of batches) {
      // One write per batch: the batch's text is the only copy of its rows kept until the file takes it.
      let text = '';
      for (const row of rows) {
        text += csvLine(columns.map(([key]) => (money.has(key) && row[key] !== null && row[key] !== undefined ? toDecimal(Number(row[key])) : row[key])));
      }
      await write(text);
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
