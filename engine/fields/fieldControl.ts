/** The id a field's control carries, derived from its name so labels and errors can point at it. */
export function fieldInputId(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** Accessible attributes linking a control to its error list. */
export function errorAttributes(name: string, errors?: string[]) {
  const hasErrors = (errors?.length ?? 0) > 0;
  return hasErrors ? { 'aria-invalid': true, 'aria-describedby': `${fieldInputId(name)}-errors` } : {};
}

export const INPUT_CLASSES =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 disabled:bg-slate-100 aria-[invalid=true]:border-rose-500';

/** The required mark after a label, drawn by CSS so it stays out of the label's text and accessible name. */
export const REQUIRED_MARK_CLASSES = "after:ml-0.5 after:text-rose-600 after:content-['*']";
