/** Spec 01 §9: the standalone paginator shows about 3 pages either side of the current one. */
export const PAGINATOR_SPREAD = 3;

/** The part of a paged answer the paginator reads (spec 01 §3, spec 02 §3). */
export interface Pagination {
  current_page: number;
  last_page: number;
  /** The list's URL without query; pages load as `{path}?page=N`. */
  path: string;
}

/** The page numbers to show: current ± spread, within 1..last. Empty when there is no page. */
export function paginatorWindow(current: number, last: number, spread: number = PAGINATOR_SPREAD): number[] {
  if (!Number.isFinite(last) || last < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), last);
  const first = Math.max(1, page - spread);
  const end = Math.min(last, page + spread);
  return Array.from({ length: end - first + 1 }, (_, index) => first + index);
}

/** The URL a page loads from: the pagination path with `page` set, keeping any query it already has. */
export function pageUrl(path: string, page: number): string {
  const hashAt = path.indexOf('#');
  const base = hashAt === -1 ? path : path.slice(0, hashAt);
  const [pathname = '', query = ''] = base.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('page', String(page));
  return `${pathname}?${params.toString()}`;
}
