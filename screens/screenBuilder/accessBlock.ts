import { isRole, type Role } from '../../schemas/roles';
import {
  ACCESS_ACTIONS,
  BUILT_IN_COLUMNS,
  FILTER_OPERATORS,
  type AccessAction,
  type AccessGrid,
  type AccessRule,
  type FilterOperator,
  type FilterRow,
} from './editorState';

/** A filter value as the declaration's `access` block writes it. */
export type AccessValue = string | number | boolean | (string | number)[];
export interface AccessEntry {
  fields?: string[];
  filter?: Record<string, Partial<Record<FilterOperator, AccessValue>>>;
}
export type AccessBlock = Partial<Record<Role, Partial<Record<AccessAction, AccessEntry>>>>;

export const CURRENT_USER = '$CURRENT_USER';
export const CURRENT_VENDOR = '$CURRENT_VENDOR';

/** Typed text as a literal: numbers as numbers, the rest as text. */
function literal(text: string): string | number {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function filterValue(row: FilterRow): AccessValue {
  if (row.operator === '_null') return row.value !== 'false';
  if (row.kind === 'user') return CURRENT_USER;
  if (row.kind === 'vendor') return CURRENT_VENDOR;
  if (row.operator === '_in' || row.operator === '_nin') {
    return row.value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map(literal);
  }
  return literal(row.value);
}

/** A filter's column name: a field's current name (by editor key) or a built-in column. */
function columnName(column: string, names: ReadonlyMap<string, string>): string | undefined {
  if (BUILT_IN_COLUMNS.some((builtIn) => builtIn.value === column)) return column;
  return names.get(column);
}

function entryOf(action: AccessAction, rule: AccessRule, names: ReadonlyMap<string, string>): AccessEntry {
  const entry: AccessEntry = {};
  // Delete removes whole rows: a field list says nothing there.
  if (action !== 'delete' && !rule.allFields) {
    entry.fields = rule.fields.map((key) => names.get(key)).filter((name): name is string => name !== undefined && name !== '');
  }
  const filter: NonNullable<AccessEntry['filter']> = {};
  for (const row of rule.filters) {
    const column = columnName(row.column, names);
    if (column === undefined || column === '') continue;
    filter[column] = { [row.operator]: filterValue(row) };
  }
  if (Object.keys(filter).length > 0) entry.filter = filter;
  return entry;
}

/**
 * The declaration's `access` block from the permissions grid: one entry per role and allowed action,
 * field keys turned into the fields' current names (so a rename in the editor follows through).
 */
export function accessBlockOf(grid: AccessGrid, names: ReadonlyMap<string, string>): AccessBlock {
  const block: AccessBlock = {};
  for (const [role, actions] of Object.entries(grid) as [Role, Partial<Record<AccessAction, AccessRule>>][]) {
    const entries: Partial<Record<AccessAction, AccessEntry>> = {};
    for (const action of ACCESS_ACTIONS) {
      const rule = actions[action];
      if (rule) entries[action] = entryOf(action, rule, names);
    }
    if (Object.keys(entries).length > 0) block[role] = entries;
  }
  return block;
}

function rowOf(column: string, operator: FilterOperator, value: AccessValue): FilterRow {
  if (value === CURRENT_USER) return { column, operator, kind: 'user', value: '' };
  if (value === CURRENT_VENDOR) return { column, operator, kind: 'vendor', value: '' };
  return { column, operator, kind: 'literal', value: Array.isArray(value) ? value.join(', ') : String(value) };
}

/** The permissions grid from a loaded `access` block; field names become the editor's keys. */
export function gridOf(block: AccessBlock, keys: ReadonlyMap<string, string>): AccessGrid {
  const grid: AccessGrid = {};
  for (const [role, actions] of Object.entries(block)) {
    if (!isRole(role) || !actions) continue;
    const cells: Partial<Record<AccessAction, AccessRule>> = {};
    for (const action of ACCESS_ACTIONS) {
      const entry = actions[action];
      if (!entry) continue;
      const fields = entry.fields ?? ['*'];
      const filters: FilterRow[] = [];
      for (const [column, condition] of Object.entries(entry.filter ?? {})) {
        const operator = FILTER_OPERATORS.find((candidate) => condition[candidate] !== undefined);
        if (!operator) continue;
        filters.push(rowOf(keys.get(column) ?? column, operator, condition[operator] as AccessValue));
      }
      cells[action] = {
        allFields: fields.includes('*'),
        fields: fields.includes('*') ? [] : fields.map((name) => keys.get(name)).filter((key): key is string => key !== undefined),
        filters,
      };
    }
    grid[role] = cells;
  }
  return grid;
}
