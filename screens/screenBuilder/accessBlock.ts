import { ACCESS_VARIABLES, type Access, type AccessCondition, type AccessRule as AccessEntry } from '../../schemas/crud/declaration';
import { isRole } from '../../schemas/roles';
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

export type AccessBlock = Access;
type AccessValue = NonNullable<AccessCondition[keyof AccessCondition]>;

export const [CURRENT_USER, CURRENT_VENDOR] = ACCESS_VARIABLES;

/** Typed text as a literal: numbers as numbers, the rest as text. */
function literal(text: string): string | number {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** A row's condition; none for a list left empty (the block refuses an empty list). */
function conditionOf(row: FilterRow): AccessCondition | undefined {
  if (row.operator === '_null') return { _null: row.value !== 'false' };
  const variable = row.kind === 'user' ? CURRENT_USER : row.kind === 'vendor' ? CURRENT_VENDOR : undefined;
  if (row.operator === '_in' || row.operator === '_nin') {
    const list = variable
      ? [variable]
      : row.value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '')
          .map(literal);
    return list.length > 0 ? { [row.operator]: list } : undefined;
  }
  return { [row.operator]: variable ?? literal(row.value) };
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
    const condition = conditionOf(row);
    if (column === undefined || column === '' || condition === undefined) continue;
    filter[column] = condition;
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
  for (const [role, actions] of Object.entries(grid) as [string, Partial<Record<AccessAction, AccessRule>>][]) {
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
  const single = Array.isArray(value) && value.length === 1 ? value[0] : value;
  if (single === CURRENT_USER) return { column, operator, kind: 'user', value: '' };
  if (single === CURRENT_VENDOR) return { column, operator, kind: 'vendor', value: '' };
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
