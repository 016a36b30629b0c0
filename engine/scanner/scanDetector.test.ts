import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScanDetector, type HeldKey, type ScanDetectorOptions, type ScanVerdict } from './scanDetector';

type Target = 'search' | 'numpad' | 'popup-field';

/** A detector on fake time, recording what it reports and what it answers for each key. */
function harness(options?: ScanDetectorOptions) {
  const scans: string[] = [];
  const typed: Array<HeldKey<Target>> = [];
  const clock = {
    now: () => Date.now(),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as number),
  };
  const detector = createScanDetector<Target>({ onScan: (code) => scans.push(code), onTyped: (keys) => typed.push(...keys) }, options, clock);
  const verdicts: Array<[string, ScanVerdict]> = [];
  let time = 0;
  /** Presses each key `gap` ms after the previous one (the first `after` ms from now). */
  function keys(text: string[] | string, gap: number, target: Target, after = gap) {
    const list = typeof text === 'string' ? [...text] : text;
    list.forEach((key, index) => {
      const wait = index === 0 ? after : gap;
      vi.advanceTimersByTime(wait);
      time += wait;
      verdicts.push([key, detector.keyDown(key, target)]);
    });
  }
  const wait = (ms: number) => {
    vi.advanceTimersByTime(ms);
    time += ms;
  };
  const typedText = () => typed.map((entry) => entry.key).join('');
  return { detector, scans, typed, typedText, verdicts, keys, wait, now: () => time };
}

const CODE_A = '01234567890123456789';
const CODE_B = 'ABCDEFGHIJ0123456789';

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

describe('the scan detector', () => {
  it('takes a 20-character burst at 5 ms a key ended by Enter as one scan, holding every key', () => {
    const t = harness();
    t.keys([...CODE_A, 'Enter'], 5, 'search');
    t.wait(500);
    expect(CODE_A).toHaveLength(20);
    expect(t.scans).toEqual([CODE_A]);
    expect(t.typed).toEqual([]);
    expect(t.verdicts.every(([, verdict]) => verdict === 'hold')).toBe(true);
  });

  it('hands typing at 150 ms a key back one key at a time, after one gap, to where it was typed; Enter then passes', () => {
    const t = harness();
    t.keys('mug', 150, 'search');
    // The last key is still held until 51 ms after it.
    expect(t.typedText()).toBe('mu');
    t.wait(51);
    expect(t.typed).toEqual([
      { key: 'm', target: 'search' },
      { key: 'u', target: 'search' },
      { key: 'g', target: 'search' },
    ]);
    t.keys(['Enter'], 150, 'search');
    expect(t.verdicts.at(-1)).toEqual(['Enter', 'pass']);
    expect(t.scans).toEqual([]);
  });

  it('keeps 20-character scans at 5 ms and typing at 150 ms apart when they alternate, in a search, a numpad and a popup field', () => {
    const t = harness();
    t.keys('cand', 150, 'search');
    t.keys([...CODE_A, 'Enter'], 5, 'search', 150);
    t.keys('le', 150, 'search', 150);
    t.keys([...CODE_B, 'Tab'], 5, 'numpad', 150);
    t.keys('12', 150, 'numpad', 150);
    t.keys([...CODE_A, 'Enter'], 5, 'popup-field', 150);
    t.keys('7', 150, 'popup-field', 150);
    t.wait(51);
    t.keys(['Enter'], 150, 'popup-field');

    expect(t.scans).toEqual([CODE_A, CODE_B, CODE_A]);
    expect(t.typedText()).toBe('candle127');
    expect(t.typed.map((entry) => entry.target)).toEqual(['search', 'search', 'search', 'search', 'search', 'search', 'numpad', 'numpad', 'popup-field']);
    // The scans' terminators are held (no form submitted, focus not moved); the typed Enter passes.
    expect(t.verdicts.filter(([key]) => key === 'Enter' || key === 'Tab')).toEqual([
      ['Enter', 'hold'],
      ['Tab', 'hold'],
      ['Enter', 'hold'],
      ['Enter', 'pass'],
    ]);
  });

  it('hands a typed key back before a scan that starts right after its gap, so the scan is never split or glued to it', () => {
    const t = harness();
    t.keys('x', 150, 'search');
    t.keys([...CODE_B, 'Enter'], 5, 'search', 60);
    expect(t.typedText()).toBe('x');
    expect(t.scans).toEqual([CODE_B]);
  });

  it('takes a fast burst shorter than 3 characters and Enter as typing, handed back before the Enter passes', () => {
    const t = harness();
    t.keys('12', 5, 'numpad');
    t.keys(['Enter'], 5, 'numpad');
    expect(t.typedText()).toBe('12');
    expect(t.scans).toEqual([]);
    expect(t.verdicts.at(-1)).toEqual(['Enter', 'pass']);
  });

  it('hands back a fast burst with no terminator (a held-down key) once it stops', () => {
    const t = harness();
    t.keys('aaaaa', 30, 'search');
    expect(t.typed).toEqual([]);
    t.wait(51);
    expect(t.typedText()).toBe('aaaaa');
    expect(t.scans).toEqual([]);
  });

  it('lets other keys through at once, handing back the held keys before them; a space does not start a burst', () => {
    const t = harness();
    t.keys('ab', 5, 'search');
    t.keys(['Backspace'], 5, 'search');
    expect(t.typedText()).toBe('ab');
    t.keys([' ', 'ArrowDown', 'Escape'], 150, 'search');
    expect(t.verdicts.slice(-3)).toEqual([
      [' ', 'pass'],
      ['ArrowDown', 'pass'],
      ['Escape', 'pass'],
    ]);
    // Inside a burst a space is part of the code.
    t.keys([...'AB 12', 'Enter'], 5, 'search', 150);
    expect(t.scans).toEqual(['AB 12']);
  });

  it('follows the configured gap: with 20 ms, keys 30 ms apart are typing', () => {
    const t = harness({ maxKeyGapMs: 20, minLength: 3 });
    t.keys([...'4006381333931', 'Enter'], 30, 'search');
    expect(t.scans).toEqual([]);
    expect(t.typedText()).toBe('4006381333931');
    t.keys([...'4006381333931', 'Enter'], 20, 'search', 150);
    expect(t.scans).toEqual(['4006381333931']);
  });

  it('flush hands back what is held at once', () => {
    const t = harness();
    t.keys('ab', 5, 'search');
    t.detector.flush();
    expect(t.typedText()).toBe('ab');
    t.wait(100);
    expect(t.typedText()).toBe('ab');
  });
});
