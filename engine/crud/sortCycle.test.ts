import { describe, expect, it } from 'vitest';
import { nextSort } from './sortCycle';

describe('nextSort', () => {
  it('cycles none → asc → desc → none on one column', () => {
    const asc = nextSort(null, 'name');
    expect(asc).toEqual({ column: 'name', direction: 'asc' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort(desc, 'name')).toBeNull();
  });

  it('sorts one column at a time: another column starts at asc', () => {
    expect(nextSort({ column: 'name', direction: 'desc' }, 'created_at')).toEqual({ column: 'created_at', direction: 'asc' });
  });
});
