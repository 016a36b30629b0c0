import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { pipelinedTransactions, type QueryResult, type Send } from './pipelinedTransactions';

/**
 * Named prepared statements on PostgreSQL, one per SQL text and connection.
 *
 * pg sends every unnamed query as parse + bind + execute, and PostgreSQL plans it again at each bind: the
 * checkout's order read (a JSON aggregate over six joins) spent 3.2 ms of its 4 ms planning, measured from the
 * server's statement log. A named statement is parsed once per connection and, after five runs, PostgreSQL keeps
 * a generic plan when it costs no more than the custom ones, so a request then pays only for execution.
 *
 * Kysely passes every query as (text, parameters); this pool wraps each pg client so that statements are sent
 * under a name derived from their text. Only plain reads and writes are named (no DDL, no transaction control),
 * and at most MAX_NAMED per connection, so lists whose SQL varies with their filters cannot grow a connection's
 * memory without bound: past the limit new texts run unnamed, as before.
 *
 * A prepared `select *` fails with "cached plan must not change result type" once its table gains or loses a
 * column, and the screen builder alters its tables at run time. So: a connection that runs DDL drops its own
 * statements at once (the builder reads the table back in the same transaction); every other connection of the
 * process drops them the next time it is lent (`forgetPreparedStatements`, also called when another app server's
 * change is heard); and a statement refused that way outside a transaction is run again unnamed.
 */
const MAX_NAMED = 300;
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;
const DDL = /^\s*(alter|create|drop|truncate|comment)\b/i;
const BEGIN = /^\s*(begin|start transaction)\b/i;
const END = /^\s*(commit|rollback|end)\b/i;

let generation = 0;

/** Every connection drops its prepared statements before its next query (after DDL that changed a table's columns). */
export function forgetPreparedStatements(): void {
  generation += 1;
}

interface ClientState {
  wrapper: PostgresPoolClient;
  generation: number;
  names: Set<string>;
  inTransaction: boolean;
  /** Forgets a transaction flow left over from the client's previous loan. */
  resetTransaction: () => void;
}

type PgClientWithConnection = pg.PoolClient & { connection?: { parsedStatements?: Record<string, string>; stream?: { cork(): void; uncork(): void } } };

const NAMES_CACHE_LIMIT = 2000;
const namesByText = new Map<string, string>();

function statementName(text: string): string {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (namesByText.size >= NAMES_CACHE_LIMIT) namesByText.clear();
    namesByText.set(text, name);
  }
  return name;
}

function isStalePlan(error: unknown): boolean {
  return (error as { code?: string }).code === '0A000' && /cached plan/.test((error as Error).message);
}

/** Drops what this connection prepared, on the server and in pg's own record of it. */
async function dropPrepared(client: pg.PoolClient, state: ClientState, roundTrip: () => void): Promise<void> {
  state.generation = generation;
  if (state.names.size === 0) return;
  roundTrip();
  await client.query('deallocate all');
  const connection = (client as PgClientWithConnection).connection;
  if (connection?.parsedStatements) connection.parsedStatements = {};
  state.names.clear();
}

function wrapClient(client: pg.PoolClient, roundTrip: () => void, quiet: () => boolean): ClientState {
  const state: ClientState = {
    wrapper: undefined as unknown as PostgresPoolClient,
    generation,
    names: new Set(),
    inTransaction: false,
    resetTransaction: () => undefined,
  };
  const named = async (text: string, values: unknown[]) => {
    const name = statementName(text);
    if (!state.names.has(name)) {
      if (state.names.size >= MAX_NAMED) return client.query(text, values);
      state.names.add(name);
    }
    try {
      return await client.query({ name, text, values });
    } catch (error) {
      if (!isStalePlan(error) || state.inTransaction) throw error;
      forgetPreparedStatements();
      await dropPrepared(client, state, roundTrip);
      roundTrip();
      return client.query(text, values);
    }
  };
  const send = ((text: string, values: unknown[]) => {
    if (NAMEABLE.test(text)) return named(text, values);
    if (BEGIN.test(text)) state.inTransaction = true;
    else if (END.test(text)) state.inTransaction = false;
    if (!DDL.test(text)) return client.query(text, values);
    return client.query(text, values).then(async (result) => {
      forgetPreparedStatements();
      await dropPrepared(client, state, roundTrip);
      return result;
    });
  }) as Send;
  const transactions = pipelinedTransactions(
    send,
    roundTrip,
    (write) => {
      // pg corks the socket around each statement it writes; an outer cork holds them all until this uncork.
      const stream = (client as PgClientWithConnection).connection?.stream;
      stream?.cork();
      try {
        return write();
      } finally {
        stream?.uncork();
      }
    },
    quiet,
  );
  const query = (sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>): Promise<QueryResult> => {
    if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as pg.Submittable) as unknown as Promise<QueryResult>;
    return transactions.send(sqlOrCursor, parameters ? [...parameters] : []);
  };
  state.wrapper = { query, release: () => client.release() } as unknown as PostgresPoolClient;
  state.resetTransaction = transactions.reset;
  return state;
}

/**
 * A pool for Kysely's PostgresDialect whose clients send named statements and send without a wait what their
 * transactions need no answer to first (server/db/pipelinedTransactions.ts; the pool's clients must be in pg's
 * pipeline mode).
 * `roundTrip` is called once for each wait on the server.
 */
export function namedStatementPool(pool: pg.Pool, roundTrip: () => void = () => undefined): PostgresPool {
  const states = new WeakMap<pg.PoolClient, ClientState>();
  // Only the asking request's connection is lent and none is awaited: this app server has no other database work in hand.
  const quiet = () => pool.totalCount - pool.idleCount <= 1 && pool.waitingCount === 0;
  return {
    async connect() {
      const client = await pool.connect();
      let state = states.get(client);
      if (!state) {
        state = wrapClient(client, roundTrip, quiet);
        states.set(client, state);
      }
      if (state.generation !== generation) {
        try {
          await dropPrepared(client, state, roundTrip);
        } catch (error) {
          client.release(error as Error);
          throw error;
        }
      }
      state.inTransaction = false;
      state.resetTransaction();
      return state.wrapper;
    },
    end: () => pool.end(),
  };
}
