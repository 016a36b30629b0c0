import { useState } from 'react';
import { FieldFrame, type FieldProps, INPUT_CLASSES, errorAttributes, fieldInputId, registerField } from '../engine/fields';

const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;

/** The number a draft reads as, or null when it is empty or not a number yet (e.g. "1."). */
function parseDraft(draft: string): number | null {
  const trimmed = draft.trim();
  return NUMBER_PATTERN.test(trimmed) ? Number(trimmed) : null;
}

/**
 * A decimal input. It keeps the typed text as a draft so partial entries ("0.", "-") survive,
 * and emits a number, or null while the text is not a number.
 */
export function NumberField({ name, label, description, value, onChange, errors, disabled }: FieldProps) {
  const id = fieldInputId(name);
  const external = typeof value === 'number' && Number.isFinite(value) ? value : null;
  const [draft, setDraft] = useState(external === null ? '' : String(external));
  const [echoed, setEchoed] = useState<number | null>(external);
  // A value changed from outside (reset, reload) replaces the draft; our own emissions do not.
  if (external !== echoed) {
    setEchoed(external);
    setDraft(external === null ? '' : String(external));
  }
  return (
    <FieldFrame inputId={id} label={label} description={description} errors={errors}>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="decimal"
        className={INPUT_CLASSES}
        value={draft}
        onChange={(event) => {
          const parsed = parseDraft(event.target.value);
          setDraft(event.target.value);
          setEchoed(parsed);
          onChange(parsed);
        }}
        disabled={disabled}
        {...errorAttributes(name, errors)}
      />
    </FieldFrame>
  );
}

registerField('number', NumberField);
