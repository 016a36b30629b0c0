/** Removes trailing slashes from the path part of a URL, keeping its query and hash (spec 01 §1). */
export function stripTrailingSlashes(url: string): string {
  const suffixStart = url.search(/[?#]/);
  const path = suffixStart === -1 ? url : url.slice(0, suffixStart);
  const suffix = suffixStart === -1 ? '' : url.slice(suffixStart);
  const trimmed = path.replace(/\/+$/, '');
  return trimmed + suffix;
}
