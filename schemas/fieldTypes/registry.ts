import { FIELD_TYPE_PATTERN, FIELD_TYPES, type Field } from '../form/field';
import { BUILT_IN_FIELD_TYPES } from './builtIn';
import type { FieldTypeDefinition, FieldTypeRegistration, StorageColumn } from './definition';

const FIELD_TYPE_NAME = new RegExp(FIELD_TYPE_PATTERN);

const types = new Map<string, FieldTypeDefinition>(FIELD_TYPES.map((type) => [type, BUILT_IN_FIELD_TYPES[type]]));

/**
 * Makes a field type known to the declaration check, the CRUD storage, the validation of both sides and
 * the list: the engine's generic types are here from the start, the application registers its domain
 * types (schemas/applicationFieldTypes.ts), an integrator's come from extensions/fields/<type>/ (read by
 * the server at start and by the browser build), all before the declarations load. The browser side of
 * the same type is a renderer given to the engine's registerField.
 */
export function registerFieldType(type: string, registration: FieldTypeRegistration = {}): void {
  if (!FIELD_TYPE_NAME.test(type)) throw new Error(`registerFieldType: "${type}" is not a field type name (lower case letters, digits, _ and -).`);
  const { json, column, ...rest } = registration;
  types.set(type, { ...rest, column: column ?? (json ? 'json' : 'text') });
}

export const isRegisteredFieldType = (type: string): boolean => types.has(type);

/** The definition of a registered type, undefined for others. */
export const fieldTypeDefinition = (type: string): FieldTypeDefinition | undefined => types.get(type);

/** The storage column of a declared field ('text' for a type nobody registered). */
export function storageColumnOf(field: Field): StorageColumn {
  const column = types.get(field.type)?.column ?? 'text';
  return typeof column === 'function' ? column(field) : column;
}

/** Values of this type are stored as JSON text. */
export const storesJson = (type: string): boolean => {
  const column = types.get(type)?.column;
  return column === 'json';
};

/**
 * The message for a non-empty value its field's type refuses, or null (also for a type nobody registered:
 * the declaration check keeps those from loading).
 */
export function fieldTypeFailure(field: Field, value: unknown): string | null {
  return types.get(field.type)?.check?.(value, field) ?? null;
}

/** Every registered type, in registration order (for error messages). */
export const registeredFieldTypeNames = (): string[] => [...types.keys()];
