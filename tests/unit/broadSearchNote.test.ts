import { describe, expect, it } from 'vitest';
import { broadSearchNote } from '../../schemas/crud/list';

const COLUMNS = { code: { label: 'Code', $ignoreSort: false }, total: { label: 'Total', $ignoreSort: false } };

describe('the note above a list whose search matched too many rows to sort', () => {
  it('is absent when the search was sorted as asked', () => {
    expect(broadSearchNote({}, COLUMNS)).toBeNull();
  });

  it('says newest first when the rows came in id order', () => {
    expect(broadSearchNote({ broad_search: 2000 }, COLUMNS)).toBe(
      'More than 2,000 entries match this search, too many to sort: the newest are shown first. Narrow the search to sort them.',
    );
  });

  it('names the searched column by its heading when its index gave the order, and by its key when it has no heading', () => {
    expect(broadSearchNote({ broad_search: 2000, broad_order: 'code' }, COLUMNS)).toBe(
      'More than 2,000 entries match this search, too many to sort: they are shown in descending order of Code. Narrow the search to sort them.',
    );
    expect(broadSearchNote({ broad_search: 2000, broad_order: 'reference' }, COLUMNS)).toBe(
      'More than 2,000 entries match this search, too many to sort: they are shown in descending order of reference. Narrow the search to sort them.',
    );
  });
});
