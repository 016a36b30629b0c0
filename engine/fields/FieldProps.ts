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
}
