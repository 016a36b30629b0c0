import type { FormValues } from '../../schemas/form/validate';
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
  /** The form's current values (fields that act on the whole entry read them, e.g. commission_rent's vendor_id). */
  getValues?: () => FormValues;
  /** Sets a field by its key ('tab.field' or the main field's name): fields that fill others (barcode_scanner). */
  setValue?: (key: string, value: unknown) => void;
}

export function engineContextOf(formContext: unknown): EngineFormContext | undefined {
  const candidate = formContext as Partial<EngineFormContext> | undefined;
  return candidate?.store ? (candidate as EngineFormContext) : undefined;
}
