/**
 * The numpad's typing rules (spec 01 §5, §9), pure so popups, fields and tests share them.
 * State is the text typed so far; the shown text and the numeric value derive from it.
 */

/** plain: digits (and a dot in the plus variant); decimal: digits read as cents; percentage: plain capped at 100. */
export type NumpadMode = 'plain' | 'decimal' | 'percentage';

export interface NumpadOptions {
  mode?: NumpadMode;
  /** The plus variant: a dot key for decimals (plain and percentage modes). */
  allowDot?: boolean;
  /** At most this many digits (the dot does not count). */
  limit?: number;
}

export interface NumpadState {
  /** Typed text: digits, with at most one dot in plain/percentage mode; '' when nothing is typed. */
  typed: string;
  /** The value it opened with is still untouched: the first digit or dot replaces it. */
  fresh?: boolean;
}

export type NumpadAction =
  | { type: 'digit'; digit: string }
  | { type: 'dot' }
  | { type: 'backspace' }
  | { type: 'clear' }
  | { type: 'increment' }
  | { type: 'decrement' }
  | { type: 'reset'; value: number };

export const PERCENTAGE_CAP = 100;

const DIGIT = /^[0-9]$/;

function digitCount(text: string): number {
  return text.replace('.', '').length;
}

/** Text of a number for a mode: cents digits in decimal mode, plain decimal text otherwise. */
function typedFromValue(value: number, options: NumpadOptions): string {
  if (!Number.isFinite(value) || value <= 0) return '';
  if (options.mode === 'decimal') return String(Math.round(value * 100));
  const capped = options.mode === 'percentage' ? Math.min(value, PERCENTAGE_CAP) : value;
  const text = String(capped);
  return options.allowDot ? text : String(Math.trunc(capped));
}

/** The state a numpad opens with for an initial value; typing replaces that value. */
export function initialNumpadState(value: number = 0, options: NumpadOptions = {}): NumpadState {
  return { typed: typedFromValue(value, options), fresh: true };
}

/** The number the typed text stands for. */
export function numpadValue(state: NumpadState, options: NumpadOptions = {}): number {
  if (state.typed === '' || state.typed === '.') return 0;
  if (options.mode === 'decimal') return Number(state.typed) / 100;
  return Number(state.typed);
}

/** What the numpad's screen shows: cents with 2 decimals in decimal mode (1,2,3 → 1.23), the typed text otherwise. */
export function numpadDisplay(state: NumpadState, options: NumpadOptions = {}): string {
  if (options.mode === 'decimal') return numpadValue(state, options).toFixed(2);
  return state.typed === '' ? '0' : state.typed;
}

function appendDigit(typed: string, digit: string, options: NumpadOptions): string {
  if (!DIGIT.test(digit)) return typed;
  if (options.limit !== undefined && digitCount(typed) >= options.limit) return typed;
  // A lone leading zero is replaced rather than kept ("0" then "5" is "5", not "05").
  const next = typed === '0' ? digit : typed + digit;
  if (options.mode === 'decimal' && Number(next) === 0) return '';
  if (options.mode === 'percentage' && Number(next) > PERCENTAGE_CAP) return String(PERCENTAGE_CAP);
  return next;
}

function appendDot(typed: string, options: NumpadOptions): string {
  if (!options.allowDot || options.mode === 'decimal' || typed.includes('.')) return typed;
  if (options.mode === 'percentage' && Number(typed) >= PERCENTAGE_CAP) return typed;
  return typed === '' ? '0.' : `${typed}.`;
}

/** Adds `step` (±1 unit) to the value, never below 0, within the mode's rules. */
function stepValue(state: NumpadState, step: number, options: NumpadOptions): NumpadState {
  const next = Math.max(0, Math.round((numpadValue(state, options) + step) * 100) / 100);
  const typed = typedFromValue(next, options);
  if (options.limit !== undefined && digitCount(typed) > options.limit) return { typed: state.typed };
  return { typed };
}

export function numpadReducer(state: NumpadState, action: NumpadAction, options: NumpadOptions = {}): NumpadState {
  const typed = state.fresh ? '' : state.typed;
  switch (action.type) {
    case 'digit':
      return { typed: appendDigit(typed, action.digit, options) };
    case 'dot':
      return { typed: appendDot(typed, options) };
    case 'backspace':
      return { typed: state.typed.slice(0, -1) };
    case 'clear':
      return { typed: '' };
    case 'increment':
      return stepValue(state, 1, options);
    case 'decrement':
      return stepValue(state, -1, options);
    case 'reset':
      return initialNumpadState(action.value, options);
  }
}

/** What a keyboard key does on a visible numpad: an edit, 'submit' (Enter), or nothing. */
export function numpadActionForKey(key: string): NumpadAction | 'submit' | null {
  if (DIGIT.test(key)) return { type: 'digit', digit: key };
  switch (key) {
    case 'Backspace':
      return { type: 'backspace' };
    case '.':
    case ',':
      return { type: 'dot' };
    case '+':
      return { type: 'increment' };
    case '-':
      return { type: 'decrement' };
    case 'Enter':
      return 'submit';
    default:
      return null;
  }
}
