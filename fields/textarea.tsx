import { FieldFrame, type FieldProps, INPUT_CLASSES, errorAttributes, fieldInputId, registerField } from '../engine/fields';

/** Several lines of text. */
export function TextareaField({ name, label, description, value, onChange, errors, disabled, required }: FieldProps) {
  const id = fieldInputId(name);
  return (
    <FieldFrame inputId={id} label={label} description={description} errors={errors} required={required}>
      <textarea
        id={id}
        name={name}
        rows={4}
        className={INPUT_CLASSES}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        {...errorAttributes(name, errors)}
      />
    </FieldFrame>
  );
}

registerField('textarea', TextareaField);
