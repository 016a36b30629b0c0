import type { ListParams } from './listParams';

interface PageLinks {
  current_page: number;
  next_page_url: string | null;
  prev_page_url: string | null;
}

/** A cursor kept for one page of one query (order, search, filters, page size). */
export interface KeptCursor {
  page: number;
  query: string;
  token: string;
}

/** The list query without its page, to tell whether a kept cursor still belongs to it. */
function queryKey(params: ListParams): string {
  const { page: _page, cursor: _cursor, ...query } = params;
  return JSON.stringify(query);
}

/**
 * The cursor for moving to `page` from the page shown: the next and previous page links carry one
 * (README "Deep pages"), so those moves read an index range however deep the page. A jump further the same
 * way sends that link's cursor too: the server reads a few pages past it the same way, and a farther page by
 * its number.
 */
export function cursorFor(answer: PageLinks | undefined, params: ListParams, page: number): KeptCursor | null {
  if (!answer || page === answer.current_page) return null;
  const url = page > answer.current_page ? answer.next_page_url : answer.prev_page_url;
  const token = url ? new URLSearchParams(url.split('?')[1] ?? '').get('cursor') : null;
  return token ? { page, query: queryKey(params), token } : null;
}

/** The params with the kept cursor when it was taken for this page of this same query. */
export function withCursor(params: ListParams, kept: KeptCursor | null): ListParams {
  return kept && kept.page === params.page && kept.query === queryKey(params) ? { ...params, cursor: kept.token } : params;
}
