import { type FieldProps, REQUIRED_MARK_CLASSES, errorAttributes, fieldInputId, registerField, FieldMessages } from '../engine/fields';

/** Whether a stored flag is on: 1, true and '1' are. */
export function isChecked(value: unknown): boolean {
  return value === 1 || value === true || value === '1';
}

/** One tick box; the server stores the flag as 0/1, so that is what it emits. */
export function CheckboxField({ name, label, description, value, onChange, errors, disabled, required }: FieldProps) {
  const id = fieldInputId(name);
  const hasErrors = (errors?.length ?? 0) > 0;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={`flex items-center gap-2 text-sm font-medium ${hasErrors ? 'text-rose-700' : 'text-slate-700'}`}>
        <input
          id={id}
          name={name}
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300 text-brand-600"
          checked={isChecked(value)}
          onChange={(event) => onChange(event.target.checked ? 1 : 0)}
          disabled={disabled}
          {...errorAttributes(name, errors)}
        />
        <span className={required ? REQUIRED_MARK_CLASSES : undefined}>{label}</span>
      </label>
      <FieldMessages inputId={id} description={description} errors={errors} />
    </div>
  );
}

registerField('checkbox', CheckboxField);
