import { useReducer, useRef } from 'react';
import { BackspaceIcon } from '../icons';
import { initialNumpadState, numpadDisplay, numpadReducer, numpadValue, type NumpadAction, type NumpadOptions, type NumpadState } from './numpadReducer';
import { useNumpadKeyboard } from './useNumpadKeyboard';

export interface NumpadProps extends NumpadOptions {
  /** The value it opens with. */
  initialValue?: number;
  /** Called with the new value after each key. */
  onChange?: (value: number) => void;
  /** Enter: called with the value. */
  onSubmit: (value: number) => void;
  /** Whether the keyboard drives it (true only while its popup is visible and on top). */
  keyboard?: boolean;
  /** The accessible name of the screen, e.g. 'Quantity'. */
  label?: string;
}

const KEY_BASE = 'flex h-14 items-center justify-center rounded-md border text-lg font-semibold disabled:opacity-40';
const KEY_CLASSES = `${KEY_BASE} border-slate-200 bg-white text-slate-800 hover:bg-slate-50 active:bg-slate-100`;
const ENTER_CLASSES = `${KEY_BASE} col-span-3 border-brand-600 bg-brand-600 text-white hover:bg-brand-700`;

/** The numpad: digits, backspace and Enter; the plus variant (allowDot) adds a dot key. */
export function Numpad({ initialValue = 0, onChange, onSubmit, keyboard = false, label = 'Value', ...options }: NumpadProps) {
  const [state, dispatch] = useReducer(
    (current: NumpadState, action: NumpadAction) => numpadReducer(current, action, options),
    initialNumpadState(initialValue, options),
  );
  // Keys can arrive several to one task (a scan detector handing back a short burst, then Enter) before React
  // renders again: each key and Enter must build on the keys before it, not on the last rendered state.
  const latest = useRef(state);
  const send = (action: NumpadAction) => {
    const next = numpadReducer(latest.current, action, options);
    latest.current = next;
    dispatch(action);
    onChange?.(numpadValue(next, options));
  };
  const submit = () => onSubmit(numpadValue(latest.current, options));
  useNumpadKeyboard(keyboard, send, submit);

  const digit = (value: string) => (
    <button key={value} type="button" className={KEY_CLASSES} onClick={() => send({ type: 'digit', digit: value })}>
      {value}
    </button>
  );
  return (
    <div className="flex flex-col gap-2" data-numpad="">
      <output aria-label={label} aria-live="polite" className="rounded-md bg-slate-100 px-4 py-3 text-right font-mono text-2xl text-slate-900">
        {numpadDisplay(state, options)}
        {options.mode === 'percentage' ? ' %' : ''}
      </output>
      <div className="grid grid-cols-3 gap-2">
        {['7', '8', '9', '4', '5', '6', '1', '2', '3'].map(digit)}
        {options.allowDot && options.mode !== 'decimal' ? (
          <button type="button" className={KEY_CLASSES} onClick={() => send({ type: 'dot' })}>
            .
          </button>
        ) : (
          <span aria-hidden="true" />
        )}
        {digit('0')}
        <button type="button" aria-label="Backspace" className={KEY_CLASSES} onClick={() => send({ type: 'backspace' })}>
          <BackspaceIcon />
        </button>
        <button type="button" className={ENTER_CLASSES} onClick={submit}>
          Enter
        </button>
      </div>
    </div>
  );
}
