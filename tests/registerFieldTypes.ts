import { registerApplicationFieldTypes } from '../schemas/applicationFieldTypes';
import { registerFieldType, type FieldTypeRegistration } from '../schemas/fieldTypes';

// The same folders the browser build and the server's start pick up (fields/extensions.ts, server/crud/fieldExtensions.ts).
const extensions = import.meta.glob<{ default: FieldTypeRegistration }>('../extensions/fields/*/definition.ts', { eager: true });

/**
 * Registers every field type the shipped declarations may use, as the server does before it reads them:
 * the application's and the integrators' (extensions/fields/). For tests that read declarations without an app.
 */
export function registerShippedFieldTypes(): void {
  registerApplicationFieldTypes();
  for (const [file, module] of Object.entries(extensions)) registerFieldType(file.split('/').at(-2)!, module.default);
}
