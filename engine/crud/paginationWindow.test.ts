import { describe, expect, it } from 'vitest';
import { paginationWindow } from './paginationWindow';

describe('paginationWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 'ellipsis', 10]],
    [3, 10, [1, 2, 3, 4, 5, 'ellipsis', 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, 'ellipsis', 10]],
    [5, 10, [1, 'ellipsis', 3, 4, 5, 6, 7, 'ellipsis', 10]],
    [8, 10, [1, 'ellipsis', 6, 7, 8, 9, 10]],
    [10, 10, [1, 'ellipsis', 8, 9, 10]],
    [50, 100, [1, 'ellipsis', 48, 49, 50, 51, 52, 'ellipsis', 100]],
  ] as const)('page %i of %i', (current, last, expected) => {
    expect(paginationWindow(current, last)).toEqual(expected);
  });

  it('clamps a current page outside the range and answers nothing without pages', () => {
    expect(paginationWindow(0, 6)).toEqual([1, 2, 3, 'ellipsis', 6]);
    expect(paginationWindow(9, 4)).toEqual([1, 2, 3, 4]);
    expect(paginationWindow(1, 0)).toEqual([]);
  });
});
