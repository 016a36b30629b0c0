import type { ListRow, ListRowAction } from '../../schemas/crud/list';
import type { Field } from '../../schemas/form/field';
import { storesJson } from '../../schemas/fieldTypes';
import { toDecimal } from '../../schemas/money';
import { actionsForRow } from './actions';
import { ENGINE_COLUMNS, isPasswordField, isSensitiveColumn, moneyColumns, ownColumn, type Resource } from './resource';

type Raw = Record<string, unknown>;

function decimal(value: unknown): unknown {
  return value === null || value === undefined || value === '' ? value : toDecimal(Number(value));
}

/** A list row: the engine's keys, then the declared columns (money as decimals). Hot path: one object, no spreads. */
export function toListRow(
  resource: Resource,
  raw: Raw,
  actions: readonly ListRowAction[],
  money = moneyColumns(resource),
  keys = Object.keys(resource.declaration.columns),
): ListRow {
  const id = Number(raw.$id);
  const row: ListRow = {
    $id: id,
    $checked: false,
    $toggled: false,
    $actions: actionsForRow(actions, id),
    created_at: (raw.$created_at as string | null | undefined) ?? null,
  };
  for (const key of keys) row[key] = money.has(key) ? decimal(raw[key]) : raw[key];
  return row;
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string' || value === '') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** A stored column value as the form shows it: money as a decimal, lists and objects parsed, passwords never. */
export function columnToFormValue(field: Field, value: unknown): unknown {
  if (isPasswordField(field)) return '';
  if (field.money) return decimal(value);
  if (storesJson(field.type)) return parseJson(value);
  return value;
}

/**
 * The saved row as the save answer's `entry`: the id, stored fields, own list columns, scope columns
 * and timestamps; money as decimals; passwords and other secrets left out.
 */
export function toEntry(resource: Resource, raw: Raw): Raw {
  const { declaration } = resource;
  const entry: Raw = {};
  const money = moneyColumns(resource);
  const byColumn = new Map(resource.stored.map((stored) => [stored.column, stored.field]));
  const columns = new Set<string>([
    'id',
    ...resource.stored.map((stored) => stored.column),
    ...Object.keys(declaration.columns)
      .map((key) => ownColumn(declaration, key))
      .filter((key): key is string => key !== null),
    ...(declaration.scope ?? []).map((scope) => scope.column),
    ...ENGINE_COLUMNS,
  ]);
  for (const column of columns) {
    if (!(column in raw) || isSensitiveColumn(column)) continue;
    const field = byColumn.get(column);
    if (field && isPasswordField(field)) continue;
    entry[column] = field ? columnToFormValue(field, raw[column]) : money.has(column) ? decimal(raw[column]) : raw[column];
  }
  return entry;
}
