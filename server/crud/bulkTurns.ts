import { performance } from 'node:perf_hooks';

/**
 * Bulk reads (list pages above the page-size selector's 250 rows, each batch of a CSV export) take turns:
 * one at a time in this process, and after each turn the next one waits as long as the last one took.
 * Back-to-back bulk readers then hold at most half of the process's time, and of the database's, while
 * on PostgreSQL a till's checkout needs a free turn of the event loop for each of its statements; the
 * bulk readers get their rows up to twice as late instead. Ordinary pages never wait here.
 */

/** Pages above this many rows are bulk reads (the selector offers 10 to 250; ALL asks for up to 1,000). */
export const BULK_PAGE_ROWS = 250;
/** A turn that waited long on a busy database does not make the next bulk reader wait that long too. */
const MAX_REST_MS = 250;

let free: Promise<void> = Promise.resolve();

export interface BulkTurn {
  /** Ends the turn; the next bulk reader starts after a rest as long as this turn lasted. */
  leave(): void;
}

/** Waits for this process's bulk turn; call leave() once the turn's work is done (also when it failed). */
export async function enterBulkTurn(): Promise<BulkTurn> {
  const previous = free;
  let leave!: () => void;
  free = new Promise<void>((resolve) => {
    leave = () => {
      const rest = Math.min(performance.now() - started, MAX_REST_MS);
      setTimeout(resolve, rest);
    };
  });
  await previous;
  const started = performance.now();
  let left = false;
  return {
    leave: () => {
      if (left) return;
      left = true;
      leave();
    },
  };
}

/** Runs `work` as one bulk turn. */
export async function inBulkTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = await enterBulkTurn();
  try {
    return await work();
  } finally {
    turn.leave();
  }
}
