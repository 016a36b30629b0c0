import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { SQLITE_FILE_NAME } from '../../server/db';
import type { BenchStore } from './servers';

/** Rows written straight through the driver, all in one transaction: the bench stores' fast load. */
export interface BulkWriter {
  /** Appends rows (each an array in `columns` order) to `table`. */
  insert(table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void>;
  /** The rows a read answers (the products to sell, the next free ids). */
  all(text: string): Promise<Array<Record<string, unknown>>>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/**
 * SQLite: one prepared multi-row statement per table and chunk size, inside one transaction. The load skips
 * fsync (`synchronous = OFF`): a bench store is rebuilt when a load is cut short (its marker is written last).
 */
export function sqliteWriter(file: string): BulkWriter {
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('foreign_keys = OFF');
  sqlite.exec('begin');
  const statements = new Map<string, BetterSqlite3.Statement>();
  const ROWS_PER_STATEMENT = 100;
  const statement = (table: string, columns: readonly string[], rows: number) => {
    const key = `${table}|${columns.join(',')}|${rows}`;
    if (!statements.has(key)) {
      const one = `(${columns.map(() => '?').join(', ')})`;
      statements.set(key, sqlite.prepare(`insert into ${table} (${columns.join(', ')}) values ${Array.from({ length: rows }, () => one).join(', ')}`));
    }
    return statements.get(key)!;
  };
  return {
    async insert(table, columns, rows) {
      for (let first = 0; first < rows.length; first += ROWS_PER_STATEMENT) {
        const chunk = rows.slice(first, first + ROWS_PER_STATEMENT);
        statement(table, columns, chunk.length).run(chunk.flat() as unknown[]);
      }
    },
    async all(text) {
      return sqlite.prepare(text).all() as Array<Record<string, unknown>>;
    },
    async commit() {
      sqlite.exec('commit');
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      sqlite.close();
    },
    async rollback() {
      sqlite.exec('rollback');
      sqlite.close();
    },
  };
}

/**
 * PostgreSQL: each chunk one statement, its rows passed as one JSON parameter and expanded by
 * `json_populate_recordset` into the table's own column types (no per-row round trip, no parameter limit).
 */
export async function postgresWriter(url: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  const CHUNK = 20_000;
  return {
    async insert(table, columns, rows) {
      const list = columns.map((column) => `"${column}"`).join(', ');
      for (let first = 0; first < rows.length; first += CHUNK) {
        const objects = rows.slice(first, first + CHUNK).map((row) => Object.fromEntries(columns.map((column, index) => [column, row[index]])));
        await client.query(`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $1)`, [JSON.stringify(objects)]);
      }
    },
    async all(text) {
      return (await client.query(text)).rows as Array<Record<string, unknown>>;
    },
    async commit() {
      await client.query('commit');
      await client.end();
    },
    async rollback() {
      await client.query('rollback');
      await client.end();
    },
  };
}

/** Tables whose rows a load writes with their ids: their sequences must move past them on PostgreSQL. */
const LOADED_WITH_IDS = [
  'products',
  'orders',
  'order_products',
  'order_refunds',
  'order_payments',
  'order_instalments',
  'order_refund_payments',
  'order_refunded_products',
] as const;

/**
 * Writes `fill`'s rows into a migrated store in one transaction. On PostgreSQL it then moves the sequences past
 * the ids the rows came with and vacuums and analyzes, as autovacuum does in a store that has traded: a fresh
 * database has no planner statistics and no visibility map until autovacuum first visits it, and meanwhile an
 * index-only scan reads the table's row for every entry (the middle page by number of 1,000,000 products took
 * 907 ms p95 in a run that started with the store just built, 51 ms in the next).
 */
export async function bulkLoad(store: BenchStore, fill: (writer: BulkWriter) => Promise<void>): Promise<void> {
  const writer = store.databaseUrl ? await postgresWriter(store.databaseUrl) : sqliteWriter(join(store.dataDir, SQLITE_FILE_NAME));
  await fill(writer).catch(async (error) => {
    await writer.rollback();
    throw error;
  });
  await writer.commit();
  if (!store.databaseUrl) return;
  const client = new pg.Client({ connectionString: store.databaseUrl });
  await client.connect();
  try {
    for (const table of LOADED_WITH_IDS)
      await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 1) from ${table}))`);
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}
