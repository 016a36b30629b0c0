import type { DiffChange } from '../../../schemas/crud/builder';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Arrays of named things (fields, filters, actions) are compared by name, so a moved field is not "every field changed". */
const keyOf = (item: unknown): string | null =>
  isObject(item) && typeof (item.name ?? item.identifier) === 'string' ? String(item.name ?? item.identifier) : null;

/** The changes from one declaration to another, one per leaf that differs, with a readable path. */
export function diffDeclarations(before: unknown, after: unknown, path = ''): DiffChange[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (before === undefined) return [{ path, kind: 'added', after }];
  if (after === undefined) return [{ path, kind: 'removed', before }];
  if (Array.isArray(before) && Array.isArray(after)) {
    const named = [...before, ...after].every((item) => keyOf(item) !== null);
    if (named) {
      const byName = (items: unknown[]) => new Map(items.map((item) => [keyOf(item)!, item]));
      const a = byName(before);
      const b = byName(after);
      return [...new Set([...a.keys(), ...b.keys()])].flatMap((name) => diffDeclarations(a.get(name), b.get(name), `${path}[${name}]`));
    }
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, index) => diffDeclarations(before[index], after[index], `${path}[${index}]`)).flat();
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffDeclarations(before[key], after[key], path === '' ? key : `${path}.${key}`));
  }
  return [{ path, kind: 'changed', before, after }];
}
