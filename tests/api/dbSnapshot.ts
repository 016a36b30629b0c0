import crypto from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
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

/** The row count, a checksum of the rows' texts in order, and the texts holding `<script`, of one table. */
type TableRead = [count: number, checksum: string | null, scripts: string[] | null];

/** PostgreSQL: a table's rows as their jsonb texts (keys in one order whatever the columns' order), less the ignored columns. */
function postgresRead(table: string): RawBuilder<TableRead> {
  const ignored = (IGNORED_COLUMNS[table] ?? []).map((column) => sql` - ${sql.lit(column)}`);
  const text = sql`(to_jsonb(r)${sql.join(ignored, sql``)})::text`;
  return sql<TableRead>`(select json_build_array(count(*), md5(string_agg(x, E'\n' order by x)), json_agg(x) filter (where x ilike '%<script%'))
    from (select ${text} as x from ${sql.table(table)} as r) as rows)`;
}

/**
 * Every table read whole, rows sorted so PostgreSQL's physical order (moved by updates) does not matter. On
 * PostgreSQL one statement in which the database builds, sorts and sums up the rows' texts: the bad-input walk
 * takes a snapshot after every request, and one read per table cost 25 ms a snapshot there, a tenth of a
 * millisecond per table on SQLite, where reads are calls in the process.
 */
export async function snapshot(database: Database, tables: readonly string[]): Promise<Snapshot> {
  if (database.dialect === 'postgres') {
    const reads = tables.map((table, index) => sql`${postgresRead(table)} as ${sql.ref(`t${index}`)}`);
    const { rows } = await sql<Record<string, TableRead>>`select ${sql.join(reads)}`.execute(database.db);
    return new Map(
      tables.map((table, index) => {
        const [count, checksum, scripts] = rows[0]![`t${index}`]!;
        return [table, { count: Number(count), checksum: checksum ?? '', scripts: scripts ?? [] }] as const;
      }),
    );
  }
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
