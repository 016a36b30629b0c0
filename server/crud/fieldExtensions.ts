import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { registerFieldType, type FieldTypeRegistration } from '../../schemas/fieldTypes';
import { COMPILED_DIR, PROJECT_ROOT, RUNS_COMPILED } from '../paths';

/**
 * Where integrators' field types are read from: extensions/fields/<type>/definition.ts, or the compiled
 * dist-server/field-types/<type>.js when the server runs compiled (server/build.mjs compiles each one).
 * The browser build picks up the same folders (fields/extensions.ts).
 */
export const DEFAULT_FIELD_EXTENSION_DIR = RUNS_COMPILED ? path.join(COMPILED_DIR, 'field-types') : path.join(PROJECT_ROOT, 'extensions', 'fields');

/** Each extension's definition module and its type name, in name order. */
function extensionModules(dir: string): Array<{ type: string; file: string }> {
  if (!fs.existsSync(dir)) return [];
  const names = fs.readdirSync(dir).sort();
  if (RUNS_COMPILED) {
    return names.filter((name) => name.endsWith('.js')).map((name) => ({ type: path.basename(name, '.js'), file: path.join(dir, name) }));
  }
  return names.map((name) => ({ type: name, file: path.join(dir, name, 'definition.ts') })).filter(({ file }) => fs.existsSync(file));
}

/**
 * Registers every integrator's field type before the declarations load. A definition that does not
 * export one stops the start, naming its file.
 */
export async function registerFieldExtensions(dir: string = DEFAULT_FIELD_EXTENSION_DIR): Promise<string[]> {
  const types: string[] = [];
  for (const { type, file } of extensionModules(dir)) {
    const loaded = (await import(pathToFileURL(file).href)) as { default?: unknown };
    const definition = loaded.default;
    if (typeof definition !== 'object' || definition === null) {
      throw new Error(`${path.relative(PROJECT_ROOT, file)}: export default the field type's definition ({ column, check, cell }).`);
    }
    registerFieldType(type, definition as FieldTypeRegistration);
    types.push(type);
  }
  return types;
}
