import { sql, type Kysely } from 'kysely';
import type { Field, FieldOption } from '../../schemas/form/field';

/**
 * Options read from a table are capped: a select is no place for more. The first MAX_TABLE_OPTIONS by label
 * are offered; an edit form also offers the entry's own values (withEntryOptions), so a value past the cap is
 * never shown blank and lost on the next save.
 */
export const MAX_TABLE_OPTIONS = 1000;

function sourceKey(field: Field): string {
  const { table, label, value = 'id' } = field.optionsFrom!;
  return `${table}|${label}|${value}`;
}

/** The field's option table as options (value, label), for the caller to narrow, order and limit. */
function optionsQuery(db: Kysely<any>, field: Field) {
  const { table, label, value = 'id' } = field.optionsFrom!;
  return db.selectFrom(table).select([sql.ref(`${table}.${value}`).as('value'), sql.ref(`${table}.${label}`).as('label')]);
}

const toOptions = (rows: ReadonlyArray<{ value: unknown; label: unknown }>): FieldOption[] =>
  rows.map((row) => ({ label: String(row.label ?? ''), value: (row.value ?? null) as FieldOption['value'] }));

async function readOptions(db: Kysely<any>, field: Field): Promise<FieldOption[]> {
  const { table, label } = field.optionsFrom!;
  return toOptions(
    await optionsQuery(db, field)
      .orderBy(sql.ref(`${table}.${label}`))
      .limit(MAX_TABLE_OPTIONS)
      .execute(),
  );
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

/**
 * The field's options with the entry's own values among them: a value of the entry that is not in the first
 * MAX_TABLE_OPTIONS options (a table larger than that) is added with its label, read from the table.
 */
export async function withEntryOptions(db: Kysely<any>, field: Field, value: unknown): Promise<FieldOption[] | undefined> {
  const options = field.options;
  if (!field.optionsFrom || !options || value === null || value === undefined || value === '') return options;
  const offered = new Set(options.map((option) => String(option.value)));
  const missing = [...new Set((Array.isArray(value) ? value : [value]).map(String))].filter((one) => !offered.has(one));
  if (missing.length === 0) return options;
  const { table, value: column = 'id' } = field.optionsFrom;
  const rows = await optionsQuery(db, field)
    .where(sql`cast(${sql.ref(`${table}.${column}`)} as text)`, 'in', missing)
    .execute();
  return [...options, ...toOptions(rows)];
}
