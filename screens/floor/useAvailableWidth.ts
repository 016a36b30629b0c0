import { useEffect, useState, type RefObject } from 'react';

/** The element's content width, kept up to date (the map scales to it). */
export function useAvailableWidth(ref: RefObject<HTMLElement | null>, fallback = 1440): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth || fallback);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth || fallback));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, fallback]);
  return width;
}
