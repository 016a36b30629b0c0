import type { InputHTMLAttributes } from 'react';
import { FieldFrame } from './FieldFrame';
import type { FieldProps } from './FieldProps';
import type { FieldComponent } from './registry';
import { INPUT_CLASSES, errorAttributes, fieldInputId } from './fieldControl';

type InputExtras = Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'inputMode' | 'step' | 'placeholder'>;

/**
 * A field component around one native <input type=…> whose value is its text (email, time, date,
 * color…): the text as typed, '' when empty. Each field type file calls it, then registers the result.
 */
export function createInputField(type: string, extras: InputExtras = {}, displayName = `${type}Field`): FieldComponent {
  function InputField({ name, label, description, value, onChange, errors, disabled, required }: FieldProps) {
    const id = fieldInputId(name);
    return (
      <FieldFrame inputId={id} label={label} description={description} errors={errors} required={required}>
        <input
          id={id}
          name={name}
          type={type}
          className={type === 'color' ? `${INPUT_CLASSES} h-10 p-1` : INPUT_CLASSES}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          {...extras}
          {...errorAttributes(name, errors)}
        />
      </FieldFrame>
    );
  }
  InputField.displayName = displayName;
  return InputField;
}
