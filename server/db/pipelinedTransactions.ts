/**
 * A transaction's BEGIN, COMMIT and the writes whose answer it does not need, without round trips of their
 * own on PostgreSQL.
 *
 * The pool's clients run in pg's pipeline mode: a statement is written to the server as soon as it is
 * asked for, without waiting for the answer to the one before. Kysely still waits for every statement, so
 * this layer decides what may go without a wait:
 *
 * - BEGIN is answered at once when Kysely sends it, and written with the transaction's first statement;
 *   both answers are awaited together. BEGIN itself cannot fail short of a lost connection, which fails the
 *   statement behind it too. A transaction that sends nothing sends no BEGIN either.
 * - A write sent after WRITE_WITH_NEXT (`writeBatchAhead` in server/db/batch.ts) is answered at once with
 *   no rows and written with the next statement, which sees what it wrote (one transaction, in order). If it
 *   fails, that next statement answers its error, so the transaction still rolls back on it; the code run in
 *   between must only prepare statements, never act on the write having succeeded. A caller that needs the
 *   write's own answer after that next statement passes a KeptAnswer with WRITE_WITH_NEXT (`writeBatchKept`).
 * - A write sent after WRITE_NOW (`writeBatchStarted`) is answered the same way, but written to the server at
 *   once, so that the server runs it while the caller prepares the next statement; its answer is awaited with
 *   that next statement's. It costs a socket write of its own, and pays where the write takes the server longer.
 * - COMMIT may go with the read of a write's answer, right before it: a caller that has nothing left to do but
 *   read its answer sends COMMIT_BEFORE_NEXT first (`inTransactionThenRead` in server/services/orders/core.ts).
 *   The read runs once the transaction has committed, its locks released, as a read sent after COMMIT would;
 *   it answers only if COMMIT succeeded (a failed COMMIT fails it), so nothing is acknowledged that was not
 *   committed. Kysely's own COMMIT that follows is answered without being sent, and any other statement
 *   before it is refused: it would run outside the transaction.
 *
 * What travels together leaves in one socket write: on this kind of machine each system call costs about a
 * quarter of a millisecond of the app's CPU. The transaction's writes and locks are exactly as before; only
 * the waits between statements go.
 */

export interface QueryResult {
  command: string;
  rowCount: number | null;
  rows: unknown[];
}

export type Send = (text: string, values: unknown[]) => Promise<QueryResult>;

/** Sent through Kysely (never to the server): the next statement, a read, goes right behind this transaction's COMMIT. */
export const COMMIT_BEFORE_NEXT = '/* commit before the next statement */';

/**
 * Sent through Kysely (never to the server): the next statement, a write, goes with the one after it. Its
 * one parameter, when given, is a KeptAnswer.
 */
export const WRITE_WITH_NEXT = '/* write with the next statement */';

/**
 * Sent through Kysely (never to the server): the next statement, a write, is written to the server at once, and
 * answered at once with no rows; its own answer is awaited with the statement after it, which answers its failure.
 * As WRITE_WITH_NEXT, but the server runs the write while the caller prepares what follows: one more socket
 * write, and the two machines work at the same time instead of in turn.
 */
export const WRITE_NOW = '/* write now, answered with the next statement */';

/** Receives a held write's answer when the write is sent, to be awaited once the statement it went with has answered. */
export interface KeptAnswer {
  answer?: Promise<QueryResult>;
}

const BEGIN = /^\s*(begin|start transaction)\b/i;
const END = /^\s*(commit|rollback|end)\b/i;
const ROLLBACK = /^\s*rollback\b/i;

const answered = (command: string): QueryResult => ({ command, rowCount: 0, rows: [] });

/** The statement's first word, as the server names its command: read from the start alone, since a batch's text runs to 10 KB. */
const FIRST_WORD = /^\s*(\S*)/;

const commandOf = (text: string) => answered(FIRST_WORD.exec(text)![1]!.toUpperCase());

/**
 * Wraps one client's `send` (the named-statement layer) for the transaction flow above. `roundTrip` is
 * called once per wait on the server, which is what Database.statements() counts on PostgreSQL.
 */
export function pipelinedTransactions(
  send: Send,
  roundTrip: () => void,
  /** Runs `write`, whose statements then leave in one socket write (one system call) instead of one each. */
  together: <T>(write: () => T) => T = (write) => write(),
  /**
   * Whether a WRITE_NOW write is worth its own socket write now: the overlap pays when the machines have time to
   * spare, and costs a system call when other requests keep them busy. Otherwise it is held as WRITE_WITH_NEXT.
   */
  startNow: () => boolean = () => true,
): { send: Send; reset: () => void } {
  /** Statements answered but not yet sent, in order: an unsent BEGIN first, then writes held for the next statement. */
  let queued: Array<[string, unknown[], KeptAnswer?]> = [];
  /** Whether the server has a transaction of ours open: BEGIN sent, and no COMMIT or ROLLBACK since. */
  let open = false;
  let holdNext = false;
  /** The write held by holdNext is to be written at once rather than with the next statement. */
  let sendHeld = false;
  /** Writes already on the server whose answers the next flight awaits first (a failure of theirs is its cause). */
  let inFlight: Array<Promise<QueryResult>> = [];
  let keepFor: KeptAnswer | undefined;
  let commitBeforeNext = false;
  /** Committed with the read of its answer: Kysely's COMMIT (or ROLLBACK) is answered without being sent. */
  let ended = false;
  const reset = () => {
    queued = [];
    open = false;
    holdNext = false;
    sendHeld = false;
    inFlight = [];
    keepFor = undefined;
    commitBeforeNext = false;
    ended = false;
  };
  /** Sends statements in order; a held write's keeper gets its answer. */
  const sendAll = (statements: typeof queued) =>
    statements.map(([statement, parameters, kept]) => {
      const answer = send(statement, parameters);
      if (kept) kept.answer = answer;
      return answer;
    });
  const pipelined: Send = async (text, values) => {
    if (text === COMMIT_BEFORE_NEXT || text === WRITE_WITH_NEXT || text === WRITE_NOW) {
      if (text === COMMIT_BEFORE_NEXT) commitBeforeNext = true;
      else {
        holdNext = true;
        sendHeld = text === WRITE_NOW && startNow();
        keepFor = values[0] as KeptAnswer | undefined;
      }
      return answered('SELECT');
    }
    const ending = END.test(text);
    if (BEGIN.test(text)) {
      reset();
      queued.push([text, values]);
      return commandOf(text);
    }
    if (ending) {
      // Nothing of this transaction reached the server, or it ended already: nothing to send. A ROLLBACK drops
      // the writes still held.
      if (ROLLBACK.test(text)) queued = queued.filter(([statement]) => BEGIN.test(statement));
      const onlyBegin = queued.length === 1 && BEGIN.test(queued[0]![0]);
      if (ended || (!open && (queued.length === 0 || onlyBegin))) {
        reset();
        return commandOf(text);
      }
    } else if (ended) {
      throw new Error('A statement was sent after its transaction had been committed behind its last read.');
    } else if (holdNext) {
      holdNext = false;
      queued.push([text, values, keepFor]);
      keepFor = undefined;
      if (sendHeld) {
        sendHeld = false;
        const ahead = queued;
        queued = [];
        const answers = together(() => sendAll(ahead));
        if (BEGIN.test(ahead[0]![0])) open = true;
        // Awaited by the next flight; until then a failure must not count as unhandled.
        for (const answer of answers) answer.catch(() => undefined);
        inFlight.push(...answers);
      }
      return commandOf(text);
    }
    const ahead = queued;
    queued = [];
    const awaiting = inFlight;
    inFlight = [];
    const withCommit = commitBeforeNext && !ending;
    commitBeforeNext = false;
    const [sentAhead, commit, sent] = together(() => {
      const held = sendAll(ahead);
      const committing = withCommit ? send('commit', []) : null;
      return [held, committing, send(text, values)] as const;
    });
    roundTrip();
    if (ahead.length > 0 && BEGIN.test(ahead[0]![0])) open = true;
    // COMMIT ends the transaction whatever it answers: after a failed statement PostgreSQL rolls back instead.
    if (withCommit) ended = true;
    if (withCommit || ending) open = false;
    const outcomes = await Promise.allSettled([...awaiting, ...sentAhead, commit, sent]);
    // The first failure is the cause: whatever was sent behind it answers only that the transaction is aborted.
    // A ROLLBACK answers for itself: a write of the transaction it ends that failed no longer matters.
    const failure = outcomes.find((outcome, index) => outcome.status === 'rejected' && !(ROLLBACK.test(text) && index < awaiting.length));
    if (failure) throw (failure as PromiseRejectedResult).reason;
    const committed = commit ? (outcomes[awaiting.length + ahead.length] as PromiseFulfilledResult<QueryResult>).value : null;
    if (commit && committed?.command !== 'COMMIT') {
      throw new Error(`The transaction was not committed (the server answered ${committed?.command ?? 'nothing'}).`);
    }
    return (outcomes[outcomes.length - 1] as PromiseFulfilledResult<QueryResult>).value;
  };
  return { send: pipelined, reset };
}
