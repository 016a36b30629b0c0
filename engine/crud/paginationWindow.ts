/** A page number, or a gap between the numbers shown. */
export type PageLink = number | 'ellipsis';

/** Spec 01 §9: lists show 2 pages either side of the current one. */
export const PAGINATION_RADIUS = 2;

/**
 * The page links of a list (spec 01 §9): the first page, a window of `radius` pages either side of
 * the current one and the last page, with an ellipsis wherever pages are skipped.
 */
export function paginationWindow(current: number, last: number, radius: number = PAGINATION_RADIUS): PageLink[] {
  if (last < 1) return [];
  const page = Math.min(Math.max(1, current), last);
  const shown = new Set<number>([1, last]);
  for (let candidate = page - radius; candidate <= page + radius; candidate++) {
    if (candidate >= 1 && candidate <= last) shown.add(candidate);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const links: PageLink[] = [];
  sorted.forEach((number, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && number - previous > 1) links.push('ellipsis');
    links.push(number);
  });
  return links;
}
