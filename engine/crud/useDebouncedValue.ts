import { useEffect, useState } from 'react';

/** Spec 01 §9: searches wait 1000 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 1000;

/** The value, once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
