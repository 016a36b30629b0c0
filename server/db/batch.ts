import { CompiledQuery, sql, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from './dialect';
import { WRITE_NOW, WRITE_WITH_NEXT, type KeptAnswer } from './pipelinedTransactions';

/**
 * Several statements sent as one round trip on PostgreSQL, the same statements run in order on SQLite.
 *
 * Why: on PostgreSQL every statement is a network round trip that waits its turn among other clients, so
 * a till write's latency follows how many it sends; on SQLite each statement is an in-process call and
 * costs next to nothing. The services build their statements with Kysely as before (one code path on both
 * databases); only the sending differs.
 *
 * - readBatch: independent reads, each answered as its rows. PostgreSQL: one SELECT whose columns are the
 *   reads' rows as JSON arrays (row locks inside a read, FOR UPDATE / FOR SHARE, are taken as usual).
 * - writeBatch: independent writes. PostgreSQL: one statement of data-modifying CTEs, each write's RETURNING
 *   rows answered as JSON. The writes share one snapshot: none sees another's rows, two must not change the
 *   same row, and foreign keys are checked when the whole statement ends (a parent and its children may be
 *   inserted together).
 *
 * Rows come back through JSON on PostgreSQL: integers, bigints and doubles as numbers (as the driver's own
 * parsers give them), text as text. Every column these batches read is one of those. A read must not name a
 * column batch_row: that is the alias each read's rows are aggregated under.
 */

type RowsOf<Q> = Q extends Compilable<infer Row> ? Row[] : never;
export type BatchRows<Q extends Record<string, Compilable<any>>> = { [K in keyof Q]: RowsOf<Q[K]> };

/** Renumbers a compiled PostgreSQL statement's $n parameters by `offset` (Kysely binds every value as $n). */
function shifted(sqlText: string, offset: number): string {
  if (offset === 0) return sqlText;
  const key = `${offset}:${sqlText}`;
  let text = shiftedTexts.get(key);
  if (text === undefined) {
    text = sqlText.replace(/\$(\d+)/g, (_match, index: string) => `$${Number(index) + offset}`);
    // The till's batches repeat the same few texts; the bound keeps texts that vary with their input from piling up.
    if (shiftedTexts.size >= SHIFTED_TEXTS_LIMIT) shiftedTexts.clear();
    shiftedTexts.set(key, text);
  }
  return text;
}

const SHIFTED_TEXTS_LIMIT = 1000;
const shiftedTexts = new Map<string, string>();

function combine(queries: Record<string, Compilable<any>>, render: (key: string, sqlText: string) => string) {
  const parameters: unknown[] = [];
  const parts = Object.entries(queries).map(([key, query]) => {
    const compiled = query.compile();
    const part = render(key, shifted(compiled.sql, parameters.length));
    parameters.push(...compiled.parameters);
    return part;
  });
  return { parts, parameters };
}

const quoted = (key: string) => `"${key.replaceAll('"', '""')}"`;

/**
 * PostgreSQL only: the RETURNING rows of the write batched under `key`, for a later write of the same batch to
 * read (`update … from earlierWrite('counter')`). It is the one exception to independent writes, so the writes
 * that use it need their own path on SQLite, where nothing is batched.
 */
export const earlierWrite = (key: string) => sql.raw(quoted(`w_${key}`));

/** A raw SQL statement as a batch entry: raw`…` compiles only against a database, which a batch does not pass. */
export const batchable = <R>(db: Kysely<any>, raw: RawBuilder<R>): Compilable<R> => ({ compile: () => raw.compile(db) });

/** Runs independent reads: one statement on PostgreSQL, each in turn on SQLite. */
export async function readBatch<Q extends Record<string, Compilable<any>>>(db: Kysely<any>, queries: Q): Promise<BatchRows<Q>> {
  const keys = Object.keys(queries);
  if (keys.length === 0) return {} as BatchRows<Q>;
  if (!isPostgres(db)) return runInTurn(db, queries);
  const { parts, parameters } = combine(
    queries,
    (key, sqlText) => `(select coalesce(json_agg(batch_row), '[]') from (${sqlText}) as batch_row) as ${quoted(key)}`,
  );
  const result = await db.executeQuery<Record<string, unknown[]>>(CompiledQuery.raw(`select ${parts.join(', ')}`, parameters));
  return result.rows[0] as BatchRows<Q>;
}

/**
 * Runs independent writes in the caller's transaction: one statement on PostgreSQL, each in turn (in the
 * order given) on SQLite. A write with RETURNING answers its rows; one without answers [].
 */
export async function writeBatch<Q extends Record<string, Compilable<any>>>(db: Kysely<any>, queries: Q): Promise<BatchRows<Q>> {
  const keys = Object.keys(queries);
  if (keys.length === 0) return {} as BatchRows<Q>;
  if (!isPostgres(db) || keys.length === 1) return runInTurn(db, queries);
  const result = await db.executeQuery<Record<string, unknown[]>>(combinedWrite(queries));
  return result.rows[0] as BatchRows<Q>;
}

const answeredReads = new WeakSet<Compilable<unknown>>();

/**
 * A read in a write batch whose rows are answered like a write's RETURNING rows. PostgreSQL runs a read CTE only
 * when something refers to it, so a read that checks the batch's writes (and may fail it) must be one of these.
 */
export function answeredRead<R>(query: Compilable<R>): Compilable<R> {
  answeredReads.add(query);
  return query;
}

/** PostgreSQL: the writes as one statement of data-modifying CTEs answering each write's RETURNING rows as one JSON column. */
function combinedWrite(queries: Record<string, Compilable<any>>): CompiledQuery {
  const returning = new Set<string>();
  const { parts, parameters } = combine(queries, (key, sqlText) => {
    if (/\breturning\b/i.test(sqlText) || answeredReads.has(queries[key]!)) returning.add(key);
    return `${quoted(`w_${key}`)} as (${sqlText})`;
  });
  const columns = Object.keys(queries).map((key) =>
    returning.has(key)
      ? `(select coalesce(json_agg(batch_row), '[]') from ${quoted(`w_${key}`)} as batch_row) as ${quoted(key)}`
      : `'[]'::json as ${quoted(key)}`,
  );
  return CompiledQuery.raw(`with ${parts.join(', ')} select ${columns.join(', ')}`, parameters);
}

/**
 * writeBatch for writes whose answer the caller does not need, in a transaction that sends another statement
 * after them: on PostgreSQL they go with that next statement, one round trip for both
 * (server/db/pipelinedTransactions.ts), and a failure of theirs is answered by it. Until then the caller may
 * only prepare statements. Their RETURNING rows are not answered. On SQLite, writeBatch.
 */
export async function writeBatchAhead(db: Kysely<any>, queries: Record<string, Compilable<any>>): Promise<void> {
  await heldWrite(db, queries, WRITE_WITH_NEXT);
}

/**
 * writeBatchAhead whose writes the server runs while the caller prepares its next statement: on PostgreSQL they
 * are written at once (one more socket write) and their answer, a failure included, is taken with that next
 * statement's. For writes that take the server long enough to be worth it. On SQLite, writeBatch.
 */
export async function writeBatchStarted(db: Kysely<any>, queries: Record<string, Compilable<any>>): Promise<void> {
  await heldWrite(db, queries, WRITE_NOW);
}

async function heldWrite(db: Kysely<any>, queries: Record<string, Compilable<any>>, marker: string): Promise<void> {
  if (Object.keys(queries).length === 0) return;
  if (isPostgres(db)) await db.executeQuery(CompiledQuery.raw(marker));
  await writeBatch(db, queries);
}

/**
 * writeBatchAhead for writes whose answer the caller does need, but only after its next statement: on
 * PostgreSQL both go in one round trip, and the function answered gives the batch's rows once that next
 * statement has been answered. Calling it earlier is a mistake and throws. On SQLite, writeBatch.
 */
export async function writeBatchKept<Q extends Record<string, Compilable<any>>>(db: Kysely<any>, queries: Q): Promise<() => Promise<BatchRows<Q>>> {
  if (!isPostgres(db) || Object.keys(queries).length === 0) {
    const rows = await writeBatch(db, queries);
    return async () => rows;
  }
  const kept: KeptAnswer = {};
  await db.executeQuery(CompiledQuery.raw(WRITE_WITH_NEXT, [kept]));
  await db.executeQuery(combinedWrite(queries));
  return async () => {
    if (!kept.answer) throw new Error('A kept write was read before the statement it travels with was sent.');
    return (await kept.answer).rows[0] as BatchRows<Q>;
  };
}

async function runInTurn<Q extends Record<string, Compilable<any>>>(db: Kysely<any>, queries: Q): Promise<BatchRows<Q>> {
  const answer: Record<string, unknown[]> = {};
  for (const [key, query] of Object.entries(queries)) answer[key] = (await db.executeQuery(query.compile())).rows;
  return answer as BatchRows<Q>;
}
