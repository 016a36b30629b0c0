import type { Field } from '../form/field';

/**
 * The column an engine-created table gives a field's values: 'json' is text holding JSON (lists and
 * objects), parsed back when the row is read.
 */
export type StorageColumn = 'text' | 'integer' | 'bigint' | 'double' | 'json';

/**
 * Everything the engine knows about one field type, declared once and read by the browser form, the
 * server's CRUD writes and the list: how its values are stored, which non-empty values it refuses and
 * with what message, and how a list cell shows a stored value. The browser's renderer registers
 * against the same name with the engine's registerField.
 */
export interface FieldTypeDefinition {
  /** The storage column, or a function of the declared field when it depends on it (money, options). */
  column: StorageColumn | ((field: Field) => StorageColumn);
  /**
   * The message for a value of this type that is not acceptable, or null. Only non-empty values come
   * here (required is the rules' business); the server calls it after typing the submitted value.
   */
  check?: (value: unknown, field: Field) => string | null;
  /** A list cell's text for a stored value (never null here); without it the list shows the value as text. */
  cell?: (value: unknown) => string;
}

/** What a registration may leave out: a type with no column says nothing more than 'text'. */
export type FieldTypeRegistration = Partial<FieldTypeDefinition> & {
  /** Shorthand for column 'json'. */
  json?: boolean;
};
