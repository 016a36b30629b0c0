import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect';
import type { Field } from '../../../schemas/form/field';
import { fieldTypeFailure, storageColumnOf, type StorageColumn } from '../../../schemas/fieldTypes';
import { indexName } from '../tableSync';

/**
 * The table changes a builder save makes, inside its transaction (DDL is transactional on both databases):
 * nothing here ever loses a value without the administrator having chosen it.
 */

const BATCH = 1000;
const numeric = (column: StorageColumn) => column === 'integer' || column === 'bigint' || column === 'double';

/** A stored value as the new field would hold it, or undefined when it does not convert. */
export function convertedValue(field: Field, value: unknown): unknown {
  const column = storageColumnOf(field);
  let typed: unknown = value;
  if (numeric(column)) {
    const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    if (!Number.isFinite(number) || (column !== 'double' && !Number.isInteger(number))) return undefined;
    typed = number;
  } else if (column === 'json') {
    if (typeof value !== 'string') return undefined;
    try {
      typed = JSON.parse(value);
    } catch {
      return undefined;
    }
  } else typed = String(value);
  return fieldTypeFailure(field, typed) === null ? typed : undefined;
}

/** Ids and values of the column's non-empty stored values, a batch at a time (bounded memory on any table). */
async function* storedValues(db: Kysely<any>, table: string, column: string): AsyncGenerator<Array<{ id: number; value: unknown }>> {
  let after = 0;
  for (;;) {
    const rows = await sql<{ id: number; value: unknown }>`select id, ${sql.id(column)} as value from ${sql.id(table)}
      where id > ${after} and ${sql.id(column)} is not null and cast(${sql.id(column)} as text) <> '' order by id limit ${BATCH}`.execute(db);
    if (rows.rows.length === 0) return;
    yield rows.rows;
    after = Number(rows.rows[rows.rows.length - 1]!.id);
  }
}

/** How many stored values the new field would refuse, with a few of them to show. */
export async function countUnconvertible(db: Kysely<any>, table: string, column: string, field: Field): Promise<{ count: number; samples: unknown[] }> {
  let count = 0;
  const samples: unknown[] = [];
  for await (const rows of storedValues(db, table, column)) {
    for (const row of rows) {
      if (convertedValue(field, row.value) !== undefined) continue;
      count += 1;
      if (samples.length < 5) samples.push(row.value);
    }
  }
  return { count, samples };
}

/** The engine's indexes on a column (the reload makes them again under the column's current name). */
async function dropEngineIndexes(db: Kysely<any>, table: string, column: string): Promise<void> {
  for (const suffix of ['idx', 'sort', 'ci', 'uq']) await sql`drop index if exists ${sql.id(indexName(table, column, suffix))}`.execute(db);
}

export async function renameColumn(db: Kysely<any>, table: string, from: string, to: string): Promise<void> {
  await dropEngineIndexes(db, table, from);
  await sql`alter table ${sql.id(table)} rename column ${sql.id(from)} to ${sql.id(to)}`.execute(db);
}

/** Copies a column's values into a new column of the same table (the kept copy of a type change). */
export async function copyColumn(db: Kysely<any>, dialect: DialectName, table: string, from: string, to: string, field: Field): Promise<void> {
  const column = storageColumnOf(field);
  const type = numeric(column) ? (dialect === 'postgres' ? 'double precision' : 'real') : 'text';
  await sql`alter table ${sql.id(table)} add column ${sql.id(to)} ${sql.raw(type)}`.execute(db);
  await sql`update ${sql.id(table)} set ${sql.id(to)} = ${sql.id(from)}`.execute(db);
}

const SQL_TYPES: Record<DialectName, Record<StorageColumn, string>> = {
  postgres: { text: 'text', json: 'text', integer: 'integer', bigint: 'bigint', double: 'double precision' },
  sqlite: { text: 'text', json: 'text', integer: 'integer', bigint: 'integer', double: 'real' },
};

/**
 * Gives the column the new field's values: those that do not convert become null (the caller kept a copy or
 * there were none), the others are rewritten typed; on PostgreSQL the column's type follows the storage
 * (SQLite keeps the declared type and stores what it is given).
 */
export async function convertColumn(db: Kysely<any>, dialect: DialectName, table: string, column: string, before: Field, after: Field): Promise<void> {
  const target = storageColumnOf(after);
  if (dialect === 'postgres' && SQL_TYPES.postgres[storageColumnOf(before)] !== SQL_TYPES.postgres[target]) {
    await sql`alter table ${sql.id(table)} alter column ${sql.id(column)} type text using ${sql.id(column)}::text`.execute(db);
  }
  for await (const rows of storedValues(db, table, column)) {
    for (const row of rows) {
      const value = convertedValue(after, row.value);
      const stored = value === undefined ? null : target === 'json' ? JSON.stringify(value) : numeric(target) ? value : String(value);
      if (stored !== row.value) await sql`update ${sql.id(table)} set ${sql.id(column)} = ${stored} where id = ${row.id}`.execute(db);
    }
  }
  if (dialect === 'postgres' && SQL_TYPES.postgres[target] !== 'text') {
    const type = sql.raw(SQL_TYPES.postgres[target]);
    await sql`alter table ${sql.id(table)} alter column ${sql.id(column)} type ${type} using ${sql.id(column)}::${type}`.execute(db);
  }
}

/** Drops a purged column for good, after the engine's indexes on it (SQLite refuses to drop an indexed column). */
export async function dropColumn(db: Kysely<any>, table: string, column: string): Promise<void> {
  await dropEngineIndexes(db, table, column);
  await sql`alter table ${sql.id(table)} drop column ${sql.id(column)}`.execute(db);
}

/** Values stored more than once in a column that is to become unique. */
export async function repeatedValues(db: Kysely<any>, table: string, column: string): Promise<number> {
  const rows = await sql<{ n: number }>`select count(*) as n from (select ${sql.id(column)} from ${sql.id(table)}
    where ${sql.id(column)} is not null group by ${sql.id(column)} having count(*) > 1) repeated`.execute(db);
  return Number(rows.rows[0]?.n ?? 0);
}

export async function dropUniqueIndex(db: Kysely<any>, table: string, column: string): Promise<void> {
  await sql`drop index if exists ${sql.id(indexName(table, column, 'uq'))}`.execute(db);
}
