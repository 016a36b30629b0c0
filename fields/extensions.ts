/**
 * Integrators' field types (README "Adding a field type"): every extensions/fields/<type>/ folder is picked
 * up by the build. Its definition.ts registers the type's storage, checks and list cell (the same module the
 * server loads at start), so the form refuses what the server refuses; its renderer.tsx (default export)
 * becomes the type's field component, loaded on first render.
 */
import { lazy } from 'react';
import { registerFieldType, type FieldTypeRegistration } from '../schemas/fieldTypes';
import { registerField, type FieldComponent } from '../engine/fields';

const definitions = import.meta.glob<{ default: FieldTypeRegistration }>('../extensions/fields/*/definition.ts', { eager: true });
const renderers = import.meta.glob<{ default: FieldComponent }>('../extensions/fields/*/renderer.tsx');

/** The folder's name: extensions/fields/<type>/definition.ts. */
const typeOf = (file: string): string => file.split('/').at(-2) ?? file;

for (const [file, module] of Object.entries(definitions)) registerFieldType(typeOf(file), module.default);
for (const [file, load] of Object.entries(renderers)) registerField(typeOf(file), lazy(load));

/** The types this build picked up, in folder order. */
export const extensionFieldTypes = (): string[] => Object.keys(definitions).map(typeOf);
