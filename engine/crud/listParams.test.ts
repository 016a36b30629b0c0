import { describe, expect, it } from 'vitest';
import { DEFAULT_PER_PAGE, listParams, type ListState } from './listParams';

const STATE: ListState = { page: 1, perPage: DEFAULT_PER_PAGE, search: '', sort: null, filters: {} };

describe('listParams', () => {
  it('sends page and per_page, 50 by default', () => {
    expect(listParams(STATE, 0)).toEqual({ page: 1, per_page: 50 });
  });

  it('sends sort, search and the non-empty filters as JSON', () => {
    expect(
      listParams(
        {
          ...STATE,
          page: 3,
          search: '  mug ',
          sort: { column: 'name', direction: 'desc' },
          filters: { category_id: 2, type: null, status: '', tags: [] },
        },
        0,
      ),
    ).toEqual({ page: 3, per_page: 50, active: 'name', direction: 'desc', search: 'mug', queryFilters: '{"category_id":2}' });
  });

  it('sends the total as per_page for ALL', () => {
    expect(listParams({ ...STATE, perPage: 'all' }, 734).per_page).toBe(734);
    expect(listParams({ ...STATE, perPage: 'all' }, 0).per_page).toBe(1);
  });

  it('sends at most 1000 rows for ALL: a longer list is paged by 1000', () => {
    expect(listParams({ ...STATE, perPage: 'all' }, 1000).per_page).toBe(1000);
    expect(listParams({ ...STATE, perPage: 'all' }, 1001).per_page).toBe(1000);
    expect(listParams({ ...STATE, perPage: 'all' }, 100_000).per_page).toBe(1000);
  });
});
