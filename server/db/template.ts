import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import { isPostgres } from './dialect';
import type { DB } from './schema';

/**
 * Statements built and compiled once per dialect, then only filled with each call's values.
 *
 * Why: building a Kysely query (a tree of frozen nodes) and compiling it to SQL costs tens of microseconds a
 * statement, and the till's checkout and the order answer send a score of statements whose shape never changes
 * with their input. At one till on PostgreSQL that was a fifth of the app server's CPU, the server being what sets
 * the pace there (README, Measured figures).
 *
 * `build` receives stand-ins for the values (`values.orderId` is a slot, not a number). It may only pass them
 * where Kysely binds a value as a parameter (a comparison's right side, an inserted or updated value, sql`${…}`),
 * never branch on them, put one in a list, nor execute anything. Input that changes the statement's shape (an
 * optional filter, a list's length) is the `variant`, which has its own compiled statement.
 */
class Slot {
  constructor(readonly key: string) {}
}

type RowOf<Q> = Q extends Compilable<infer Row> ? Row : never;

/** A filled template: compiles to its cached SQL with this call's values; runs like a query builder. */
export interface FilledStatement<Row> extends Compilable<Row> {
  execute(): Promise<Row[]>;
}

interface Compiled {
  query: CompiledQuery;
  /** Where each value goes among the parameters: [parameter index, value key]. */
  holes: Array<[number, string]>;
}

/** Builds and compiles the statement with stand-ins for its values. */
function compileOnce<V>(build: (values: V) => Compilable<unknown>): Compiled {
  const slots = new Proxy({} as Record<string, unknown>, { get: (_target, key) => (typeof key === 'string' ? new Slot(key) : undefined) });
  const query = build(slots as V).compile();
  const holes: Array<[number, string]> = [];
  query.parameters.forEach((parameter, index) => {
    if (parameter instanceof Slot) holes.push([index, parameter.key]);
  });
  return { query, holes };
}

const VARIANTS_LIMIT = 200;

/** A list's values for a template that takes them as `name0`, `name1`, …, its variant the list's length (listSlots). */
export const listValues = (name: string, list: readonly unknown[]): Record<string, unknown> =>
  Object.fromEntries(list.map((value, index) => [`${name}${index}`, value]));

/** Inside a template's build: the stand-ins of a list given by listValues, `count` long. */
export const listSlots = <T>(values: Record<string, unknown>, name: string, count: number): T[] =>
  Array.from({ length: count }, (_, index) => values[`${name}${index}`] as T);

/** A statement template (see above). */
export function statementTemplate<V extends Record<string, unknown>, Q extends Compilable<any>, A extends string | number | boolean = string>(
  build: (db: Kysely<DB>, values: V, variant: A) => Q,
): (db: Kysely<DB>, values: V, variant?: A) => FilledStatement<RowOf<Q>> {
  const cache = new Map<string, Compiled>();
  return (db, values, variant) => {
    const cacheKey = `${isPostgres(db) ? 'p' : 's'}${String(variant ?? '')}`;
    let compiled = cache.get(cacheKey);
    if (compiled === undefined) {
      compiled = compileOnce<V>((stand) => build(db, stand, variant as A));
      // Variants that follow a list's length are few in practice; the bound keeps a long tail from piling up.
      if (cache.size >= VARIANTS_LIMIT) cache.clear();
      cache.set(cacheKey, compiled);
    }
    const { query, holes } = compiled;
    const compile = (): CompiledQuery<RowOf<Q>> => {
      const parameters = query.parameters.slice();
      for (const [index, key] of holes) {
        // undefined would be bound as null: a value the caller forgot, not one it chose.
        if (values[key] === undefined) throw new Error(`A statement template was given no value for ${key}.`);
        parameters[index] = values[key];
      }
      return { ...query, parameters } as CompiledQuery<RowOf<Q>>;
    };
    return {
      compile,
      execute: async () => (await db.executeQuery(compile())).rows,
    };
  };
}
