function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A value as a scenario file can hold it and the runner can compare it: plain data only. Functions, actor
 * references, files and other class instances are left out of objects (expectations are partial, so a
 * missing key asserts nothing) and become {} inside arrays (whose length the runner compares).
 */
export function toJsonValue(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) return value.map((item) => toJsonValue(item) ?? {});
  if (typeof value === 'object' && isPlainObject(value)) {
    const entries = Object.entries(value).map(([key, item]) => [key, toJsonValue(item)] as const);
    return Object.fromEntries(entries.filter(([, item]) => item !== undefined));
  }
  return undefined;
}
