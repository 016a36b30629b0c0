import { FieldFrame, type FieldProps, INPUT_CLASSES, errorAttributes, fieldInputId, registerField } from '../engine/fields';

/** A one-line text input. */
export function TextField({ name, label, description, value, onChange, errors, disabled }: FieldProps) {
  const id = fieldInputId(name);
  return (
    <FieldFrame inputId={id} label={label} description={description} errors={errors}>
      <input
        id={id}
        name={name}
        type="text"
        className={INPUT_CLASSES}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        {...errorAttributes(name, errors)}
      />
    </FieldFrame>
  );
}

registerField('text', TextField);
