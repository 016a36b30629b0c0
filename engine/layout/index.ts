export { BREAKPOINTS, BREAKPOINT_NAMES, breakpointOf, currentBreakpoint, isCompactBreakpoint, useBreakpoint, type Breakpoint } from './breakpoints';
