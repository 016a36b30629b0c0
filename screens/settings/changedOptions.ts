import { OPTION_KEYS, type SystemOptions } from '../../schemas/options';

/** The options whose draft value differs from the saved one: only these are sent to the server. */
export function changedOptions(saved: SystemOptions, draft: SystemOptions): Partial<SystemOptions> {
  const changes: Record<string, unknown> = {};
  for (const key of OPTION_KEYS) {
    if (!Object.is(saved[key], draft[key])) changes[key] = draft[key];
  }
  return changes as Partial<SystemOptions>;
}
