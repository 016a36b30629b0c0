import { isEmptyValue } from '../../schemas/form/rules';
import { MAX_PAGE_ROWS } from '../../schemas/paged';
import type { ListSort } from './sortCycle';

/** Spec 01 §9: page sizes; 'all' sends the list's total. */
export const PER_PAGE_OPTIONS = [10, 25, 50, 100, 250, 'all'] as const;
export type PerPage = (typeof PER_PAGE_OPTIONS)[number];
export const DEFAULT_PER_PAGE: PerPage = 50;

export interface ListState {
  page: number;
  perPage: PerPage;
  search: string;
  sort: ListSort | null;
  /** Filter values by filter name; empty ones are not sent. */
  filters: Record<string, unknown>;
}

export type ListParams = Record<string, string | number>;

/** The filters worth sending: null, '' and [] mean "no filter". */
export function activeFilters(filters: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => !isEmptyValue(value)));
}

/**
 * ALL's page size: the total (at least 1), up to the most rows a page holds; a longer list is then
 * paged by that many and the footer points to the CSV export.
 */
export function allPageSize(total: number): number {
  return Math.min(MAX_PAGE_ROWS, Math.max(1, total));
}

/**
 * The list query of spec 01 §7: sort as active + direction, search, queryFilters as JSON (the
 * http client URL-encodes it), page and per_page — ALL sends `total` up to MAX_PAGE_ROWS.
 */
export function listParams(state: ListState, total: number): ListParams {
  const params: ListParams = { page: state.page, per_page: state.perPage === 'all' ? allPageSize(total) : state.perPage };
  if (state.sort) {
    params.active = state.sort.column;
    params.direction = state.sort.direction;
  }
  const search = state.search.trim();
  if (search !== '') params.search = search;
  const filters = activeFilters(state.filters);
  if (Object.keys(filters).length > 0) params.queryFilters = JSON.stringify(filters);
  return params;
}
