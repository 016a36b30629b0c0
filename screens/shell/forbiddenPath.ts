/** The screen base a client path opens: the longest of `bases` it is, or is the create or edit page of. */
function baseOf(pathname: string, bases: readonly string[]): string | null {
  let found: string | null = null;
  for (const raw of bases) {
    const base = raw.replace(/\/+$/, '');
    const opens = pathname === base || pathname === `${base}/create` || new RegExp(`^${escapeRegExp(base)}/edit/\\d+$`).test(pathname);
    if (opens && (found === null || base.length > found.length)) found = base;
  }
  return found;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether a client path opens a screen that exists (one of `knownPaths`, every menu entry whatever the
 * role) but not one the role's menu offers: such an address shows the not-allowed page, an unknown one
 * the not-found page.
 */
export function isForbiddenPath(pathname: string, allowedPaths: readonly string[], knownPaths: readonly string[]): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  const known = baseOf(path, knownPaths);
  return known !== null && baseOf(path, allowedPaths) !== known;
}
