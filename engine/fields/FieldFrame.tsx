import type { ReactNode } from 'react';
import { FieldMessages } from './FieldMessages';
import { REQUIRED_MARK_CLASSES } from './fieldControl';

interface FieldFrameProps {
  /** The id of the control the label points at. */
  inputId: string;
  label: string;
  description?: string;
  errors?: string[];
  /** Shows a required mark after the label (hidden from the accessible name). */
  required?: boolean;
  children: ReactNode;
}

/** The label, description and error lines around a field control, shared by every field type. */
export function FieldFrame({ inputId, label, description, errors, required, children }: FieldFrameProps) {
  const hasErrors = (errors?.length ?? 0) > 0;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className={`text-sm font-medium ${hasErrors ? 'text-rose-700' : 'text-slate-700'} ${required ? REQUIRED_MARK_CLASSES : ''}`}>
        {label}
      </label>
      {children}
      <FieldMessages inputId={inputId} description={description} errors={errors} />
    </div>
  );
}
