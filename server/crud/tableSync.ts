import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import { columnTypes, type DialectName } from '../db/dialect';
import { nowUtc } from '../db/time';
import type { ResourceDeclaration } from '../../schemas/crud/declaration';
import { storageColumnOf } from '../../schemas/fieldTypes';
import type { Field } from '../../schemas/form/field';
import { VIEWS, readTables, type TableColumns } from './introspect';
import { ENGINE_COLUMNS, ownColumn, storedFields } from './resource';
import { indexBuilder, type IndexBuilder } from './indexBuild';
import { ensureFts, ensureTrigramIndexes, ftsColumnsByTable, hasTrigramExtension, prefixKeyColumn } from './substringIndex';

/** The engine's bookkeeping: which tables it created (and may alter); the others belong to migrations. */
export const CRUD_TABLES = 'crud_tables';

type SqlType = 'text' | 'integer' | 'bigint' | 'double';

/**
 * The column type a field's values need: its type's storage column (schemas/fieldTypes/), JSON as text;
 * a relation's local column holds ids whatever the field shows.
 */
export function fieldSqlType(field: Field, relationColumns: ReadonlySet<string>): SqlType {
  const column = storageColumnOf(field);
  if (relationColumns.has(field.name) && (column === 'text' || column === 'json')) return 'integer';
  return column === 'json' ? 'text' : column;
}

/** Every column an engine-created table needs for the declaration, with its type. */
export function wantedColumns(declaration: ResourceDeclaration): Map<string, SqlType> {
  const relationColumns = new Set((declaration.relations ?? []).map((relation) => relation.localColumn));
  const wanted = new Map<string, SqlType>();
  for (const { column, field } of storedFields(declaration)) wanted.set(column, fieldSqlType(field, relationColumns));
  for (const column of relationColumns) if (!wanted.has(column)) wanted.set(column, 'integer');
  for (const scope of declaration.scope ?? []) if (!wanted.has(scope.column)) wanted.set(scope.column, typeof scope.value === 'number' ? 'integer' : 'text');
  for (const [key, column] of Object.entries(declaration.columns)) {
    if (column.source || wanted.has(key)) continue;
    wanted.set(key, column.type === 'money' ? 'bigint' : column.type === 'number' ? 'double' : column.type === 'boolean' ? 'integer' : 'text');
  }
  for (const name of [...declaration.search, ...(declaration.queryFilters ?? []).map((filter) => filter.name)]) {
    const own = ownColumn(declaration, name);
    if (own && !wanted.has(own)) wanted.set(own, 'text');
  }
  for (const engineColumn of ENGINE_COLUMNS) wanted.delete(engineColumn);
  return wanted;
}

function dataType(dialect: DialectName, type: SqlType): string {
  const types = columnTypes(dialect);
  return type === 'bigint' ? types.bigint : type === 'double' ? types.double : type;
}

/** Index names fit PostgreSQL's 63 characters and stay unique. */
export function indexName(table: string, column: string, suffix: string): string {
  const name = `crud_${table}_${column}_${suffix}`;
  if (name.length <= 63) return name;
  return `crud_${crypto.createHash('sha1').update(name).digest('hex').slice(0, 16)}_${suffix}`;
}

export async function ensureBookkeeping(database: Database): Promise<void> {
  await database.db.schema
    .createTable(CRUD_TABLES)
    .ifNotExists()
    .addColumn('table_name', 'text', (column) => column.primaryKey())
    .addColumn('namespace', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
}

async function createTable(db: Kysely<any>, dialect: DialectName, declaration: ResourceDeclaration): Promise<void> {
  let builder = db.schema
    .createTable(declaration.table)
    .ifNotExists()
    .addColumn('id', columnTypes(dialect).id, (column) => column.primaryKey());
  for (const [column, type] of wantedColumns(declaration)) builder = builder.addColumn(column, dataType(dialect, type) as 'text');
  await builder
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addColumn('author_id', 'integer')
    .execute();
  await db
    .insertInto(CRUD_TABLES)
    .values({ table_name: declaration.table, namespace: declaration.namespace, created_at: nowUtc() })
    .onConflict((conflict) => conflict.column('table_name').doNothing())
    .execute();
}

async function addMissingColumns(db: Kysely<any>, dialect: DialectName, declaration: ResourceDeclaration, existing: TableColumns): Promise<void> {
  for (const [column, type] of wantedColumns(declaration)) {
    if (!existing.has(column))
      await db.schema
        .alterTable(declaration.table)
        .addColumn(column, dataType(dialect, type) as 'text')
        .execute();
  }
}

/**
 * Indexes for the declared search and sortable columns; a prefix search on text also gets a case-insensitive one.
 * Every list orders by its sort column and then by id (the tie-breaker that keeps pages stable), and an
 * export reads on from (sort value, id). SQLite's index on a column already ends with the rowid, which is
 * the id, so it serves both. PostgreSQL's does not: where many rows share the sorted value (a catalogue
 * imported in one go shares its created_at) it read and sorted the whole table for every page and every
 * export batch. There the sort columns are indexed with the id, which replaces the engine's plain index.
 */
async function createIndexes(
  db: Kysely<any>,
  dialect: DialectName,
  indexes: IndexBuilder,
  declaration: ResourceDeclaration,
  tableColumns: TableColumns | undefined,
  trigram: boolean,
): Promise<void> {
  const { table } = declaration;
  const own = (names: readonly string[]) => names.map((name) => ownColumn(declaration, name)).filter((name): name is string => name !== null);
  const sortable = new Set(
    own([
      ...Object.entries(declaration.columns)
        .filter(([, column]) => column.sortable)
        .map(([key]) => key),
      ...(declaration.defaultSort ? [declaration.defaultSort.column] : []),
    ]),
  );
  sortable.delete('id');
  const columns = new Set([...own(declaration.search), ...sortable]);
  // A prefix key's column is sorted and searched through its key's index alone (below): a plain or sort index
  // on it would only cost every write of the row (an order's code is written twice at the till).
  const keyColumn = prefixKeyColumn(declaration, tableColumns);
  for (const column of columns) {
    if (column === keyColumn) {
      for (const suffix of ['sort', 'idx']) await indexes.drop(indexName(table, column, suffix));
      continue;
    }
    if (dialect === 'postgres' && sortable.has(column)) {
      await indexes.create(indexName(table, column, 'sort'), table, sql`(${sql.id(column)}, id)`);
      await indexes.drop(indexName(table, column, 'idx'));
      continue;
    }
    await indexes.create(indexName(table, column, 'idx'), table, sql`(${sql.id(column)})`);
  }
  if (declaration.searchMode !== 'prefix') return trigram ? ensureTrigramIndexes(indexes, declaration, tableColumns) : undefined;
  for (const name of declaration.search) {
    const column = ownColumn(declaration, name);
    if (!column) continue;
    if (dialect === 'sqlite') {
      await indexes.create(indexName(table, column, 'ci'), table, sql`(${sql.id(column)} collate nocase)`);
      continue;
    }
    if (tableColumns?.get(column) !== 'text') continue;
    // The prefix key (listQuery.ts prefixKey) with the id: its LIKE range, and an order by the key read from
    // the index, a cursor's page included. It replaces a text_pattern_ops index, which finds the range but
    // cannot give an order.
    const key = indexName(table, column, 'key');
    const built = await indexes.create(key, table, sql`((lower(${sql.id(column)}) collate "C"), id)`);
    await indexes.drop(indexName(table, column, 'ci'));
    // A new expression has no statistics until the table is next analysed, which autovacuum leaves until a tenth
    // of a large table has changed: meanwhile the planner takes any prefix for 0.5 % of the rows, and a broad
    // search's count sorted all 111,111 matches of 250,000 orders (98 ms) instead of walking the index (2.6 ms).
    if (built) await sql`analyze ${sql.id(table)}`.execute(db);
  }
}

/** The declared unique fields of an engine-made table (the builder refuses a save whose stored values repeat). */
async function createUniqueIndexes(indexes: IndexBuilder, declaration: ResourceDeclaration): Promise<void> {
  for (const column of declaration.unique ?? []) {
    await indexes.create(indexName(declaration.table, column, 'uq'), declaration.table, sql`(${sql.id(column)})`, true);
  }
}

/**
 * Creates the tables of declarations that have none, adds the columns new fields need to tables the
 * engine created (tables of migrations keep their columns), and indexes the declared search and sort
 * columns of every declared table. Answers the engine-owned set.
 */
export async function syncTables(database: Database, declarations: readonly ResourceDeclaration[]): Promise<Set<string>> {
  await ensureBookkeeping(database);
  const db = database.db as unknown as Kysely<any>;
  const ownedRows = await db.selectFrom(CRUD_TABLES).select('table_name').execute();
  const owned = new Set(ownedRows.map((row) => String(row.table_name)));
  const tables = await readTables(database);
  const trigram = database.dialect === 'postgres' && (await hasTrigramExtension(db));
  const indexes = await indexBuilder(db, database.dialect);
  for (const declaration of declarations) {
    const existing = tables.get(declaration.table);
    if (!existing) {
      await createTable(db, database.dialect, declaration);
      owned.add(declaration.table);
      // A second declaration over the same new table then only adds its own columns.
      const kinds: TableColumns = new Map(ENGINE_COLUMNS.map((column) => [column, 'other']));
      for (const [column, type] of wantedColumns(declaration)) kinds.set(column, type === 'text' ? 'text' : 'number');
      tables.set(declaration.table, kinds);
    } else if (owned.has(declaration.table)) {
      await addMissingColumns(db, database.dialect, declaration, existing);
    }
    // Indexes are additive and named by the engine, so migration tables get them too: declared search
    // and sort columns must never force a full scan, whoever created the table. A view (a migration's)
    // cannot be indexed: its migration indexes the tables under it.
    if (!tables[VIEWS]?.has(declaration.table)) await createIndexes(db, database.dialect, indexes, declaration, tables.get(declaration.table), trigram);
    if (owned.has(declaration.table)) await createUniqueIndexes(indexes, declaration);
  }
  if (database.dialect === 'sqlite') {
    const searchable = declarations.filter((declaration) => !tables[VIEWS]?.has(declaration.table));
    for (const [table, columns] of ftsColumnsByTable(searchable, (name) => tables.get(name))) await ensureFts(db, table, columns);
  }
  return owned;
}
