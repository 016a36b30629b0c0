import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './index';
import type { DB } from './schema';

/**
 * A query built once per database and then run with new parameters: hot paths (the session lookup
 * on every request) skip Kysely's builder and compiler, which cost more than the indexed lookup itself.
 * `build` must use its parameters only as bound values, in the order they are passed to `run`.
 * Only for reads: on SQLite they run on the read-only connection (Database.readCommitted).
 */
export function preparedQuery<Row, Params extends unknown[]>(build: (db: Kysely<DB>, ...params: Params) => Compilable<Row>) {
  const sqlByDatabase = new WeakMap<Database, string>();
  return async function run(database: Database, ...params: Params): Promise<Row[]> {
    let sqlText = sqlByDatabase.get(database);
    if (sqlText === undefined) {
      sqlText = build(database.db, ...params).compile().sql;
      sqlByDatabase.set(database, sqlText);
    }
    if (database.readCommitted) return database.readCommitted(sqlText, params) as Row[];
    const result = await database.db.executeQuery<Row>(CompiledQuery.raw(sqlText, params));
    return result.rows;
  };
}
