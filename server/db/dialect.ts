import { CompiledQuery, PostgresAdapter, SqliteDialect, type DatabaseConnection, type Driver, type Kysely, type SelectQueryBuilder } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Column types that differ between the two dialects; migrations ask here instead of branching inline. */
export function columnTypes(dialect: DialectName) {
  return dialect === 'postgres'
    ? ({ id: 'serial', bigint: 'bigint', double: 'double precision', text: 'text' } as const)
    : ({ id: 'integer', bigint: 'integer', double: 'real', text: 'text' } as const);
}

/** Whether `db` (or a transaction of it) speaks to PostgreSQL, for the few statements written apart per dialect. */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Locks the selected rows until the transaction ends on PostgreSQL. On SQLite every write
 * transaction begins IMMEDIATE (see ImmediateSqliteDialect), which already serialises writers.
 */
export function forUpdate<DB, TB extends keyof DB, O>(dialect: DialectName, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate() : query;
}

/**
 * SQLite's default BEGIN is deferred: two transactions that read then write can both read, and one
 * then fails to upgrade its lock. BEGIN IMMEDIATE takes the write lock up front, so a read-check-write
 * sequence (balance, refundable quantity) cannot interleave with another writer, even across processes.
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}
