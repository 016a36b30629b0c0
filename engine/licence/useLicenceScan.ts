import { useEffect, useRef, useState } from 'react';
import { parseDriverLicence, type DriverLicence } from './parseDriverLicence';

/** The DOM event a barcode_scanner field dispatches (bubbling) with the nine licence fields as `detail`. */
export const LICENCE_SCANNED_EVENT = 'ns-licence-scanned';

/**
 * A keyboard-wedge scanner types the whole barcode, line breaks included, in a burst: the text is
 * read once typing has been idle for `idleMs`, never on Enter (a licence holds many of them).
 */
const IDLE_MS = 300;

export function useLicenceScan(onLicence: (licence: DriverLicence) => void, idleMs = IDLE_MS) {
  const [raw, setRaw] = useState('');
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(onLicence);
  latest.current = onLicence;

  useEffect(() => {
    if (raw.trim() === '') return undefined;
    const timer = setTimeout(() => {
      const result = parseDriverLicence(raw);
      if (result.ok) {
        setError(null);
        setRaw('');
        latest.current(result.licence);
      } else {
        setError(result.message);
      }
    }, idleMs);
    return () => clearTimeout(timer);
  }, [raw, idleMs]);

  return {
    raw,
    setRaw,
    error,
    clear: () => {
      setRaw('');
      setError(null);
    },
  };
}
