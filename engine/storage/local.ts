/**
 * Typed JSON helpers over localStorage. Every access is wrapped: private mode, a full quota or a
 * hand-edited value must never break a screen, so failures read as "nothing stored".
 */

interface ExpiringEntry<T> {
  value: T;
  /** Epoch milliseconds after which the entry is stale. */
  expiresAt: number;
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The raw string stored under a key, or null. */
export function readLocalRaw(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The JSON value stored under a key, or the fallback when absent or unreadable. */
export function readLocal<T>(key: string, fallback: T): T {
  const raw = readLocalRaw(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/** Stores a value as JSON; returns false when the browser refused it. */
export function writeLocal<T>(key: string, value: T): boolean {
  try {
    const target = storage();
    if (!target) return false;
    target.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeLocal(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to do: an entry we cannot remove is one we cannot read either.
  }
}

/** Stores a value that reads as absent once `ttlMs` has passed (temporary documents: spec 01 §9). */
export function writeLocalWithExpiry<T>(key: string, value: T, ttlMs: number, now: number = Date.now()): boolean {
  const entry: ExpiringEntry<T> = { value, expiresAt: now + ttlMs };
  return writeLocal(key, entry);
}

/** The value of an expiring entry, or the fallback when absent, malformed or expired (expired entries are removed). */
export function readLocalWithExpiry<T>(key: string, fallback: T, now: number = Date.now()): T {
  const entry = readLocal<unknown>(key, undefined);
  if (!isExpiringEntry<T>(entry)) return fallback;
  if (entry.expiresAt <= now) {
    removeLocal(key);
    return fallback;
  }
  return entry.value;
}

function isExpiringEntry<T>(value: unknown): value is ExpiringEntry<T> {
  return typeof value === 'object' && value !== null && 'value' in value && typeof (value as { expiresAt?: unknown }).expiresAt === 'number';
}
