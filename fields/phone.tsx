import { FieldFrame, type FieldProps, INPUT_CLASSES, errorAttributes, fieldInputId, registerField } from '../engine/fields';
import { PHONE_MASK, applyPhoneMask } from '../engine/widgets/inputs';

/**
 * A phone number typed into the mask +1 (###) ###-#### (spec 01 §5); the value is the masked text,
 * '' while no digit is typed, so the required rule answers 'Phone number is required.'.
 */
export function PhoneField({ name, label, description, value, onChange, errors, disabled, required }: FieldProps) {
  const id = fieldInputId(name);
  return (
    <FieldFrame inputId={id} label={label} description={description} errors={errors} required={required}>
      <input
        id={id}
        name={name}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder={PHONE_MASK}
        className={INPUT_CLASSES}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(applyPhoneMask(event.target.value))}
        disabled={disabled}
        {...errorAttributes(name, errors)}
      />
    </FieldFrame>
  );
}

registerField('phone', PhoneField);
