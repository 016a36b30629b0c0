export type SortDirection = 'asc' | 'desc';

export interface ListSort {
  column: string;
  direction: SortDirection;
}

/**
 * Spec 01 §4: clicking a header cycles none → asc → desc → none; only one column is sorted at a
 * time, so clicking another column starts it at asc.
 */
export function nextSort(current: ListSort | null, column: string): ListSort | null {
  if (current?.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
}
