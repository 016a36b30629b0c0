import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { invalid } from '../errors';
import { INVALID_FORM_MESSAGE } from '../plugins/errors';
import type { Field } from '../../schemas/form/field';
import { MAX_AMOUNT, MAX_DB_INTEGER, fromDecimal, hasAtMostDecimals } from '../../schemas/money';
import { rangeBound } from './dateBounds';
import { columnRef, ownColumn, type Resource } from './resource';

export const NOT_ALLOWED_MESSAGE = 'This field is not allowed.';
export const BAD_VALUE_MESSAGE = 'This field has a value that is not allowed.';
export const BAD_JSON_MESSAGE = 'This field must hold a JSON object.';
export const BAD_RANGE_MESSAGE = 'This field must hold a date range with valid dates.';

type Scalar = string | number;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** A filter value as the column compares it, or undefined when it cannot be one. */
function scalarFor(field: Field, value: unknown, numericColumn: boolean): Scalar | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  const numeric = field.type === 'number' || numericColumn;
  if (!numeric) return String(value);
  const text = String(value).trim();
  const number = Number(text);
  // Bounded as the columns hold them, so the database never gets a value it cannot cast (PostgreSQL would
  // fail on 9007199254740993 against an integer column, or 1e-300 against a bigint one).
  if (text === '' || !hasAtMostDecimals(number)) return undefined;
  if (field.money) {
    if (Math.abs(number) > MAX_AMOUNT) return undefined;
    return fromDecimal(number);
  }
  if (!Number.isInteger(number)) return number;
  return Math.abs(number) <= MAX_DB_INTEGER ? number + 0 : undefined;
}

/** A fraction compared as a double: PostgreSQL cannot read 1.5 as the integer its column holds, and would fail. */
function bound(scalar: Scalar) {
  return typeof scalar === 'number' && !Number.isInteger(scalar) ? sql`cast(${scalar} as double precision)` : sql`${scalar}`;
}

function conditionFor(resource: Resource, field: Field, value: unknown, zone: string): RawBuilder<SqlBool> | null | undefined {
  const ref = sql.ref(columnRef(resource.declaration, field.name));
  if (field.type === 'daterangepicker') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const range = value as Record<string, unknown>;
    const start = rangeBound(range.startDate, 'start', zone);
    const end = rangeBound(range.endDate, 'end', zone);
    if (start === undefined || end === undefined) return undefined;
    const bounds = [start, end].filter((bound) => bound !== null).map((bound) => sql<SqlBool>`${ref} ${sql.raw(bound.operator)} ${bound.value}`);
    return bounds.length === 0 ? null : sql<SqlBool>`(${sql.join(bounds, sql` and `)})`;
  }
  const own = ownColumn(resource.declaration, field.name);
  const numericColumn = own !== null && resource.table.columns.get(own) === 'number';
  if (Array.isArray(value)) {
    const scalars = value.map((item) => scalarFor(field, item, numericColumn));
    if (scalars.some((item) => item === undefined) || scalars.length > 1000) return undefined;
    return sql<SqlBool>`${ref} in (${sql.join(scalars.map((item) => bound(item!)))})`;
  }
  const scalar = scalarFor(field, value, numericColumn);
  return scalar === undefined ? undefined : sql<SqlBool>`${ref} = ${bound(scalar)}`;
}

/**
 * The conditions of the list's `queryFilters` (JSON object of filter name → value): a date range
 * compares with >= and <= on the calendar of the store's zone `zone`, a list with IN, anything else with =. Empty values filter nothing.
 * Unknown names and values of the wrong kind answer 422 keyed 'queryFilters.<name>'.
 */
export function filterConditions(resource: Resource, raw: string | undefined, zone: string | null): RawBuilder<SqlBool>[] {
  if (raw === undefined || raw.trim() === '') return [];
  if (zone === null) throw new Error('Filters need the store time zone: read it when the list has queryFilters.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalid(INVALID_FORM_MESSAGE, { queryFilters: [BAD_JSON_MESSAGE] });
  }
  if (parsed === null) return [];
  if (typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid(INVALID_FORM_MESSAGE, { queryFilters: [BAD_JSON_MESSAGE] });
  const declared = new Map((resource.declaration.queryFilters ?? []).map((field) => [field.name, field]));
  const errors: Record<string, string[]> = {};
  const conditions: RawBuilder<SqlBool>[] = [];
  for (const [name, value] of Object.entries(parsed)) {
    const field = declared.get(name);
    if (!field) {
      errors[`queryFilters.${name}`] = [NOT_ALLOWED_MESSAGE];
      continue;
    }
    if (isEmpty(value)) continue;
    const condition = conditionFor(resource, field, value, zone);
    if (condition === undefined) errors[`queryFilters.${name}`] = [field.type === 'daterangepicker' ? BAD_RANGE_MESSAGE : BAD_VALUE_MESSAGE];
    else if (condition !== null) conditions.push(condition);
  }
  if (Object.keys(errors).length > 0) throw invalid(INVALID_FORM_MESSAGE, errors);
  return conditions;
}
