import { useId, type ReactNode } from 'react';
import { CHECK_LABEL, ERROR_TEXT, INPUT, INVALID_INPUT, LABEL } from './styles';

interface TextInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[];
  disabled?: boolean;
  type?: 'text' | 'number';
  hint?: string;
}

/** A labelled text input with the server's messages under it. */
export function TextInput({ label, value, onChange, errors = [], disabled, type = 'text', hint }: TextInputProps) {
  const id = useId();
  return (
    <div className={LABEL}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        disabled={disabled}
        aria-invalid={errors.length > 0}
        aria-describedby={errors.length > 0 ? `${id}-errors` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT} ${errors.length > 0 ? INVALID_INPUT : ''}`}
      />
      {hint && <span className="text-xs font-normal text-slate-500">{hint}</span>}
      <Errors id={`${id}-errors`} messages={errors} />
    </div>
  );
}

export function Errors({ id, messages }: { id?: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul id={id} className={ERROR_TEXT}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

interface SelectInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
  errors?: readonly string[];
}

export function SelectInput({ label, value, onChange, options, disabled, errors = [] }: SelectInputProps) {
  const id = useId();
  return (
    <div className={LABEL}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={errors.length > 0}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT} ${errors.length > 0 ? INVALID_INPUT : ''}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Errors messages={errors} />
    </div>
  );
}

export function Check({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className={CHECK_LABEL}>
      <input type="checkbox" className="h-4 w-4" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
