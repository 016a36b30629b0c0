import { type FieldProps, registerField } from '../engine/fields';

/** A link shown among the fields: the label points at the URL the field's value holds; it edits nothing. */
export function LinkField({ label, description, value }: FieldProps) {
  const href = typeof value === 'string' && value !== '' ? value : undefined;
  return (
    <div className="flex flex-col gap-1">
      {href ? (
        <a href={href} className="text-sm font-medium text-brand-600 underline hover:text-brand-700">
          {label}
        </a>
      ) : (
        <span className="text-sm font-medium text-slate-700">{label}</span>
      )}
      {description && <p className="text-xs text-slate-500">{description}</p>}
    </div>
  );
}

registerField('link', LinkField);
