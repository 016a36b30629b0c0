import { FIELD_TYPE_PATTERN, FIELD_TYPES } from '../form/field';

/** What the server needs to know about a field type beyond its name. */
export interface FieldTypeDefinition {
  /** Its values are lists or objects, stored as JSON text and parsed back when read. */
  json?: boolean;
}

const FIELD_TYPE_NAME = new RegExp(FIELD_TYPE_PATTERN);

/** The engine's own types whose values are lists or objects. */
const JSON_TYPES: ReadonlySet<string> = new Set(['multiselect', 'daterangepicker', 'barcode_scanner']);

const types = new Map<string, FieldTypeDefinition>(FIELD_TYPES.map((type) => [type, { json: JSON_TYPES.has(type) }]));

/**
 * Makes a field type known to the declaration check and the CRUD storage: the engine registers its
 * generic types here, the application its domain types (schemas/applicationFieldTypes.ts), an
 * integrator theirs, before the declarations load (before buildApp). The browser side of the same
 * type is a renderer given to the engine's registerField.
 */
export function registerFieldType(type: string, definition: FieldTypeDefinition = {}): void {
  if (!FIELD_TYPE_NAME.test(type)) throw new Error(`registerFieldType: "${type}" is not a field type name (lower case letters, digits, _ and -).`);
  types.set(type, { ...definition });
}

export const isRegisteredFieldType = (type: string): boolean => types.has(type);

/** Values of this type are stored as JSON text. */
export const storesJson = (type: string): boolean => types.get(type)?.json === true;

/** Every registered type, in registration order (for error messages). */
export const registeredFieldTypeNames = (): string[] => [...types.keys()];
