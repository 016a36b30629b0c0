import { useRef } from 'react';
import { FieldFrame, type FieldProps, INPUT_CLASSES, errorAttributes, fieldInputId, registerField } from '../engine/fields';
import { optionIndexOf } from './select';

/** A select whose option values are audio URLs, with a button that plays the chosen one. */
export function SelectAudioField({ name, label, description, value, onChange, errors, disabled, required, options = [] }: FieldProps) {
  const id = fieldInputId(name);
  const audio = useRef<HTMLAudioElement | null>(null);
  const selectedIndex = optionIndexOf(options, value);
  const url = selectedIndex === -1 ? null : String(options[selectedIndex]?.value ?? '');
  function play() {
    if (!url) return;
    audio.current?.pause();
    audio.current = new Audio(url);
    void audio.current.play().catch(() => undefined);
  }
  return (
    <FieldFrame inputId={id} label={label} description={description} errors={errors} required={required}>
      <div className="flex gap-2">
        <select
          id={id}
          name={name}
          className={INPUT_CLASSES}
          value={selectedIndex === -1 ? '' : String(selectedIndex)}
          onChange={(event) => onChange(event.target.value === '' ? null : (options[Number(event.target.value)]?.value ?? null))}
          disabled={disabled}
          {...errorAttributes(name, errors)}
        >
          <option value="" />
          {options.map((option, index) => (
            <option key={String(option.value)} value={String(index)}>
              {option.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={play}
          disabled={!url}
          aria-label={`Play ${label}`}
          className="shrink-0 rounded-md border border-slate-300 bg-white px-3 text-slate-700 hover:bg-slate-50 disabled:opacity-50"
        >
          <span aria-hidden="true">▶</span>
        </button>
      </div>
    </FieldFrame>
  );
}

registerField('select-audio', SelectAudioField);
