import type { FormErrorItem } from '../../schemas/errors';
import type { Form } from '../../schemas/form/field';
import { errorTreeOf, type ErrorTree } from './errorTree';

export interface MappedServerErrors {
  /** The server's refusals placed on the form's fields: named by their 'tab.field' key, identifier `invalid`. */
  items: FormErrorItem[];
  /** The same errors as rjsf's `extraErrors` take them. */
  tree: ErrorTree;
  /** 'tab.field' keys (numeric segments removed) the messages were placed under, in order. */
  keys: string[];
  /** Messages whose name is no field of the form; shown by the caller some other way. */
  unmatched: string[];
}

const NUMERIC = /^\d+$/;

/** The form key a server name lands on: the main field, or 'tab.field' of a tab's field; null when none. */
function formKeyOf(name: string, form: Form): string | null {
  const [first, second] = name.split('.').filter((segment) => segment !== '' && !NUMERIC.test(segment));
  if (first === undefined) return null;
  if (form.main?.name === first && form.tabs[first] === undefined) return first;
  if (second !== undefined && form.tabs[first]?.fields.some((field) => field.name === second)) return `${first}.${second}`;
  return null;
}

/**
 * Maps a 422 answer's form error items onto the form's fields (spec 01 §5): names are 'tab.field'
 * (or the main field's name), nested paths stop at the field and numeric segments are ignored, so
 * 'units.quantities.0.sale_price' lands on the units tab's quantities field; every placed item is
 * `invalid` with the server's message.
 */
export function mapServerErrors(serverItems: readonly FormErrorItem[], form: Form): MappedServerErrors {
  const items: FormErrorItem[] = [];
  const unmatched: string[] = [];
  for (const { name, message } of serverItems) {
    const key = formKeyOf(name, form);
    if (key === null) unmatched.push(message);
    else items.push({ identifier: 'invalid', invalid: true, message, name: key });
  }
  return { items, tree: errorTreeOf(items), keys: items.map((item) => item.name), unmatched };
}
