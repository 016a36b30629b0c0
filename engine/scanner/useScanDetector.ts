import { useEffect, useRef } from 'react';
import { createScanDetector, DEFAULT_SCAN_OPTIONS, type ScanDetectorOptions } from './scanDetector';
import { replayedEvents, replayKey } from './replayKey';

/**
 * While mounted (and `enabled`), recognises scans typed anywhere in the page, whatever has focus, and hands
 * each code to `onScan`; the scan's keys never reach the focused element. Other keys reach it one gap late.
 */
export function useScanDetector(onScan: (code: string) => void, options: ScanDetectorOptions = DEFAULT_SCAN_OPTIONS, enabled = true): void {
  const latest = useRef(onScan);
  latest.current = onScan;
  const { maxKeyGapMs, minLength } = options;
  useEffect(() => {
    if (!enabled) return undefined;
    const detector = createScanDetector<EventTarget | null>(
      { onScan: (code) => latest.current(code), onTyped: (keys) => keys.forEach(replayKey) },
      { maxKeyGapMs, minLength },
    );
    const onKeyDown = (event: KeyboardEvent) => {
      if (replayedEvents.has(event)) return;
      // A field that reads a scanner itself (a driver's-licence box, data-own-scan) gets every key as typed.
      if (event.target instanceof Element && event.target.closest('[data-own-scan]')) {
        detector.flush();
        return;
      }
      // Shortcuts and input-method composition are never part of a scan.
      if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) {
        detector.flush();
        return;
      }
      if (detector.keyDown(event.key, event.target) === 'hold') {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => {
      window.removeEventListener('keydown', onKeyDown, { capture: true });
      detector.flush();
    };
  }, [enabled, maxKeyGapMs, minLength]);
}
