import { sql } from 'kysely';
import type { Database } from '../db';
import type { ColumnKind } from './resource';

export type TableColumns = Map<string, ColumnKind>;

/** Names of the views among the tables readTables answers: a declaration may list a view, which takes no index. */
export const VIEWS = Symbol('views');
export type Tables = Map<string, TableColumns> & { [VIEWS]?: ReadonlySet<string> };

/** Reads a column's declared type the same way on both dialects ('INTEGER', 'int4', 'double precision', 'text'…). */
export function columnKind(dataType: string): ColumnKind {
  const type = dataType.toLowerCase();
  if (/char|text|clob|string/.test(type)) return 'text';
  if (/int|real|double|float|numeric|decimal|serial/.test(type)) return 'number';
  return 'other';
}

/** Every table of the database (the current schema on PostgreSQL) with its columns. */
export async function readTables(database: Database): Promise<Tables> {
  let schema: string | null = null;
  if (database.dialect === 'postgres') {
    const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
    schema = result.rows[0]?.schema ?? 'public';
  }
  const tables = await database.db.introspection.getTables();
  const found: Tables = new Map<string, TableColumns>();
  const views = new Set<string>();
  for (const table of tables) {
    if (schema !== null && table.schema !== schema) continue;
    found.set(table.name, new Map(table.columns.map((column) => [column.name, columnKind(column.dataType)])));
    if (table.isView) views.add(table.name);
  }
  found[VIEWS] = views;
  return found;
}
