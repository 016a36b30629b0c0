import type { RegistryFieldsType } from '@rjsf/utils';
import { FIELD_TYPES } from '../../schemas/form/field';
import { registeredFieldTypes } from '../fields';
import { RegistryField } from './RegistryField';

let cached: { names: string; fields: RegistryFieldsType } | null = null;

/**
 * rjsf's `fields` map: every field type name → the registry bridge. It lists all of spec 01's types,
 * registered or not, because rjsf silently falls back to a text box for a `ui:field` it does not know.
 * The same object is answered while the registry is unchanged, so rjsf's registry stays stable.
 */
export function rjsfFields(): RegistryFieldsType {
  const names = [...new Set<string>([...FIELD_TYPES, ...registeredFieldTypes()])];
  const key = names.join('|');
  if (cached?.names !== key) cached = { names: key, fields: Object.fromEntries(names.map((name) => [name, RegistryField])) };
  return cached.fields;
}
