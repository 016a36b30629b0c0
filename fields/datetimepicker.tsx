import { FieldFrame, type FieldProps, errorAttributes, fieldInputId } from '../engine/fields';
import { DateTimePicker } from '../engine/widgets/datetime';

/** Spec 01 §5: a date and time, stored as 'MM/DD/YYYY HH:mm' ('' when cleared). */
export function DateTimePickerField({ name, label, description, value, onChange, errors, disabled, required }: FieldProps) {
  const id = fieldInputId(name);
  const invalid = errorAttributes(name, errors);
  return (
    <FieldFrame inputId={id} label={label} description={description} errors={errors} required={required}>
      <DateTimePicker
        id={id}
        value={typeof value === 'string' ? value : null}
        onChange={(next) => onChange(next ?? '')}
        disabled={disabled}
        invalid={'aria-invalid' in invalid}
        describedBy={invalid['aria-describedby']}
      />
    </FieldFrame>
  );
}
