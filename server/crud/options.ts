import { sql, type Kysely } from 'kysely';
import type { Field, FieldOption } from '../../schemas/form/field';

/** Options read from a table are capped: a select is no place for more. */
export const MAX_TABLE_OPTIONS = 1000;

function sourceKey(field: Field): string {
  const { table, label, value = 'id' } = field.optionsFrom!;
  return `${table}|${label}|${value}`;
}

async function readOptions(db: Kysely<any>, field: Field): Promise<FieldOption[]> {
  const { table, label, value = 'id' } = field.optionsFrom!;
  const rows = await db
    .selectFrom(table)
    .select([sql.ref(`${table}.${value}`).as('value'), sql.ref(`${table}.${label}`).as('label')])
    .orderBy(sql.ref(`${table}.${label}`))
    .limit(MAX_TABLE_OPTIONS)
    .execute();
  return rows.map((row) => ({ label: String(row.label ?? ''), value: (row.value ?? null) as FieldOption['value'] }));
}

/** Copies of the fields with `options` filled from their `optionsFrom` tables (one query per distinct source). */
export async function withTableOptions(db: Kysely<any>, fields: readonly Field[]): Promise<Field[]> {
  const cache = new Map<string, Promise<FieldOption[]>>();
  return Promise.all(
    fields.map(async (field) => {
      if (!field.optionsFrom) return field;
      const key = sourceKey(field);
      if (!cache.has(key)) cache.set(key, readOptions(db, field));
      return { ...field, options: await cache.get(key)! };
    }),
  );
}

/** Whether the field's option table holds every given value. */
export async function optionValuesExist(db: Kysely<any>, field: Field, values: ReadonlyArray<string | number>): Promise<boolean> {
  if (!field.optionsFrom || values.length === 0) return true;
  const { table, value = 'id' } = field.optionsFrom;
  const distinct = [...new Set(values.map(String))];
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(distinct ${sql.ref(`${table}.${value}`)})`.as('count'))
    // Compared as text: a submitted 'abc' or 1e308 matches nothing instead of failing PostgreSQL's integer cast.
    .where(sql`cast(${sql.ref(`${table}.${value}`)} as text)`, 'in', distinct)
    .executeTakeFirst();
  return Number(row?.count ?? 0) === distinct.length;
}
