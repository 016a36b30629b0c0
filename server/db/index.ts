import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { DEFAULT_POOL_SIZE, type Config } from '../config';
import { ImmediateSqliteDialect, type DialectName } from './dialect';
import { namedStatementPool } from './namedStatements';
import type { DB } from './schema';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** Where the SQLite file lives; null on PostgreSQL. */
  file: string | null;
  /**
   * SQLite only: runs a read on a second, read-only connection, synchronously. Hot reads (the session
   * lookup on every request) skip Kysely's connection queue; WAL gives that connection a committed
   * snapshot, so it never sees another request's open transaction.
   */
  readCommitted?: (sqlText: string, parameters: readonly unknown[]) => unknown[];
  /**
   * What this database's requests have cost since it was opened, read by tests and the bench before and after
   * a request. SQLite: the statements run (BEGIN and COMMIT included), each an in-process call. PostgreSQL: the
   * round trips, the waits on the server; a statement sent in one flight with another (a transaction's BEGIN,
   * a write whose answer is not read, COMMIT with the answer's read: server/db/pipelinedTransactions.ts) costs
   * none of its own.
   */
  statements(): number;
  close(): Promise<void>;
}

// BIGINT and COUNT(*) come back from pg as strings; every integer we store fits in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export const SQLITE_FILE_NAME = 'store.sqlite';

/** Opens the database the settings name: PostgreSQL when DATABASE_URL is set, else SQLite under DATA_DIR. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolSize'>>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolSize ?? DEFAULT_POOL_SIZE);
  return openSqlite(path.join(config.dataDir, SQLITE_FILE_NAME));
}

/** Counts every statement a Kysely instance sends (Kysely's log hook sees each one, transaction control too). */
function statementCounter() {
  let count = 0;
  return {
    log: (_event: LogEvent) => {
      count += 1;
    },
    add: () => {
      count += 1;
    },
    read: () => count,
  };
}

function openSqlite(file: string): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  // WAL + FULL: every commit is fsynced before the answer, so a killed process loses nothing acknowledged.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const counter = statementCounter();
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }), log: counter.log });
  const reader = withStatementCache(new BetterSqlite3(file, { readonly: true }));
  return {
    db,
    dialect: 'sqlite',
    file,
    readCommitted: (sqlText, parameters) => {
      counter.add();
      return reader.prepare(sqlText).all(...parameters);
    },
    statements: counter.read,
    close: async () => {
      reader.close();
      await db.destroy();
    },
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running a small indexed lookup.
 * Statements are cached by SQL text (parameters stay bound per call), oldest dropped past the limit.
 */
function withStatementCache(sqlite: BetterSqlite3.Database) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (sqlText: string) => {
      let statement = cache.get(sqlText);
      if (!statement) {
        statement = sqlite.prepare(sqlText);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(sqlText, statement);
      }
      return statement;
    },
  };
}

/**
 * How long an unused PostgreSQL connection is kept (pg's default is 10 s). A connection carries its prepared
 * statements and their plans (namedStatements.ts): a till selling every quarter of a minute found its
 * connections gone at each sale, and opened one and planned every statement again (five checkouts each after
 * 11 s idle: a median of 55–62 ms, against 19–24 ms with the connections kept). TCP keepalive probes after a
 * minute of silence keep a firewall or NAT from forgetting a quiet connection, and find one whose server is
 * gone before a sale waits on it.
 */
const IDLE_CONNECTION_MS = 10 * 60_000;
const KEEP_ALIVE_DELAY_MS = 60_000;

async function openPostgres(connectionString: string, poolSize: number): Promise<Database> {
  // Pipeline mode lets a statement be written before the previous one is answered; only the transaction
  // flow uses it (Kysely waits for every statement it sends).
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    pipeline: true,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
  });
  // An idle client dropped by the server (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (error) => process.stderr.write(`PostgreSQL connection lost: ${error.message}\n`));
  // Fail at start, with the server's reason, rather than at the first request.
  const client = await pool.connect();
  client.release();
  const counter = statementCounter();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: namedStatementPool(pool, counter.add) }) });
  return { db, dialect: 'postgres', file: null, statements: counter.read, close: () => db.destroy() };
}
