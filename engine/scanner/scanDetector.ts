/**
 * Tells a barcode scanner from a person at the same keyboard by keystroke timing. A scanner types a whole
 * code in a burst (a few ms a key) and ends it with Enter or Tab; people type slower. Every character key
 * is held back while a burst may be starting: if the burst ends with a terminator and is long enough it is
 * a scan, otherwise the held keys are handed back, in order, to where they were typed. So a scan never
 * lands in the field that has focus, and typing is only delayed by one gap.
 */

export interface ScanDetectorOptions {
  /** The longest pause between two keys of one scan, in ms. */
  maxKeyGapMs: number;
  /** The fewest characters a scan has. */
  minLength: number;
}

export const DEFAULT_SCAN_OPTIONS: ScanDetectorOptions = { maxKeyGapMs: 50, minLength: 3 };

/** The keys that end a scan (scanners are set to send one of them after the code). */
export const SCAN_TERMINATORS: readonly string[] = ['Enter', 'Tab'];

export interface HeldKey<T> {
  key: string;
  /** Where the key was typed (the focused element, for the DOM), so it can be handed back there. */
  target: T;
}

export interface ScanDetectorHandlers<T> {
  onScan(code: string): void;
  /** Keys held back that turned out to be typing, oldest first. */
  onTyped(keys: Array<HeldKey<T>>): void;
}

export interface ScanClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: ScanClock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What to do with a key event: 'hold' (cancel it, the detector keeps it) or 'pass' (let it through). */
export type ScanVerdict = 'hold' | 'pass';

export interface ScanDetector<T> {
  keyDown(key: string, target: T): ScanVerdict;
  /** Hands back every held key now (before a key the detector does not judge, or when stopping). */
  flush(): void;
}

/** A printable character: one code point (a space only inside a burst already started). */
function isCharacter(key: string): boolean {
  return [...key].length === 1;
}

export function createScanDetector<T>(
  handlers: ScanDetectorHandlers<T>,
  options: ScanDetectorOptions = DEFAULT_SCAN_OPTIONS,
  clock: ScanClock = realClock,
): ScanDetector<T> {
  let held: Array<HeldKey<T>> = [];
  let lastAt = 0;
  let timer: unknown = null;

  function stopTimer() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  function flush() {
    stopTimer();
    if (held.length === 0) return;
    const keys = held;
    held = [];
    handlers.onTyped(keys);
  }

  return {
    flush,
    keyDown(key, target) {
      const now = clock.now();
      // A pause longer than a scanner's ends any burst (the timer usually did it already).
      if (held.length > 0 && now - lastAt > options.maxKeyGapMs) flush();
      if (SCAN_TERMINATORS.includes(key)) {
        if (held.length >= options.minLength) {
          stopTimer();
          const code = held.map((entry) => entry.key).join('');
          held = [];
          handlers.onScan(code);
          return 'hold';
        }
        flush();
        return 'pass';
      }
      if (isCharacter(key) && (key !== ' ' || held.length > 0)) {
        held.push({ key, target });
        lastAt = now;
        stopTimer();
        // One millisecond past the gap, so a key arriving exactly at the gap still belongs to the burst.
        timer = clock.setTimeout(flush, options.maxKeyGapMs + 1);
        return 'hold';
      }
      flush();
      return 'pass';
    },
  };
}
