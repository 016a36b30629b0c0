import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../server/db';

/**
 * Row counts and a checksum of every table, to prove a refused request changed nothing, and the rows
 * holding a stored `<script`, to prove no accepted one stored markup that runs.
 */

/** Columns that change on every read by design: a session's sliding expiry. */
const IGNORED_COLUMNS: Record<string, readonly string[]> = { sessions: ['last_seen_at', 'expires_at'] };
/** Tables that count refused requests on purpose: failed sign-ins feed the rate limit. */
const IGNORED_TABLES = new Set(['login_attempts']);

export interface TableState {
  count: number;
  checksum: string;
  /** Canonical JSON of each row that contains `<script` (any case). */
  scripts: string[];
}
export type Snapshot = Map<string, TableState>;

export async function tableNames(database: Database): Promise<string[]> {
  const query =
    database.dialect === 'postgres'
      ? sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  const { rows } = await query.execute(database.db);
  return rows
    .map((row) => row.name)
    .filter((name) => !IGNORED_TABLES.has(name))
    .sort();
}

function canonical(row: Record<string, unknown>, ignored: readonly string[]): string {
  const keys = Object.keys(row)
    .filter((key) => !ignored.includes(key))
    .sort();
  return JSON.stringify(
    keys.map((key) => {
      const value = row[key];
      return value instanceof Date ? value.toISOString() : Buffer.isBuffer(value) ? value.toString('base64') : value;
    }),
  );
}

/** Every table read whole; rows are sorted so PostgreSQL's physical order (moved by updates) does not matter. */
export async function snapshot(database: Database, tables: readonly string[]): Promise<Snapshot> {
  const states = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db);
      const lines = rows.map((row) => canonical(row, IGNORED_COLUMNS[table] ?? [])).sort();
      const checksum = crypto.createHash('sha1').update(lines.join('\n')).digest('hex');
      return [table, { count: rows.length, checksum, scripts: lines.filter((line) => /<script/i.test(line)) }] as const;
    }),
  );
  return new Map(states);
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name)?.checksum !== after.get(name)?.checksum);
}

/** `<script` rows present in `after` and not in `before`, as "table: row". */
export function newScripts(before: Snapshot, after: Snapshot): string[] {
  return [...after].flatMap(([table, state]) =>
    state.scripts.filter((row) => !before.get(table)?.scripts.includes(row)).map((row) => `${table}: ${row.slice(0, 200)}`),
  );
}
