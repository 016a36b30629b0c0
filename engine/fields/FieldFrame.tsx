import type { ReactNode } from 'react';

interface FieldFrameProps {
  /** The id of the control the label points at. */
  inputId: string;
  label: string;
  description?: string;
  errors?: string[];
  children: ReactNode;
}

/** The label, description and error lines around a field control, shared by every field type. */
export function FieldFrame({ inputId, label, description, errors, children }: FieldFrameProps) {
  const hasErrors = (errors?.length ?? 0) > 0;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className={`text-sm font-medium ${hasErrors ? 'text-rose-700' : 'text-slate-700'}`}>
        {label}
      </label>
      {children}
      {description && !hasErrors && <p className="text-xs text-slate-500">{description}</p>}
      {hasErrors && (
        <ul id={`${inputId}-errors`} className="text-xs text-rose-700">
          {errors?.map((error) => <li key={error}>{error}</li>)}
        </ul>
      )}
    </div>
  );
}
