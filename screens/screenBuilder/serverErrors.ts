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

/**
 * Messages for one field: at its place in the declaration, or keyed by its name alone (a save's
 * "N stored values would not convert.", a unique column's "already used").
 */
export function fieldErrors(errors: EditorErrors, path: string | undefined, name: string): string[] {
  return [...errorsAt(errors, path), ...(name !== '' ? (errors[name] ?? []) : [])];
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
