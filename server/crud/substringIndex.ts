import crypto from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ResourceDeclaration } from '../../schemas/crud/declaration';
import type { TableColumns } from './introspect';
import type { IndexBuilder } from './indexBuild';
import { ownColumn } from './resource';

/**
 * Indexes that let a 'contains' search find a word inside a name without reading the whole table.
 * They only narrow the rows: the list still applies its exact LIKE over the declared columns, so what is
 * found is the same with or without them. SQLite: an external-content FTS5 table with the trigram tokenizer
 * over the table's searched columns, kept by triggers. PostgreSQL: a pg_trgm GIN index on lower(column),
 * the expression the search compares; without the extension (migration 020 could not create it) the
 * search stays exact and reads the table.
 */

/** The trigram tokenizer needs three characters; a shorter term cannot use the index. */
export const MIN_INDEXED_TERM = 3;

/** The declared search columns when every one is a text column of the table itself, else null: one index must answer them all. */
export function indexedSearchColumns(declaration: ResourceDeclaration, columns: TableColumns | undefined): string[] | null {
  if (declaration.searchMode === 'prefix' || declaration.search.length === 0 || !columns) return null;
  const own = declaration.search.map((name) => ownColumn(declaration, name));
  if (own.some((column) => column === null || columns.get(column) !== 'text')) return null;
  return [...new Set(own as string[])].sort();
}

/**
 * The column whose search index can give a searched list its order: the one own text column a prefix search
 * reads (its key: listQuery.ts prefixKey), or null (a contains search, several columns, a joined one).
 */
export function prefixKeyColumn(declaration: ResourceDeclaration, columns: TableColumns | undefined): string | null {
  if (declaration.searchMode !== 'prefix' || declaration.search.length !== 1) return null;
  const column = ownColumn(declaration, declaration.search[0]!);
  return column !== null && columns?.get(column) === 'text' ? column : null;
}

/** The FTS5 table over a table's searched columns. */
export function ftsTableName(table: string, columns: readonly string[]): string {
  const digest = crypto
    .createHash('sha1')
    .update(`${table}:${columns.join(',')}`)
    .digest('hex')
    .slice(0, 10);
  return `crud_fts_${table}_${digest}`;
}

/**
 * One FTS5 table per content table, over every column a contains search of the set reads there (products
 * and vendor items share one): each write of a row updates one index. A declaration searching fewer columns
 * gets more candidates, which its exact LIKE then narrows.
 */
export function ftsColumnsByTable(declarations: readonly ResourceDeclaration[], columnsOf: (table: string) => TableColumns | undefined): Map<string, string[]> {
  const byTable = new Map<string, Set<string>>();
  for (const declaration of declarations) {
    const searched = indexedSearchColumns(declaration, columnsOf(declaration.table));
    if (!searched) continue;
    const set = byTable.get(declaration.table) ?? new Set<string>();
    for (const column of searched) set.add(column);
    byTable.set(declaration.table, set);
  }
  return new Map([...byTable].map(([table, set]) => [table, [...set].sort()]));
}

async function sqliteNames(db: Kysely<any>, like: string): Promise<Set<string>> {
  const rows = await sql<{ name: string }>`select name from sqlite_master where name like ${like} escape '\\'`.execute(db);
  return new Set(rows.rows.map((row) => row.name));
}

/**
 * Creates the FTS5 table and its triggers when missing. A table made now, or one whose triggers were lost
 * (a migration that rebuilds the content table drops its triggers), is rebuilt from the content table, so
 * rows written while no trigger ran are indexed too.
 */
export async function ensureFts(db: Kysely<any>, table: string, columns: readonly string[]): Promise<void> {
  const fts = ftsTableName(table, columns);
  await dropStaleFts(db, table, fts);
  const existing = await sqliteNames(db, `${fts.replace(/_/g, '\\_')}%`);
  const triggers = { insert: `${fts}_ai`, remove: `${fts}_ad`, update: `${fts}_au` };
  const complete = existing.has(fts) && Object.values(triggers).every((name) => existing.has(name));
  if (complete) return;
  const ids = sql.join(columns.map((column) => sql.id(column)));
  const values = (row: 'new' | 'old') => sql.join(columns.map((column) => sql`${sql.raw(row)}.${sql.id(column)}`));
  const name = sql.id(fts);
  await sql`create virtual table if not exists ${name} using fts5(${ids}, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram case_sensitive 0')`.execute(
    db,
  );
  await sql`create trigger if not exists ${sql.id(triggers.insert)} after insert on ${sql.id(table)} begin
    insert into ${name} (rowid, ${ids}) values (new.id, ${values('new')}); end`.execute(db);
  await sql`create trigger if not exists ${sql.id(triggers.remove)} after delete on ${sql.id(table)} begin
    insert into ${name} (${name}, rowid, ${ids}) values ('delete', old.id, ${values('old')}); end`.execute(db);
  await sql`create trigger if not exists ${sql.id(triggers.update)} after update of ${ids} on ${sql.id(table)} begin
    insert into ${name} (${name}, rowid, ${ids}) values ('delete', old.id, ${values('old')});
    insert into ${name} (rowid, ${ids}) values (new.id, ${values('new')}); end`.execute(db);
  await sql`insert into ${name} (${name}) values ('rebuild')`.execute(db);
}

/** An FTS5 table of the same content table over another column set (the declarations changed): its triggers would keep paying for it. */
async function dropStaleFts(db: Kysely<any>, table: string, wanted: string): Promise<void> {
  const prefix = `crud_fts_${table}_`.replace(/_/g, '\\_');
  const rows = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and sql like 'create virtual table%' and name like ${`${prefix}%`} escape '\\'`.execute(db);
  for (const { name } of rows.rows) {
    if (name === wanted || !/^crud_fts_.+_[0-9a-f]{10}$/.test(name)) continue;
    for (const suffix of ['ai', 'ad', 'au']) await sql`drop trigger if exists ${sql.id(`${name}_${suffix}`)}`.execute(db);
    await sql`drop table ${sql.id(name)}`.execute(db);
  }
}

/** Whether pg_trgm is installed in this database (migration 020 creates it where the role may). */
export async function hasTrigramExtension(db: Kysely<any>): Promise<boolean> {
  const result = await sql<{ installed: boolean }>`select exists (select 1 from pg_extension where extname = 'pg_trgm') as installed`.execute(db);
  return result.rows[0]?.installed === true;
}

function trigramIndexName(table: string, column: string): string {
  const name = `crud_${table}_${column}_trgm`;
  return name.length <= 63 ? name : `crud_${crypto.createHash('sha1').update(name).digest('hex').slice(0, 16)}_trgm`;
}

/** PostgreSQL: a trigram index per searched text column of a declaration's contains search (SQLite: ensureFts per table). */
export async function ensureTrigramIndexes(indexes: IndexBuilder, declaration: ResourceDeclaration, columns: TableColumns | undefined): Promise<void> {
  const searched = indexedSearchColumns(declaration, columns);
  if (!searched) return;
  for (const column of searched) {
    await indexes.create(trigramIndexName(declaration.table, column), declaration.table, sql`using gin (lower(${sql.id(column)}) gin_trgm_ops)`);
  }
}

/**
 * The rows the FTS5 index finds for the term, to AND with the exact LIKE: null when the term is too short
 * for trigrams or the resource has no index. The term is one FTS5 phrase (a quoted string with its quotes
 * doubled), so no character of it is an operator; the trigram index folds case like LIKE does for ASCII.
 */
export function ftsCandidates(table: string, fts: string | undefined, term: string): RawBuilder<SqlBool> | null {
  if (!fts || [...term].length < MIN_INDEXED_TERM) return null;
  const phrase = `"${term.replace(/"/g, '""')}"`;
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select rowid from ${sql.id(fts)} where ${sql.id(fts)} match ${phrase})`;
}

/**
 * SQLite: the rows of `table` whose indexed columns contain one of `phrases`, from the engine's FTS5 table
 * over that table when one covers `column` (ensureFts); null when there is none or a phrase is too short.
 * For a search outside the CRUD lists (the till's word search) that must not read every row of a large table.
 */
export async function sqliteFtsCandidates(db: Kysely<any>, table: string, column: string, phrases: readonly string[]): Promise<RawBuilder<SqlBool> | null> {
  if (phrases.length === 0 || phrases.some((phrase) => [...phrase].length < MIN_INDEXED_TERM)) return null;
  const prefix = `crud_fts_${table}_`.replace(/_/g, '\\_');
  const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and sql like 'create virtual table%'
    and name like ${`${prefix}%`} escape '\\' and sql like ${`%"${column}"%`}`.execute(db);
  const fts = rows.rows.map((row) => row.name).find((name) => /^crud_fts_.+_[0-9a-f]{10}$/.test(name));
  if (!fts) return null;
  const query = phrases.map((phrase) => `"${phrase.replace(/"/g, '""')}"`).join(' OR ');
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select rowid from ${sql.id(fts)} where ${sql.id(fts)} match ${query})`;
}
