import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { AccessCondition, AccessRule, ResourceDeclaration } from '../../schemas/crud/declaration';
import { MAX_AMOUNT, MAX_DB_INTEGER, fromDecimal, hasAtMostDecimals } from '../../schemas/money';
import { isAdminRole, type Role } from '../../schemas/roles';
import type { SessionUser } from '../services/sessions';
import type { TableColumns } from './introspect';
import { fieldKeyOfColumn, moneyColumns, type ColumnKind, type Operation, type Resource } from './resource';

/**
 * Per-role access (the declaration's `access` block, the Directus model): which actions a role may do,
 * on which rows (a filter added where the scope is) and with which fields. Every CRUD path asks here;
 * a declaration without `access` is served as if this module did not exist.
 */

export const ACCESS_FIELD_MESSAGE = 'You are not allowed to change this field.';
export const ACCESS_ROW_MESSAGE = 'You are not allowed to save this value.';

/** Every row carries its id and creation time, whatever fields a role may see. */
export const ALWAYS_VISIBLE: ReadonlySet<string> = new Set(['id', 'created_at']);

/** The role's rule for an action: undefined when access does not restrict it, null when the action is not allowed. */
export function accessRule(declaration: ResourceDeclaration, role: Role, action: Operation): AccessRule | null | undefined {
  const { access } = declaration;
  if (!access) return undefined;
  const own = access[role];
  if (!own) return isAdminRole(role) ? undefined : null;
  return own[action] ?? null;
}

/** Whether the access block lets the role do the action (the capability is checked apart). */
export function accessAllows(declaration: ResourceDeclaration, role: Role, action: Operation): boolean {
  return accessRule(declaration, role, action) !== null;
}

/** The field names a role may use in an action, or null for all of them. */
export function allowedFields(declaration: ResourceDeclaration, role: Role, action: Operation): ReadonlySet<string> | null {
  const rule = accessRule(declaration, role, action);
  if (rule === undefined) return null;
  if (rule === null) return new Set();
  const fields = rule.fields ?? ['*'];
  return fields.includes('*') ? null : new Set(fields);
}

/** Both lists at once: what is allowed in each. */
export function bothAllowed(first: ReadonlySet<string> | null, second: ReadonlySet<string> | null): ReadonlySet<string> | null {
  if (first === null) return second;
  if (second === null) return first;
  return new Set([...first].filter((name) => second.has(name)));
}

type Scalar = string | number | boolean | null;

const COMPARISONS: Record<string, string> = { _eq: '=', _neq: '<>', _gt: '>', _gte: '>=', _lt: '<', _lte: '<=' };

/** A filter value as the column compares it: variables bound from the user, money literals in ten-thousandths. */
function bound(value: Scalar, user: SessionUser, kind: ColumnKind | undefined, money: boolean): RawBuilder<unknown> {
  if (value === '$CURRENT_USER') return sql`${user.id}`;
  // A user without a vendor number compares with NULL, which no row equals: staff match no vendor's rows.
  if (value === '$CURRENT_VENDOR') return sql`${user.vendor_id ?? null}`;
  if (typeof value === 'boolean' && kind === 'number') return sql`${value ? 1 : 0}`;
  if (typeof value === 'number') {
    const number = money ? fromDecimal(value) : value;
    // PostgreSQL cannot read a fraction as the integer its column holds.
    return Number.isInteger(number) ? sql`${number}` : sql`cast(${number} as double precision)`;
  }
  return sql`${value}`;
}

function conditionSql(
  ref: RawBuilder<unknown>,
  condition: AccessCondition,
  user: SessionUser,
  kind: ColumnKind | undefined,
  money: boolean,
): RawBuilder<SqlBool> {
  const [operator, value] = Object.entries(condition)[0] as [string, Scalar | Array<string | number>];
  if (operator === '_null') return value ? sql<SqlBool>`${ref} is null` : sql<SqlBool>`${ref} is not null`;
  if (operator === '_in' || operator === '_nin') {
    const list = sql.join((value as Array<string | number>).map((item) => bound(item, user, kind, money)));
    return operator === '_in' ? sql<SqlBool>`${ref} in (${list})` : sql<SqlBool>`${ref} not in (${list})`;
  }
  // A literal null asks for empty values; a variable that is null (no vendor number) matches nothing.
  if (value === null && operator === '_eq') return sql<SqlBool>`${ref} is null`;
  if (value === null && operator === '_neq') return sql<SqlBool>`${ref} is not null`;
  return sql<SqlBool>`${ref} ${sql.raw(COMPARISONS[operator]!)} ${bound(value as Scalar, user, kind, money)}`;
}

/** The filter of one rule as SQL conditions on the resource's table. */
function ruleConditions(resource: Resource, rule: AccessRule, user: SessionUser): RawBuilder<SqlBool>[] {
  const { table } = resource.declaration;
  const money = moneyColumns(resource);
  return Object.entries(rule.filter ?? {}).map(([column, condition]) =>
    conditionSql(sql.ref(`${table}.${column}`), condition, user, resource.table.columns.get(column), money.has(column)),
  );
}

/**
 * The rows the user may reach in each of the actions, as conditions added to the scope's. An action the
 * role may not do matches no row (the routes refuse it with 403 before; this keeps any other path shut).
 */
export function accessConditions(resource: Resource, user: SessionUser, actions: readonly Operation[]): RawBuilder<SqlBool>[] {
  if (!resource.declaration.access) return [];
  const conditions: RawBuilder<SqlBool>[] = [];
  for (const action of actions) {
    const rule = accessRule(resource.declaration, user.role, action);
    if (rule === null) return [sql<SqlBool>`1 = 0`];
    if (rule) conditions.push(...ruleConditions(resource, rule, user));
  }
  return conditions;
}

/**
 * Fields of a create or update body the role may not change, each answered 'You are not allowed to change
 * this field.' under its form key ('tab.field', or the main field's name).
 */
export function refusedFields(resource: Resource, role: Role, action: 'create' | 'update', body: Record<string, unknown>): Record<string, string[]> {
  const allowed = allowedFields(resource.declaration, role, action);
  if (allowed === null) return {};
  const refused: Record<string, string[]> = {};
  const byKey = new Map(resource.fields.map((ref) => [ref.key, ref.field.name]));
  for (const [key, value] of Object.entries(body)) {
    const name = byKey.get(key);
    if (name !== undefined) {
      if (!allowed.has(name)) refused[key] = [ACCESS_FIELD_MESSAGE];
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    for (const field of Object.keys(value)) {
      const fieldName = byKey.get(`${key}.${field}`);
      if (fieldName !== undefined && !allowed.has(fieldName)) refused[`${key}.${field}`] = [ACCESS_FIELD_MESSAGE];
    }
  }
  return refused;
}

/**
 * A created row must match the role's create filter: the columns whose condition it fails, each answered
 * 'You are not allowed to save this value.' under its field (empty when it matches).
 */
export async function createFilterErrors(trx: Kysely<any>, resource: Resource, user: SessionUser, id: number): Promise<Record<string, string[]>> {
  const rule = accessRule(resource.declaration, user.role, 'create');
  if (!rule?.filter) return {};
  const { table } = resource.declaration;
  const conditions = ruleConditions(resource, rule, user);
  const columns = Object.keys(rule.filter);
  const errors: Record<string, string[]> = {};
  for (const [index, condition] of conditions.entries()) {
    const row = await trx
      .selectFrom(table)
      .select(sql.ref(`${table}.id`).as('id'))
      .where(sql.ref(`${table}.id`), '=', id)
      .where(condition)
      .executeTakeFirst();
    if (!row) errors[fieldKeyOfColumn(resource, columns[index]!)] = [ACCESS_ROW_MESSAGE];
  }
  return errors;
}

/** The save answer's entry without the columns the role may not read. */
export function visibleEntry(resource: Resource, role: Role, entry: Record<string, unknown>): Record<string, unknown> {
  const allowed = allowedFields(resource.declaration, role, 'read');
  if (allowed === null) return entry;
  const hidden = new Set<string>([...resource.stored.map((stored) => stored.column), ...Object.keys(resource.declaration.columns)]);
  return Object.fromEntries(Object.entries(entry).filter(([column]) => !hidden.has(column) || allowed.has(column) || ALWAYS_VISIBLE.has(column)));
}

function valueProblem(value: unknown, kind: ColumnKind, money: boolean): string | null {
  if (value === null || value === '$CURRENT_USER' || value === '$CURRENT_VENDOR') return null;
  if (kind === 'number') {
    if (typeof value === 'boolean') return null;
    if (typeof value !== 'number') return 'is not a number';
    if (money) return hasAtMostDecimals(value) && Math.abs(value) <= MAX_AMOUNT ? null : `is not an amount of at most ${MAX_AMOUNT} with 4 decimals`;
    return Number.isInteger(value) && Math.abs(value) > MAX_DB_INTEGER ? `is beyond ${MAX_DB_INTEGER}` : null;
  }
  if (kind === 'text') return typeof value === 'string' || typeof value === 'number' ? null : 'is not a text';
  return typeof value === 'string' || typeof value === 'boolean' ? null : 'is not a text';
}

/**
 * Once the table is known: every filter column exists and every value can be compared with it (PostgreSQL
 * refuses 'abc' against an integer column), or the first problem as a sentence.
 */
export function accessTableProblem(declaration: ResourceDeclaration, columns: TableColumns, money: ReadonlySet<string>): string | null {
  for (const [role, actions] of Object.entries(declaration.access ?? {})) {
    for (const [action, rule] of Object.entries(actions)) {
      for (const [column, condition] of Object.entries(rule?.filter ?? {})) {
        const where = `access.${role}.${action}.filter.${column}`;
        const kind = columns.get(column);
        if (kind === undefined) return `table "${declaration.table}" has no column "${column}" for ${where}.`;
        for (const value of Object.values(condition).flatMap((item) => (Array.isArray(item) ? item : [item]))) {
          if (Object.keys(condition)[0] === '_null') continue;
          const problem = valueProblem(value, kind, money.has(column));
          if (problem) return `${where}: ${JSON.stringify(value)} ${problem}, as column "${column}" needs.`;
        }
      }
    }
  }
  return null;
}
