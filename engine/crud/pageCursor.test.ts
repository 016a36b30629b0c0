import { describe, expect, it } from 'vitest';
import { cursorFor, withCursor } from './pageCursor';

const answer = {
  current_page: 4,
  next_page_url: '/api/nexopos/v4/crud/ns.products?active=name&direction=asc&per_page=50&page=5&cursor=NEXT-5',
  prev_page_url: '/api/nexopos/v4/crud/ns.products?active=name&direction=asc&per_page=50&page=3&cursor=PREV_3',
};
const params = { page: 4, per_page: 50, active: 'name', direction: 'asc' };

describe('page cursors of the list pager', () => {
  it('takes the next and previous links’ cursors and none for a jump', () => {
    expect(cursorFor(answer, params, 5)).toEqual({ page: 5, query: '{"per_page":50,"active":"name","direction":"asc"}', token: 'NEXT-5' });
    expect(cursorFor(answer, params, 3)?.token).toBe('PREV_3');
    expect(cursorFor(answer, params, 9)).toBeNull();
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
