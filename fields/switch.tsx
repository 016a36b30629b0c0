import { type FieldProps, fieldInputId, registerField, FieldMessages } from '../engine/fields';

/** Spec 01 §9: switch buttons share the width by option count, at most 4 per row. */
export const SWITCH_MAX_PER_ROW = 4;

/** A row of toggle buttons, one per option; the pressed one is the value. */
export function SwitchField({ name, label, description, value, onChange, errors, disabled, options = [] }: FieldProps) {
  const id = fieldInputId(name);
  const hasErrors = (errors?.length ?? 0) > 0;
  const columns = Math.max(1, Math.min(options.length, SWITCH_MAX_PER_ROW));
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-1">
      <span id={`${id}-label`} className={`text-sm font-medium ${hasErrors ? 'text-rose-700' : 'text-slate-700'}`}>
        {label}
      </span>
      <div className="grid gap-1" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {options.map((option) => {
          const pressed = option.value === value;
          return (
            <button
              key={String(option.value)}
              type="button"
              aria-pressed={pressed}
              disabled={disabled}
              onClick={() => onChange(option.value)}
              className={`rounded-md border px-3 py-2 text-sm ${pressed ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'} disabled:opacity-60`}
            >
              {option.label}
            </button>
          );
        })}
      </div>
      <FieldMessages inputId={id} description={description} errors={errors} />
    </div>
  );
}

registerField('switch', SwitchField);
