import type { Field } from '../../schemas/form/field';
import { formFields, type FormFieldRef } from '../../schemas/form/validate';
import type { ResourceDeclaration } from '../../schemas/crud/declaration';
import type { Capability } from '../../schemas/permissions';
import type { CrudHooks } from './hooks/types';

/** How a column's values compare: text (searchable as is) or a number. */
export type ColumnKind = 'text' | 'number' | 'other';

export interface TableInfo {
  /** Created and kept by the engine (listed in crud_tables); migrations own the others. */
  owned: boolean;
  columns: Map<string, ColumnKind>;
  /** The kinds of the list columns read from a joined table, by their source ('category.name'). */
  joined?: Map<string, ColumnKind>;
}

/** A form field stored in a column of the resource's table, named like the field. */
export interface StoredField extends FormFieldRef {
  column: string;
}

/** A declaration made ready to serve: its hooks, fields and table. */
export interface Resource {
  declaration: ResourceDeclaration;
  /** The declaration file, relative to the working directory, for messages. */
  file: string;
  hooks: CrudHooks;
  fields: FormFieldRef[];
  stored: StoredField[];
  table: TableInfo;
  /** The SQLite FTS5 table that narrows a contains search (substringIndex.ts), when the resource has one. */
  searchIndex?: string;
}

export type Operation = 'read' | 'create' | 'update' | 'delete';

/** Engine bookkeeping columns every engine-created table has. */
export const ENGINE_COLUMNS = ['id', 'created_at', 'updated_at', 'author_id'] as const;

export function storedFields(declaration: ResourceDeclaration): StoredField[] {
  if (!declaration.form) return [];
  // Documents live in their own table, linked by type and custom_id: a document field is never a column.
  return formFields(declaration.form)
    .filter((ref) => !ref.field.virtual && ref.field.type !== 'document')
    .map((ref) => ({ ...ref, column: ref.field.name }));
}

/** The capability an operation needs, or null when the declaration offers no such operation. */
export function capabilityFor(declaration: ResourceDeclaration, operation: Operation): Capability | null {
  if (operation !== 'read' && declaration.readonly) return null;
  return (declaration.permissions[operation] ?? null) as Capability | null;
}

/** SQL reference of a list column, search name or filter name: a relation's column or the table's own. */
export function columnRef(declaration: ResourceDeclaration, name: string): string {
  const source = declaration.columns[name]?.source;
  return source ?? `${declaration.table}.${name}`;
}

/** The column of the resource's own table a name reads, or null when it reads a joined table. */
export function ownColumn(declaration: ResourceDeclaration, name: string): string | null {
  return declaration.columns[name]?.source ? null : name;
}

/** Columns whose values are money (ten-thousandths in the table, decimals on the wire). */
export function moneyColumns(resource: Pick<Resource, 'declaration' | 'stored'>): Set<string> {
  const money = new Set<string>();
  for (const [key, column] of Object.entries(resource.declaration.columns)) if (column.type === 'money') money.add(key);
  for (const { column, field } of resource.stored) if (field.money) money.add(column);
  return money;
}

/** The field stored in a column, to key errors that come from the database. */
export function fieldKeyOfColumn(resource: Resource, column: string): string {
  return resource.stored.find((stored) => stored.column === column)?.key ?? column;
}

export function isPasswordField(field: Field): boolean {
  return field.type === 'password';
}

/** Columns never sent back (hashes, secrets), whatever a declaration lists. */
export function isSensitiveColumn(column: string): boolean {
  return /password|secret|token|_hash$/i.test(column);
}
