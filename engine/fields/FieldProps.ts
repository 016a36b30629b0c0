import type { Field } from '../../schemas/form/field';

/** One choice of a select, multiselect or switch field. */
export interface FieldOption {
  label: string;
  value: string | number | boolean | null;
}

/** What every registered field component receives. */
export interface FieldProps {
  name: string;
  label: string;
  description?: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Messages shown under the field (client validation or the server's 422 errors). */
  errors?: string[];
  disabled?: boolean;
  options?: FieldOption[];
  /** A value is needed (a 'required' rule or a field rule): the label carries a mark. */
  required?: boolean;
  /** The server's whole description of the field, for what the props above do not carry (component, min, max). */
  field?: Field;
  /** The enclosing form, for fields acting on the whole entry: its current values and whether the entry is saved. */
  form?: FieldFormAccess;
}

export interface FieldFormAccess {
  values(): Record<string, unknown>;
  saved(): boolean;
  /** Sets another field of the form by its key ('tab.field', or the main field's name), as if the user typed it. */
  setValue?(key: string, value: unknown): void;
}
