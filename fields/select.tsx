import { FieldFrame, type FieldOption, type FieldProps, INPUT_CLASSES, errorAttributes, fieldInputId, registerField } from '../engine/fields';

/** The position of the option holding a value; values compare as text, so 3 and '3' are the same choice. */
export function optionIndexOf(options: readonly FieldOption[], value: unknown): number {
  if (value === null || value === undefined) return -1;
  return options.findIndex((option) => option.value === value || String(option.value) === String(value));
}

/**
 * A native select; option values may be strings or numbers, so choices are addressed by position.
 * The empty choice gives null; it stays pickable unless the field is required.
 */
export function SelectField({ name, label, description, value, onChange, errors, disabled, required, options = [] }: FieldProps) {
  const id = fieldInputId(name);
  const selectedIndex = optionIndexOf(options, value);
  return (
    <FieldFrame inputId={id} label={label} description={description} errors={errors} required={required}>
      <select
        id={id}
        name={name}
        className={INPUT_CLASSES}
        value={selectedIndex === -1 ? '' : String(selectedIndex)}
        onChange={(event) => onChange(event.target.value === '' ? null : (options[Number(event.target.value)]?.value ?? null))}
        disabled={disabled}
        {...errorAttributes(name, errors)}
      >
        <option value="" disabled={required && selectedIndex !== -1} />
        {options.map((option, index) => (
          <option key={String(option.value)} value={String(index)}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

registerField('select', SelectField);
