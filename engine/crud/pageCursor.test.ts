import { describe, expect, it } from 'vitest';
import { cursorFor, withCursor } from './pageCursor';

const answer = {
  current_page: 4,
  next_page_url: '/api/nexopos/v4/crud/ns.products?active=name&direction=asc&per_page=50&page=5&cursor=NEXT-5',
  prev_page_url: '/api/nexopos/v4/crud/ns.products?active=name&direction=asc&per_page=50&page=3&cursor=PREV_3',
};
const params = { page: 4, per_page: 50, active: 'name', direction: 'asc' };

describe('page cursors of the list pager', () => {
  it('takes the next link’s cursor for a page after the one shown and the previous link’s for one before', () => {
    expect(cursorFor(answer, params, 5)).toEqual({ page: 5, query: '{"per_page":50,"active":"name","direction":"asc"}', token: 'NEXT-5' });
    expect(cursorFor(answer, params, 3)?.token).toBe('PREV_3');
    expect(cursorFor(answer, params, 6)).toEqual({ page: 6, query: '{"per_page":50,"active":"name","direction":"asc"}', token: 'NEXT-5' });
    expect(cursorFor(answer, params, 9)?.token).toBe('NEXT-5');
    expect(cursorFor(answer, params, 2)).toEqual({ page: 2, query: '{"per_page":50,"active":"name","direction":"asc"}', token: 'PREV_3' });
    expect(cursorFor(answer, params, 4)).toBeNull();
    expect(cursorFor({ ...answer, prev_page_url: null }, params, 1)).toBeNull();
    expect(cursorFor(undefined, params, 5)).toBeNull();
    expect(cursorFor({ ...answer, next_page_url: '/x?page=5' }, params, 5)).toBeNull();
  });

  it('sends a kept cursor only with its page of the same query', () => {
    const kept = cursorFor(answer, params, 5);
    expect(withCursor({ ...params, page: 5 }, kept)).toEqual({ ...params, page: 5, cursor: 'NEXT-5' });
    expect(withCursor({ ...params, page: 1 }, kept)).toEqual({ ...params, page: 1 });
    expect(withCursor({ ...params, page: 5, direction: 'desc' }, kept)).toEqual({ ...params, page: 5, direction: 'desc' });
    expect(withCursor({ ...params, page: 5, search: 'oak' }, kept)).toEqual({ ...params, page: 5, search: 'oak' });
  });
});
