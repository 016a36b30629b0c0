import type { Paged } from '../../schemas/paged';

/** A page link keeping the call's other parameters. */
function pageUrl(path: string, params: Record<string, string | number | undefined>, page: number): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '' && key !== 'page') search.set(key, String(value));
  search.set('page', String(page));
  return `${path}?${search.toString()}`;
}

/** Wraps one page of rows in the paged answer of spec 01 §3 (every key, in the spec's names). */
export function pagedAnswer<T>(
  rows: T[],
  {
    page,
    perPage,
    total,
    path,
    params = {},
  }: { page: number; perPage: number; total: number; path: string; params?: Record<string, string | number | undefined> },
): Paged<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = rows.length > 0 ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    data: rows,
    first_page_url: pageUrl(path, params, 1),
    from,
    last_page: lastPage,
    last_page_url: pageUrl(path, params, lastPage),
    next_page_url: page < lastPage ? pageUrl(path, params, page + 1) : null,
    path,
    per_page: perPage,
    prev_page_url: page > 1 ? pageUrl(path, params, Math.min(page - 1, lastPage)) : null,
    to: from === null ? null : from + rows.length - 1,
    total,
  };
}
