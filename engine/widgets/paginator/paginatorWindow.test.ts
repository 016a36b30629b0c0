import { describe, expect, it } from 'vitest';
import { pageUrl, paginatorWindow } from './paginatorWindow';

describe('the paginator window', () => {
  it('shows 3 pages either side of the current page', () => {
    expect(paginatorWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
  });

  it('is cut at the first and the last page', () => {
    expect(paginatorWindow(1, 20)).toEqual([1, 2, 3, 4]);
    expect(paginatorWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(paginatorWindow(20, 20)).toEqual([17, 18, 19, 20]);
    expect(paginatorWindow(3, 4)).toEqual([1, 2, 3, 4]);
  });

  it('handles one page, no page and a current page out of range', () => {
    expect(paginatorWindow(1, 1)).toEqual([1]);
    expect(paginatorWindow(1, 0)).toEqual([]);
    expect(paginatorWindow(50, 5)).toEqual([2, 3, 4, 5]);
    expect(paginatorWindow(0, 5)).toEqual([1, 2, 3, 4]);
  });
});

describe('the page URL', () => {
  it('adds the page query parameter to the pagination path', () => {
    expect(pageUrl('/api/nexopos/v4/medias', 3)).toBe('/api/nexopos/v4/medias?page=3');
  });

  it('replaces an existing page and keeps the other parameters', () => {
    expect(pageUrl('/api/nexopos/v4/medias?user_id=4&page=1', 2)).toBe('/api/nexopos/v4/medias?user_id=4&page=2');
  });
});
