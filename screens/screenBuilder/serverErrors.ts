/** The server's field errors by normalised path ('form.tabs.general.fields.2.name', 'namespace'). */
export type EditorErrors = Record<string, string[]>;

/** '/form/tabs/general/fields/2/name' or 'form.tabs.general.fields[2].name' → 'form.tabs.general.fields.2.name'. */
export function normalisePath(path: string): string {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\//g, '.')
    .replace(/^\.+|\.+$/g, '')
    .replace(/\.{2,}/g, '.');
}

/** The 422 envelope's `errors` with their keys normalised. */
export function editorErrorsOf(keyed: Record<string, string[]>): EditorErrors {
  const errors: EditorErrors = {};
  for (const [path, messages] of Object.entries(keyed)) (errors[normalisePath(path)] ??= []).push(...messages);
  return errors;
}

/** Messages at `path` or under it ('form.tabs.general.fields.2' also takes '….2.name'). */
export function errorsAt(errors: EditorErrors, path: string | undefined): string[] {
  if (path === undefined) return [];
  return Object.entries(errors)
    .filter(([key]) => key === path || key.startsWith(`${path}.`))
    .flatMap(([, messages]) => messages);
}

/** Paths the editor's own inputs show (besides each field's place and name). */
export const PLACED_PATHS: readonly string[] = ['labels.list_title', 'labels.list_description', 'namespace', 'slug', 'table', 'menu', 'search', 'defaultSort'];

/** Messages no input shows ('path: message'), for the list above the editor. */
export function unplacedErrors(errors: EditorErrors, placed: readonly string[]): string[] {
  const shownAt = (key: string) => placed.some((path) => path !== '' && (key === path || key.startsWith(`${path}.`)));
  return Object.entries(errors)
    .filter(([key]) => !shownAt(key))
    .flatMap(([key, messages]) => messages.map((message) => (key === '' ? message : `${key}: ${message}`)));
}

/** The properties whose messages a field card shows on their own input. */
export const FIELD_INPUTS = ['label', 'name', 'type', 'description', 'options'] as const;

/**
 * One field's messages by input: 'form.tabs.general.fields.2.name' goes to 'name'; the rest of the
 * field's messages (its validation, the unique or conversion messages keyed by its name) to ''.
 */
export function fieldErrorsByInput(errors: EditorErrors, path: string | undefined, name: string): Record<string, string[]> {
  const byInput: Record<string, string[]> = {};
  const add = (input: string, messages: readonly string[]) => {
    if (messages.length > 0) (byInput[input] ??= []).push(...messages);
  };
  if (path !== undefined) {
    for (const [key, messages] of Object.entries(errors)) {
      if (key !== path && !key.startsWith(`${path}.`)) continue;
      const property = key.slice(path.length + 1).split('.')[0] ?? '';
      add((FIELD_INPUTS as readonly string[]).includes(property) ? property : '', messages);
    }
  }
  if (name !== '') add('', errors[name] ?? []);
  return byInput;
}
