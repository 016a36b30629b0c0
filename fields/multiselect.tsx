import { type FieldProps, REQUIRED_MARK_CLASSES, errorAttributes, fieldInputId, registerField, FieldMessages } from '../engine/fields';

function selectedValues(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A group of tick boxes, one per option; the value is the list of ticked option values, in option order. */
export function MultiselectField({ name, label, description, value, onChange, errors, disabled, required, options = [] }: FieldProps) {
  const id = fieldInputId(name);
  const hasErrors = (errors?.length ?? 0) > 0;
  const selected = selectedValues(value).map(String);
  function toggle(optionValue: unknown, on: boolean) {
    const next = options.filter((option) => (option.value === optionValue ? on : selected.includes(String(option.value))));
    onChange(next.map((option) => option.value));
  }
  return (
    <fieldset className="flex flex-col gap-1" {...errorAttributes(name, errors)}>
      <legend className={`mb-1 text-sm font-medium ${hasErrors ? 'text-rose-700' : 'text-slate-700'} ${required ? REQUIRED_MARK_CLASSES : ''}`}>{label}</legend>
      <div className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-md border border-slate-300 bg-white p-2">
        {options.map((option, index) => (
          <label key={String(option.value)} htmlFor={`${id}-${index}`} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              id={`${id}-${index}`}
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300"
              checked={selected.includes(String(option.value))}
              onChange={(event) => toggle(option.value, event.target.checked)}
              disabled={disabled}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldMessages inputId={id} description={description} errors={errors} />
    </fieldset>
  );
}

registerField('multiselect', MultiselectField);
