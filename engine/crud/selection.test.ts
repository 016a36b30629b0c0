import { describe, expect, it } from 'vitest';
import { isPageSelected, togglePage, toggleRow } from './selection';

describe('list selection', () => {
  it('toggles rows one by one', () => {
    const one = toggleRow(new Set(), 4, true);
    expect([...one]).toEqual([4]);
    expect([...toggleRow(one, 4, false)]).toEqual([]);
  });

  it('selects the page with select-all, keeping rows of other pages', () => {
    const fromOtherPage = new Set([99]);
    const all = togglePage(fromOtherPage, [1, 2, 3], true);
    expect([...all].sort((a, b) => a - b)).toEqual([1, 2, 3, 99]);
    expect(isPageSelected(all, [1, 2, 3])).toBe(true);
    expect(isPageSelected(toggleRow(all, 2, false), [1, 2, 3])).toBe(false);
    expect([...togglePage(all, [1, 2, 3], false)]).toEqual([99]);
    expect(isPageSelected(new Set(), [])).toBe(false);
  });
});
