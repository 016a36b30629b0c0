import type { Form } from '../../schemas/form/field';

/** rjsf's error tree: `{ general: { email: { __errors: ['…'] } } }`. */
export interface ErrorTree {
  __errors?: string[];
  [key: string]: ErrorTree | string[] | undefined;
}

export interface MappedServerErrors {
  /** Errors placed on the form's fields, as rjsf's `extraErrors` take them. */
  tree: ErrorTree;
  /** 'tab.field' keys (numeric segments removed) the messages were placed under. */
  keys: string[];
  /** Messages whose key names no field of the form; shown by the caller some other way. */
  unmatched: string[];
}

const NUMERIC = /^\d+$/;

function place(tree: ErrorTree, path: readonly string[], messages: readonly string[]): void {
  let node = tree;
  for (const segment of path) {
    const child = node[segment];
    if (child === undefined || Array.isArray(child)) node[segment] = {};
    node = node[segment] as ErrorTree;
  }
  node.__errors = [...(node.__errors ?? []), ...messages];
}

/**
 * Maps a 422 answer's `errors` onto the form's fields (spec 01 §5): keys are 'tab.field' (or the
 * main field's name); numeric segments are ignored, so 'units.quantities.0.sale_price' lands on
 * the units tab's quantities field.
 */
export function mapServerErrors(errors: Record<string, readonly string[]>, form: Form): MappedServerErrors {
  const tree: ErrorTree = {};
  const keys: string[] = [];
  const unmatched: string[] = [];
  for (const [rawKey, messages] of Object.entries(errors)) {
    if (messages.length === 0) continue;
    const segments = rawKey.split('.').filter((segment) => segment !== '' && !NUMERIC.test(segment));
    const [first, second] = segments;
    if (first !== undefined && form.main?.name === first && form.tabs[first] === undefined) {
      place(tree, [first], messages);
      keys.push(first);
    } else if (first !== undefined && second !== undefined && form.tabs[first]?.fields.some((field) => field.name === second)) {
      place(tree, [first, second], messages);
      keys.push(`${first}.${second}`);
    } else {
      unmatched.push(...messages);
    }
  }
  return { tree, keys, unmatched };
}
