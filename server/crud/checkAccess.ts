import { ACCESS_VARIABLES, type ResourceDeclaration } from '../../schemas/crud/declaration';
import { formFields } from '../../schemas/form/validate';
import { isRole } from '../../schemas/roles';
import { ENGINE_COLUMNS, ownColumn, storedFields } from './resource';

/** Names a `fields` list may hold: list columns, form fields and query filters. */
export function accessFieldNames(declaration: ResourceDeclaration): Set<string> {
  return new Set([
    ...Object.keys(declaration.columns),
    ...(declaration.form ? formFields(declaration.form).map(({ field }) => field.name) : []),
    ...(declaration.queryFilters ?? []).map((filter) => filter.name),
  ]);
}

/** Columns of the table itself a filter may compare: what the engine creates or reads there. */
export function accessFilterColumns(declaration: ResourceDeclaration): Set<string> {
  return new Set<string>([
    ...ENGINE_COLUMNS,
    ...storedFields(declaration).map(({ column }) => column),
    ...Object.keys(declaration.columns).filter((key) => ownColumn(declaration, key) !== null),
    ...(declaration.scope ?? []).map((scope) => scope.column),
    ...(declaration.relations ?? []).map((relation) => relation.localColumn),
  ]);
}

/** What the schema cannot say about `access`: roles that exist, fields and columns that are declared, known variables. */
export function checkAccess(declaration: ResourceDeclaration): string | null {
  if (!declaration.access) return null;
  const fields = accessFieldNames(declaration);
  const columns = accessFilterColumns(declaration);
  for (const [role, actions] of Object.entries(declaration.access)) {
    if (!isRole(role)) return `access names role "${role}", which is not a role of schemas/roles.ts.`;
    for (const [action, rule] of Object.entries(actions)) {
      const where = `access.${role}.${action}`;
      for (const name of rule?.fields ?? []) {
        if (name !== '*' && !fields.has(name)) return `${where}.fields names "${name}", which is not a list column, form field or query filter.`;
      }
      for (const [column, condition] of Object.entries(rule?.filter ?? {})) {
        if (!columns.has(column)) return `${where}.filter names "${column}", which is not a stored field, own list column, scope or engine column.`;
        const values = Object.values(condition).flatMap((value) => (Array.isArray(value) ? value : [value]));
        for (const value of values) {
          if (typeof value === 'string' && value.startsWith('$') && !(ACCESS_VARIABLES as readonly string[]).includes(value)) {
            return `${where}.filter.${column} uses "${value}", which is not one of ${ACCESS_VARIABLES.join(', ')}.`;
          }
        }
      }
    }
  }
  return null;
}
