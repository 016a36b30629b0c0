import type { Compilable, Kysely } from 'kysely';
import type { Database } from './index';
import type { DB } from './schema';
import { statementTemplate } from './template';

/**
 * A read built once per dialect and then run with new parameters (server/db/template.ts): hot paths (the session
 * lookup on every request) skip Kysely's builder and compiler, which cost more than the indexed lookup itself.
 * `build` must use its parameters only as bound values. On SQLite they run on the read-only connection
 * (Database.readCommitted).
 */
export function preparedQuery<Row, Params extends unknown[]>(build: (db: Kysely<DB>, ...params: Params) => Compilable<Row>) {
  const template = statementTemplate((db, values: Record<string, unknown>, count: number) =>
    build(db, ...(Array.from({ length: count }, (_, index) => values[String(index)]) as Params)),
  );
  return async function run(database: Database, ...params: Params): Promise<Row[]> {
    const filled = template(database.db, Object.fromEntries(params.entries()), params.length);
    if (!database.readCommitted) return filled.execute() as Promise<Row[]>;
    const { sql, parameters } = filled.compile();
    return database.readCommitted(sql, [...parameters]) as Row[];
  };
}
