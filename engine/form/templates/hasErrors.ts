import type { ErrorSchema } from '@rjsf/utils';

/** Whether an rjsf error tree holds any message at any depth. */
export function hasErrors(tree: ErrorSchema | undefined): boolean {
  if (!tree) return false;
  for (const [key, value] of Object.entries(tree)) {
    if (key === '__errors' ? Array.isArray(value) && value.length > 0 : hasErrors(value as ErrorSchema)) return true;
  }
  return false;
}
