import type { ResourceDeclaration } from '../../schemas/crud/declaration';
import { isRegisteredFieldType } from '../../schemas/fieldTypes';
import { formFields } from '../../schemas/form/validate';
import { isCapability } from '../../schemas/permissions';
import { checkAccess } from './checkAccess';
import { ENGINE_COLUMNS, storedFields } from './resource';

/** Tables no declaration may expose: the engine's bookkeeping and the session store. */
const FORBIDDEN_TABLES = new Set(['crud_tables', 'sessions', 'crud_screens', 'crud_screen_versions', 'crud_removed_fields']);

/**
 * What the schema cannot say: capabilities that exist, names that point at declared things,
 * no two fields in one column. Answers the first problem as one sentence, or null.
 */
export function checkDeclaration(declaration: ResourceDeclaration): string | null {
  const { table, permissions, columns } = declaration;
  if (FORBIDDEN_TABLES.has(table)) return `table "${table}" cannot be served by the CRUD engine.`;
  for (const [operation, capability] of Object.entries(permissions)) {
    if (capability !== undefined && !isCapability(capability)) {
      return `permissions.${operation} "${capability}" is not a capability of schemas/permissions.ts.`;
    }
  }
  for (const action of declaration.bulkActions ?? []) {
    if (action.capability !== undefined && !isCapability(action.capability)) {
      return `bulkActions "${action.identifier}" capability "${action.capability}" is not a capability of schemas/permissions.ts.`;
    }
    if (action.type === 'POPUP' && !action.component) return `bulkActions "${action.identifier}" is a POPUP without a component.`;
  }
  for (const action of declaration.rowActions ?? []) {
    if (action.capability !== undefined && !isCapability(action.capability)) {
      return `rowActions "${action.identifier}" capability "${action.capability}" is not a capability of schemas/permissions.ts.`;
    }
    if (action.type === 'POPUP' && !action.component) return `rowActions "${action.identifier}" is a POPUP without a component.`;
    if (action.type === 'GET' && !action.url) return `rowActions "${action.identifier}" is a GET without a url.`;
  }
  const aliases = new Set<string>();
  for (const relation of declaration.relations ?? []) {
    if (relation.as === table || aliases.has(relation.as)) return `relation alias "${relation.as}" is used twice or equals the table name.`;
    aliases.add(relation.as);
  }
  for (const [key, column] of Object.entries(columns)) {
    const alias = column.source?.split('.')[0];
    if (alias !== undefined && !aliases.has(alias)) return `column "${key}" reads "${column.source}" but no relation is declared as "${alias}".`;
  }
  if (declaration.defaultSort && !columns[declaration.defaultSort.column] && !(ENGINE_COLUMNS as readonly string[]).includes(declaration.defaultSort.column)) {
    return `defaultSort column "${declaration.defaultSort.column}" is not a declared column.`;
  }
  for (const scope of declaration.scope ?? []) {
    if (scope.operator === '=' && scope.value === undefined) return `scope on "${scope.column}" uses '=' without a value.`;
  }
  const filterNames = new Set<string>();
  for (const filter of declaration.queryFilters ?? []) {
    if (filterNames.has(filter.name)) return `queryFilters "${filter.name}" is declared twice.`;
    if (!isRegisteredFieldType(filter.type)) return unknownType(`queryFilters "${filter.name}"`, filter.type);
    filterNames.add(filter.name);
  }
  for (const name of declaration.unique ?? []) {
    if (!storedFields(declaration).some((stored) => stored.column === name)) return `unique names "${name}", which is not a stored form field.`;
  }
  return (declaration.form ? checkForm(declaration) : null) ?? checkAccess(declaration);
}

function unknownType(what: string, type: string): string {
  return `${what} has type "${type}", which is not a registered field type (add extensions/fields/${type}/definition.ts, see README "Adding a field type").`;
}

function checkForm(declaration: ResourceDeclaration): string | null {
  const form = declaration.form!;
  const keys = new Set<string>();
  for (const { key, field } of formFields(form)) {
    if (keys.has(key)) return `form field "${key}" is declared twice.`;
    if (!isRegisteredFieldType(field.type)) return unknownType(`form field "${key}"`, field.type);
    keys.add(key);
  }
  if (form.main && form.tabs[form.main.name]) return `the main field "${form.main.name}" has the name of a tab.`;
  const columns = new Set<string>();
  for (const { key, column } of storedFields(declaration)) {
    if (columns.has(column)) return `form field "${key}" is stored in column "${column}" that another field uses: rename it or mark one virtual.`;
    if (column === 'id') return `form field "${key}" cannot be stored in the id column.`;
    columns.add(column);
  }
  for (const rule of declaration.fieldRules ?? []) {
    for (const key of [rule.when.field, ...(rule.require ?? []), ...(rule.hideAndClear ?? [])]) {
      if (!keys.has(key)) return `fieldRules name "${key}", which is not a form field (use 'tab.field' or the main field's name).`;
    }
  }
  for (const tab of declaration.disabledTabsWhenCreate ?? []) {
    if (!form.tabs[tab]) return `disabledTabsWhenCreate names "${tab}", which is not a tab of the form.`;
  }
  return null;
}
