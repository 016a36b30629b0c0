import { FieldFrame, type FieldProps, INPUT_CLASSES, errorAttributes, fieldInputId, registerField } from '../engine/fields';
import { DecimalInput } from '../engine/widgets/inputs';

/** A decimal input emitting a number, or null while the text is not a number (money included: decimals on the wire). */
export function NumberField({ name, label, description, value, onChange, errors, disabled, required }: FieldProps) {
  const id = fieldInputId(name);
  return (
    <FieldFrame inputId={id} label={label} description={description} errors={errors} required={required}>
      <DecimalInput id={id} name={name} className={INPUT_CLASSES} value={value} onChange={onChange} disabled={disabled} {...errorAttributes(name, errors)} />
    </FieldFrame>
  );
}

registerField('number', NumberField);
