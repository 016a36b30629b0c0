/**
 * Work run one item at a time, in the order it was asked for. An item's failure is its own caller's and does
 * not stop the items behind it. The CRUD engine runs its reloads (a table sync, DDL) and the screen builder's
 * saves (renames and type changes, DDL) through one such queue, so on one app server they never overlap: two
 * DDL transactions on one table can deadlock on PostgreSQL.
 */
export function serialQueue() {
  let last: Promise<unknown> = Promise.resolve();
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      const next = last.catch(() => undefined).then(work);
      last = next;
      return next;
    },
    /** Resolves once everything asked for so far has ended, however it ended. */
    idle: (): Promise<void> =>
      last.then(
        () => undefined,
        () => undefined,
      ),
  };
}

/** PostgreSQL's codes for a transaction it ended so that another could go on: a deadlock, a serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs a transaction again (up to `attempts` in all) when PostgreSQL ended it as a deadlock victim: nothing of it
 * was kept, and the next try reads everything again. Another app server's table sync can still meet a save.
 */
export async function retryingDeadlocks<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}
