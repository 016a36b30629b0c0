import type { StateValue } from 'xstate';

/** "a.b" for {a: 'b'}; undefined for parallel states, which have no single dot path. */
export function dotPath(value: StateValue): string | undefined {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value);
  if (entries.length !== 1) return undefined;
  const [key, child] = entries[0]!;
  if (child === undefined || (typeof child === 'object' && Object.keys(child).length === 0)) return key;
  const rest = dotPath(child);
  return rest === undefined ? undefined : `${key}.${rest}`;
}
