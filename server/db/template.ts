import type { CompiledQuery, Compilable, InsertObject, Kysely } from 'kysely';
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
 * never branch on them nor execute anything; a list's stand-ins come from listSlots. Input that changes the
 * statement's shape (an optional filter, a list's length) is the `variant`, which has its own compiled statement.
 */
class Slot {
  constructor(
    readonly key: string,
    /** For a list's element (listSlots): its index in the list given as `key`. */
    readonly element?: number,
  ) {}
}

type RowOf<Q> = Q extends Compilable<infer Row> ? Row : never;

/** A filled template: compiles to its cached SQL with this call's values; runs like a query builder. */
export interface FilledStatement<Row> extends Compilable<Row> {
  execute(): Promise<Row[]>;
}

/** A class, not closures made per call: the checkout fills a score of these per request. */
class Filled<Row> implements FilledStatement<Row> {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly compiled: Compiled,
    private readonly values: Record<string, unknown>,
  ) {}

  compile(): CompiledQuery<Row> {
    const { query, holes } = this.compiled;
    const parameters = query.parameters.slice();
    for (const [index, key, element] of holes) {
      const value = element === undefined ? this.values[key] : (this.values[key] as readonly unknown[] | undefined)?.[element];
      // undefined would be bound as null: a value the caller forgot, not one it chose.
      if (value === undefined) throw new Error(`A statement template was given no value for ${key}.`);
      parameters[index] = value;
    }
    return { query: query.query, queryId: query.queryId, sql: query.sql, parameters } as CompiledQuery<Row>;
  }

  async execute(): Promise<Row[]> {
    return (await this.db.executeQuery(this.compile())).rows;
  }
}

interface Compiled {
  query: CompiledQuery;
  /** Where each value goes among the parameters: [parameter index, value key, index in that list when it is one]. */
  holes: Array<[number, string, number | undefined]>;
}

/** Builds and compiles the statement with stand-ins for its values. */
function compileOnce<V>(build: (values: V) => Compilable<unknown>): Compiled {
  const slots = new Proxy({} as Record<string, unknown>, { get: (_target, key) => (typeof key === 'string' ? new Slot(key) : undefined) });
  const query = build(slots as V).compile();
  const holes: Compiled['holes'] = [];
  query.parameters.forEach((parameter, index) => {
    if (parameter instanceof Slot) holes.push([index, parameter.key, parameter.element]);
  });
  return { query, holes };
}

const VARIANTS_LIMIT = 200;

/** Inside a template's build: stand-ins for the first `count` elements of the list given as `name` (the variant holds `count`). */
export function listSlots<T>(values: Record<string, unknown>, name: string, count: number): T[] {
  if (!(values[name] instanceof Slot)) throw new Error('listSlots takes the stand-ins a statement template builds with.');
  return Array.from({ length: count }, (_, index) => new Slot(name, index) as T);
}

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
    return new Filled<RowOf<Q>>(db, compiled, values);
  };
}

type Row = Record<string, unknown>;
const isPlain = (value: unknown) => value === null || typeof value !== 'object';

/** Inserts of rows, compiled once per table, number of rows and columns; the values go as one list. */
const rowsInsert = statementTemplate((db, values: Record<string, unknown>, variant: string) => {
  const [table, count, names] = variant.split('|') as [keyof DB & string, string, string];
  const columns = names.split(',');
  const flat = listSlots<unknown>(values, 'flat', Number(count) * columns.length);
  const rows = Array.from({ length: Number(count) }, (_, row) =>
    Object.fromEntries(columns.map((column, index) => [column, flat[row * columns.length + index]])),
  );
  return db.insertInto(table).values(rows as never);
});

/**
 * `insert into table values rows` through a template (see above) when every row has the same columns and only
 * plain values (an SQL expression in a column, or rows of different columns, take Kysely's builder as before).
 */
export function insertRows<T extends keyof DB & string>(db: Kysely<DB>, table: T, rows: ReadonlyArray<InsertObject<DB, T>>): Compilable<unknown> {
  const built = () => db.insertInto(table).values(rows as never);
  if (rows.length === 0) return built();
  const first = rows[0] as Row;
  const columns = Object.keys(first).filter((column) => first[column] !== undefined);
  const flat: unknown[] = [];
  for (const row of rows as readonly Row[]) {
    const keys = Object.keys(row).filter((column) => row[column] !== undefined);
    if (keys.length !== columns.length || keys.some((column, index) => column !== columns[index])) return built();
    for (const column of columns) {
      if (!isPlain(row[column])) return built();
      flat.push(row[column]);
    }
  }
  return rowsInsert(db, { flat }, `${table}|${rows.length}|${columns.join(',')}`);
}
