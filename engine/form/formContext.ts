import type { FormUiStore } from './formUiStore';

/** rjsf's `formContext` for our templates: created once per form, so it never re-renders every field. */
export interface EngineFormContext {
  store: FormUiStore;
  /** Client path of the Go Back link (spec 01 §2), when the page gives one. */
  returnUrl?: string;
  /** Shows the main field's Cancel/Edit toggle. */
  showEditToggle: boolean;
  /** Shows the Save button (the filter popup brings its own buttons). */
  showSave: boolean;
  /** Hides the tab strip when the form has a single tab (filter popups). */
  hideSingleTab: boolean;
}

export function engineContextOf(formContext: unknown): EngineFormContext | undefined {
  const candidate = formContext as Partial<EngineFormContext> | undefined;
  return candidate?.store ? (candidate as EngineFormContext) : undefined;
}
