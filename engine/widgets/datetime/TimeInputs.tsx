import { clampHours, clampMinutes } from './dateTimeRules';

export interface TimeInputsProps {
  hours: number;
  minutes: number;
  onChange: (hours: number, minutes: number) => void;
  /** Prefix of the accessible names ('Start' → 'Start hours'). */
  label?: string;
}

const INPUT = 'w-14 rounded border border-slate-300 px-2 py-1 text-center text-sm';
const pad = (value: number) => String(value).padStart(2, '0');

/** Hours and minutes boxes, 1-minute steps; typed values clamp to 0–23 and 0–59 (spec 01 §5). */
export function TimeInputs({ hours, minutes, onChange, label }: TimeInputsProps) {
  const name = (part: string) => (label ? `${label} ${part}` : part.charAt(0).toUpperCase() + part.slice(1));
  return (
    <div className="flex items-center gap-1">
      <input
        type="number"
        aria-label={name('hours')}
        min={0}
        max={23}
        step={1}
        className={INPUT}
        value={pad(hours)}
        onChange={(event) => onChange(clampHours(Number(event.target.value)), minutes)}
      />
      <span aria-hidden="true">:</span>
      <input
        type="number"
        aria-label={name('minutes')}
        min={0}
        max={59}
        step={1}
        className={INPUT}
        value={pad(minutes)}
        onChange={(event) => onChange(hours, clampMinutes(Number(event.target.value)))}
      />
    </div>
  );
}
