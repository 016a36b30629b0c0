/** One choice of a select or switch field. */
export interface FieldOption {
  label: string;
  value: string | number;
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
}
