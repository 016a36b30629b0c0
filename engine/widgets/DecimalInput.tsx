import { useState, type InputHTMLAttributes } from 'react';

const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;

/** The number a draft reads as, or null when it is empty or not a number yet (e.g. "1."). */
export function parseDecimalDraft(draft: string): number | null {
  const trimmed = draft.trim();
  return NUMBER_PATTERN.test(trimmed) ? Number(trimmed) : null;
}

type DecimalInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  value: unknown;
  onChange: (value: number | null) => void;
};

/**
 * A decimal input. It keeps the typed text as a draft so partial entries ("0.", "-") survive,
 * and emits a number, or null while the text is not a number.
 */
export function DecimalInput({ value, onChange, ...inputProps }: DecimalInputProps) {
  const external = typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' ? parseDecimalDraft(value) : null;
  const [draft, setDraft] = useState(external === null ? '' : String(external));
  const [echoed, setEchoed] = useState<number | null>(external);
  // A value changed from outside (reset, reload) replaces the draft; our own emissions do not.
  if (external !== echoed) {
    setEchoed(external);
    setDraft(external === null ? '' : String(external));
  }
  return (
    <input
      {...inputProps}
      type="text"
      inputMode="decimal"
      value={draft}
      onChange={(event) => {
        const parsed = parseDecimalDraft(event.target.value);
        setDraft(event.target.value);
        setEchoed(parsed);
        onChange(parsed);
      }}
    />
  );
}
