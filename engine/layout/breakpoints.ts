import { useSyncExternalStore } from 'react';

/** Spec 01 §9: the upper bound (inclusive, px) of each screen size; xl is everything above lg. */
export const BREAKPOINTS = { xs: 480, sm: 640, md: 1024, lg: 1280 } as const;

export const BREAKPOINT_NAMES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export type Breakpoint = (typeof BREAKPOINT_NAMES)[number];

/** The breakpoint a viewport width falls in. */
export function breakpointOf(width: number): Breakpoint {
  if (width <= BREAKPOINTS.xs) return 'xs';
  if (width <= BREAKPOINTS.sm) return 'sm';
  if (width <= BREAKPOINTS.md) return 'md';
  if (width <= BREAKPOINTS.lg) return 'lg';
  return 'xl';
}

/** Spec 01 §4: the sidebar starts hidden on xs, sm and md screens. */
export function isCompactBreakpoint(breakpoint: Breakpoint): boolean {
  return breakpoint === 'xs' || breakpoint === 'sm' || breakpoint === 'md';
}

/** The breakpoint of the current window (xl outside a browser). */
export function currentBreakpoint(): Breakpoint {
  return typeof window === 'undefined' ? 'xl' : breakpointOf(window.innerWidth);
}

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The current breakpoint; re-renders only when the window crosses a breakpoint. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribeToResize, currentBreakpoint, () => 'xl' as const);
}
