/** Describes a value briefly for a failure message. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Compares `actual` with `expected` where objects are partial (only the keys `expected` lists count)
 * and arrays are exact in length. Returns one readable message per difference, naming its path.
 */
export function partialMismatches(expected: unknown, actual: unknown, path: string): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected ${describeValue(expected)}, got ${describeValue(actual)}`];
    if (actual.length !== expected.length) {
      return [`${path}: expected ${expected.length} item(s), got ${actual.length}: ${describeValue(actual)}`];
    }
    return expected.flatMap((item, index) => partialMismatches(item, actual[index], `${path}[${index}]`));
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return [`${path}: expected ${describeValue(expected)}, got ${describeValue(actual)}`];
    return Object.entries(expected).flatMap(([key, value]) => partialMismatches(value, actual[key], `${path}.${key}`));
  }
  return Object.is(expected, actual) ? [] : [`${path}: expected ${describeValue(expected)}, got ${describeValue(actual)}`];
}
