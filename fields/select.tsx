import { FieldFrame, type FieldProps, INPUT_CLASSES, errorAttributes, fieldInputId, registerField } from '../engine/fields';

/** A native select; option values may be strings or numbers, so choices are addressed by position. */
export function SelectField({ name, label, description, value, onChange, errors, disabled, options = [] }: FieldProps) {
  const id = fieldInputId(name);
  const selectedIndex = options.findIndex((option) => option.value === value);
  return (
    <FieldFrame inputId={id} label={label} description={description} errors={errors}>
      <select
        id={id}
        name={name}
        className={INPUT_CLASSES}
        value={selectedIndex === -1 ? '' : String(selectedIndex)}
        onChange={(event) => onChange(options[Number(event.target.value)]?.value ?? null)}
        disabled={disabled}
        {...errorAttributes(name, errors)}
      >
        {selectedIndex === -1 && <option value="" disabled />}
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
