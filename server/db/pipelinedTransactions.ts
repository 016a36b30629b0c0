/**
 * A transaction's BEGIN and COMMIT without round trips of their own on PostgreSQL.
 *
 * The pool's clients run in pg's pipeline mode: a statement is written to the server as soon as it is
 * asked for, without waiting for the answer to the one before. Kysely still waits for every statement, so
 * this layer decides what may go without a wait:
 *
 * - BEGIN is answered at once when Kysely sends it, and written with the transaction's first statement (in
 *   one socket write: on this kind of machine each system call costs a quarter of a millisecond of the app's
 *   CPU); both answers are awaited together. BEGIN itself cannot fail short of a lost connection, which fails
 *   the statement behind it too. A transaction that sends nothing sends no BEGIN either.
 * - COMMIT may follow the transaction's last statement on the wire: a caller that has nothing left to do
 *   but read its answer sends COMMIT_AFTER_NEXT first (`readThenCommit` in server/services/orders/core.ts).
 *   The read then answers only once COMMIT has succeeded; a failed COMMIT fails the read, so nothing is
 *   acknowledged that was not committed. Kysely's own COMMIT that follows is answered without being sent,
 *   and any other statement before it is refused: it would run outside the transaction.
 *
 * The transaction's writes and locks are exactly as before; only the waits between statements go.
 */

export interface QueryResult {
  command: string;
  rowCount: number | null;
  rows: unknown[];
}

export type Send = (text: string, values: unknown[]) => Promise<QueryResult>;

/** Sent through Kysely (never to the server): the next statement of this transaction carries its COMMIT. */
export const COMMIT_AFTER_NEXT = '/* commit after the next statement */';

const BEGIN = /^\s*(begin|start transaction)\b/i;
const END = /^\s*(commit|rollback|end)\b/i;

const answered = (command: string): QueryResult => ({ command, rowCount: 0, rows: [] });

const settledError = (outcome: PromiseSettledResult<unknown> | undefined) => (outcome?.status === 'rejected' ? (outcome.reason as unknown) : undefined);

/**
 * Wraps one client's `send` (the named-statement layer) for the transaction flow above. `roundTrip` is
 * called once per wait on the server, which is what Database.statements() counts on PostgreSQL.
 */
export function pipelinedTransactions(
  send: Send,
  roundTrip: () => void,
  /** Runs `write`, whose statements then leave in one socket write (one system call) instead of one each. */
  together: <T>(write: () => T) => T = (write) => write(),
): { send: Send; reset: () => void } {
  let pendingBegin: [string, unknown[]] | null = null;
  let commitAfterNext = false;
  let ended = false;
  const reset = () => {
    pendingBegin = null;
    commitAfterNext = false;
    ended = false;
  };
  const pipelined: Send = async (text, values) => {
    if (text === COMMIT_AFTER_NEXT) {
      commitAfterNext = true;
      return answered('SELECT');
    }
    const command = () => answered(text.trim().split(/\s+/)[0]!.toUpperCase());
    if (BEGIN.test(text)) {
      ended = false;
      commitAfterNext = false;
      pendingBegin = [text, values];
      return command();
    }
    // A transaction that ran nothing (BEGIN still unsent) or already committed behind its read: nothing to send.
    if (END.test(text) && (ended || pendingBegin)) {
      ended = false;
      pendingBegin = null;
      return command();
    }
    if (ended) throw new Error('A statement was sent after its transaction had been committed behind its last read.');
    const begin = pendingBegin;
    pendingBegin = null;
    const withCommit = commitAfterNext && !END.test(text);
    commitAfterNext = false;
    const [before, sent, commit] = together(() => [begin ? send(...begin) : null, send(text, values), withCommit ? send('commit', []) : null] as const);
    roundTrip();
    const [beginOutcome, sentOutcome, commitOutcome] = await Promise.allSettled([before, sent, commit]);
    // COMMIT ends the transaction whatever it answers: after a failed statement PostgreSQL rolls back instead.
    if (withCommit) ended = true;
    const failure = settledError(beginOutcome) ?? settledError(sentOutcome) ?? settledError(commitOutcome);
    if (failure !== undefined) throw failure;
    const committed = commitOutcome.status === 'fulfilled' ? commitOutcome.value : null;
    if (commit && committed?.command !== 'COMMIT') {
      throw new Error(`The transaction was not committed (the server answered ${committed?.command ?? 'nothing'}).`);
    }
    return (sentOutcome as PromiseFulfilledResult<QueryResult>).value;
  };
  return { send: pipelined, reset };
}
