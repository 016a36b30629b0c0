import { FieldFrame, type FieldProps, INPUT_CLASSES, errorAttributes, fieldInputId, registerField } from '../engine/fields';

/** A masked text input; the browser may offer saved or new passwords depending on the field name. */
export function PasswordField({ name, label, description, value, onChange, errors, disabled, required }: FieldProps) {
  const id = fieldInputId(name);
  return (
    <FieldFrame inputId={id} label={label} description={description} errors={errors} required={required}>
      <input
        id={id}
        name={name}
        type="password"
        autoComplete={name.startsWith('new') ? 'new-password' : 'current-password'}
        className={INPUT_CLASSES}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        {...errorAttributes(name, errors)}
      />
    </FieldFrame>
  );
}

registerField('password', PasswordField);
