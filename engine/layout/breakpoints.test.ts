import { describe, expect, it } from 'vitest';
import { breakpointOf, isCompactBreakpoint } from './breakpoints';

describe('breakpointOf', () => {
  it.each([
    [0, 'xs'],
    [480, 'xs'],
    [481, 'sm'],
    [640, 'sm'],
    [641, 'md'],
    [1024, 'md'],
    [1025, 'lg'],
    [1280, 'lg'],
    [1281, 'xl'],
    [2560, 'xl'],
  ] as const)('%i px is %s', (width, expected) => {
    expect(breakpointOf(width)).toBe(expected);
  });
});

describe('isCompactBreakpoint', () => {
  it('hides the sidebar at start on xs, sm and md only', () => {
    expect(['xs', 'sm', 'md', 'lg', 'xl'].filter((name) => isCompactBreakpoint(name as never))).toEqual(['xs', 'sm', 'md']);
  });
});
