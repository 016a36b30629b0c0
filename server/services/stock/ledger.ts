import { sql, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import { answeredRead, batchable, earlierWrite, writeBatch } from '../../db/batch';
import { STOCK_REFUSED_STATE } from '../../db/migrations/029_stock_refusal';
import type { DB, StockMovementsTable } from '../../db/schema';
import { nowUtc } from '../../db/time';
import { conflict } from '../../errors';
import { isPostgres } from '../../db/dialect';

/**
 * The stock ledger: the one place that changes product_unit_quantities.quantity. Each movement is a
 * signed change applied in one guarded UPDATE (never below zero, even against concurrent sales) and
 * recorded in stock_movements with the quantity before and after, so the stock is always explained by
 * its movements. A hand adjustment also names the quantity it started from: if the stock moved since
 * (a sale while the product form was open), it is refused instead of undoing that sale.
 */

export type StockReason = StockMovementsTable['reason'];

export interface StockMovement {
  product_id: number;
  unit_id: number;
  /** Signed: negative takes from stock, positive adds to it. */
  change: number;
  reason: StockReason;
  order_id?: number | null;
  author_id?: number | null;
  /** The quantity the writer saw; the movement applies only if the stock still holds exactly that. */
  expected?: number;
  /** The product's name, for the refusal message. */
  name: string;
}

export const notEnoughStock = (name: string) => `Not enough stock for "${name}".`;
export const quantityChanged = (current: number) => `The quantity changed to ${current} while you edited it. Check it and save again.`;

/** Movements of one product unit, summed: one statement changes each row once. */
interface UnitChange {
  product_id: number;
  unit_id: number;
  change: number;
  expected: number | null;
  movements: StockMovement[];
}

const unitKey = (productId: number, unitId: number) => `${productId}:${unitId}`;

interface ChangedUnit {
  product_id: number;
  unit_id: number;
  quantity: number;
}

/** A movement as stock_movements records it; quantity_before is the unit's quantity after the write + offset. */
interface RecordedMovement {
  product_id: number;
  unit_id: number;
  order_id: number | null;
  quantity: number;
  reason: StockReason;
  author_id: number | null;
  offset: number;
}

function byUnit(movements: readonly StockMovement[]): Map<string, UnitChange> {
  const units = new Map<string, UnitChange>();
  for (const movement of movements) {
    if (movement.change === 0) continue;
    const key = unitKey(movement.product_id, movement.unit_id);
    const unit = units.get(key);
    if (unit) {
      unit.change += movement.change;
      unit.movements.push(movement);
    } else {
      units.set(key, {
        product_id: movement.product_id,
        unit_id: movement.unit_id,
        change: movement.change,
        expected: movement.expected ?? null,
        movements: [movement],
      });
    }
  }
  return units;
}

const unitValues = (units: readonly UnitChange[]) =>
  sql.join(
    units.map(
      (unit) =>
        sql`(cast(${unit.product_id} as integer), cast(${unit.unit_id} as integer), cast(${unit.change} as double precision), cast(${unit.expected} as double precision))`,
    ),
  );

/** The guarded UPDATE of every unit moved (never below zero; a hand adjustment only from the quantity it names), answering the rows it changed. */
function guardedUpdate(units: RawBuilder<unknown>, locked: RawBuilder<unknown>, at: string) {
  const unit = (column: 'change' | 'expected') =>
    sql`(select v.${sql.raw(column)} from ${units} v where v.product_id = product_unit_quantities.product_id and v.unit_id = product_unit_quantities.unit_id)`;
  return sql<ChangedUnit>`update product_unit_quantities set quantity = quantity + ${unit('change')}, updated_at = ${at}
    where id in (select id from ${locked}) and quantity + ${unit('change')} >= 0 and (${unit('expected')} is null or quantity = ${unit('expected')})
    returning product_id, unit_id, quantity`;
}

/**
 * PostgreSQL: the stock write as writes of one batch (server/db/batch.ts). The rows are locked first, in
 * product and unit order, by a locking CTE of their own (never folded into the UPDATE), so concurrent writers
 * never lock the same rows in opposite orders; the movements are inserted from the rows the UPDATE changed (a
 * refused unit has none; settle throws and the transaction takes back the others').
 */
function postgresWrites(trx: Kysely<DB>, units: readonly UnitChange[], recorded: readonly RecordedMovement[], at: string): Record<string, Compilable<unknown>> {
  const v = earlierWrite('stockUnits');
  const locked = earlierWrite('stockLocked');
  const movementValues = sql.join(
    recorded.map(
      (movement, index) =>
        sql`(cast(${index} as integer), cast(${movement.product_id} as integer), cast(${movement.unit_id} as integer), cast(${movement.order_id} as integer), cast(${movement.quantity} as double precision), cast(${movement.reason} as text), cast(${movement.offset} as double precision), cast(${movement.author_id} as integer))`,
    ),
  );
  return {
    stockUnits: batchable(trx, sql`select * from (values ${unitValues(units)}) as v(product_id, unit_id, change, expected)`),
    stockLocked: batchable(
      trx,
      sql`select q.id from product_unit_quantities q where (q.product_id, q.unit_id) in (select product_id, unit_id from ${v}) order by q.product_id, q.unit_id for update`,
    ),
    stockChanged: batchable(trx, guardedUpdate(v, locked, at)),
    stockMoves: batchable(
      trx,
      sql`insert into stock_movements (product_id, unit_id, order_id, quantity, reason, quantity_before, quantity_after, author_id, created_at)
        select m.product_id, m.unit_id, m.order_id, m.quantity, m.reason, c.quantity + m.off, c.quantity + m.off + m.quantity, m.author_id, ${at}
        from (values ${movementValues}) as m(ord, product_id, unit_id, order_id, quantity, reason, off, author_id)
        join ${earlierWrite('stockChanged')} c on c.product_id = m.product_id and c.unit_id = m.unit_id order by m.ord`,
    ),
    // A unit left out for want of stock fails the batch itself (stock_refused, migration 029), so the batch may
    // travel with COMMIT. An adjustment's refusal is told from the answer: its message reads the quantity now.
    stockRefused: answeredRead(
      batchable(
        trx,
        sql`select stock_refused(v.product_id, v.unit_id) as refused from ${v} v where v.expected is null
          and not exists (select 1 from ${earlierWrite('stockChanged')} c where c.product_id = v.product_id and c.unit_id = v.unit_id) limit 1`,
      ),
    ),
  };
}

/** The unit the database named when stock_refused failed a batch, or null for any other error. */
function refusedUnit(error: unknown): string | null {
  const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown };
  return code === STOCK_REFUSED_STATE && typeof detail === 'string' ? detail : null;
}

/** The quantity each unit was left with, or 409 for the first unit (in the order given) the guarded UPDATE refused. */
async function assertApplied(trx: Kysely<DB>, units: ReadonlyMap<string, UnitChange>, rows: readonly ChangedUnit[]): Promise<Map<string, number>> {
  const after = new Map(rows.map((row) => [unitKey(row.product_id, row.unit_id), Number(row.quantity)]));
  const refused = [...units.entries()].find(([key]) => !after.has(key));
  if (refused) throw conflict(await refusal(trx, refused[1].movements[0]!));
  return after;
}

/** SQLite: the guarded UPDATE, then the movements from the rows it changed (its writers are already serialised). */
async function applyOnSqlite(trx: Kysely<DB>, units: ReadonlyMap<string, UnitChange>, at: string): Promise<void> {
  const locked = sql`locked`;
  const update = guardedUpdate(sql`v`, locked, at);
  const { rows } = await sql<ChangedUnit>`with v(product_id, unit_id, change, expected) as (values ${unitValues([...units.values()])}),
    locked as (select q.id from product_unit_quantities q where (q.product_id, q.unit_id) in (select product_id, unit_id from v)) ${update}`.execute(trx);
  const after = await assertApplied(trx, units, rows);
  await trx
    .insertInto('stock_movements')
    .values(
      recordedMovements(units).map(({ offset, ...movement }) => {
        const before = after.get(unitKey(movement.product_id, movement.unit_id))! + offset;
        return { ...movement, quantity_before: before, quantity_after: before + movement.quantity, created_at: at };
      }),
    )
    .execute();
}

/** A stock write for the caller's batch (server/db/batch.ts): its writes, then settle with what the batch answered. */
export interface StockTake {
  writes: Record<string, Compilable<unknown>>;
  /** PostgreSQL: 409 for a unit the batch's guarded UPDATE refused; SQLite: applies the movements, after the rows the batch wrote. */
  settle(answer: Readonly<Record<string, unknown[]>>): Promise<void>;
  /**
   * What to throw for an error of the batch (or of what travelled with it): PostgreSQL refuses a unit without
   * enough stock in the batch itself, and this answers that refusal's 409 as settle would; any other error as it is.
   */
  refused(error: unknown): unknown;
  /** `answer` (the batch's, or of what travelled with it), failing with refused(error) when it fails. */
  refusing<T>(answer: Promise<T>): Promise<T>;
  /**
   * Whether the batch itself refuses every unit it cannot move (PostgreSQL, no adjustment among them): its answer
   * need not be read, so the batch may travel with COMMIT. SQLite applies the movements in settle.
   */
  refusedInBatch: boolean;
}

/**
 * applyStockMovements for a caller that sends other writes in the same batch (the till's checkout: its order,
 * lines and payments), which the movements may refer to.
 */
export function stockTake(trx: Kysely<DB>, movements: readonly StockMovement[], at: string = nowUtc()): StockTake {
  const units = byUnit(movements);
  const refused = (error: unknown) => {
    const unit = units.get(refusedUnit(error) ?? '');
    return unit ? conflict(notEnoughStock(unit.movements[0]!.name)) : error;
  };
  const refusing = <T>(answer: Promise<T>) => answer.catch((error: unknown) => Promise.reject(refused(error)));
  if (units.size === 0) return { writes: {}, settle: async () => undefined, refused, refusing, refusedInBatch: true };
  if (!isPostgres(trx)) return { writes: {}, settle: () => applyOnSqlite(trx, units, at), refused, refusing, refusedInBatch: false };
  return {
    writes: postgresWrites(trx, [...units.values()], recordedMovements(units), at),
    settle: async (answer) => void (await assertApplied(trx, units, (answer.stockChanged ?? []) as ChangedUnit[])),
    refused,
    refusing,
    refusedInBatch: [...units.values()].every((unit) => unit.expected === null),
  };
}

/**
 * Applies the movements (movements of one unit are summed: the guard holds for what the write leaves), then
 * records them all, each with the quantity before and after it in the order given. The first refused unit
 * (409, in the order given) throws and the caller's transaction rolls back everything, so no movement is ever
 * half applied. On PostgreSQL one statement (the guarded UPDATE and the movements' INSERT from the rows it
 * changed), on SQLite two, whatever the number of lines.
 */
export async function applyStockMovements(trx: Kysely<DB>, movements: readonly StockMovement[], at: string = nowUtc()): Promise<void> {
  const take = stockTake(trx, movements, at);
  await take.settle(await take.refusing(writeBatch(trx, take.writes)));
}

/**
 * The movements to record, in the order given, each with its offset: the quantity before it is the unit's
 * quantity after the whole write plus this offset (the unit's later movements taken back).
 */
function recordedMovements(units: ReadonlyMap<string, UnitChange>): RecordedMovement[] {
  const recorded: RecordedMovement[] = [];
  for (const unit of units.values()) {
    let offset = -unit.change;
    for (const movement of unit.movements) {
      recorded.push({
        product_id: movement.product_id,
        unit_id: movement.unit_id,
        order_id: movement.order_id ?? null,
        quantity: movement.change,
        reason: movement.reason,
        author_id: movement.author_id ?? null,
        offset,
      });
      offset += movement.change;
    }
  }
  return recorded;
}

/** Why a movement did not apply: the stock moved under an adjustment, or there is not enough of it. */
async function refusal(trx: Kysely<DB>, movement: StockMovement): Promise<string> {
  if (movement.expected === undefined) return notEnoughStock(movement.name);
  const current = await trx
    .selectFrom('product_unit_quantities')
    .select('quantity')
    .where('product_id', '=', movement.product_id)
    .where('unit_id', '=', movement.unit_id)
    .executeTakeFirst();
  const quantity = current ? Number(current.quantity) : 0;
  return quantity !== movement.expected ? quantityChanged(quantity) : notEnoughStock(movement.name);
}

/**
 * Sets a unit's stock to `target` by hand, as one adjustment movement from the quantity the writer
 * started from (`expected`); nothing moves when they are equal.
 */
export function adjustStock(
  trx: Kysely<DB>,
  adjustment: { product_id: number; unit_id: number; expected: number; target: number; author_id: number | null; name: string },
  at: string = nowUtc(),
): Promise<void> {
  return applyStockMovements(
    trx,
    [
      {
        product_id: adjustment.product_id,
        unit_id: adjustment.unit_id,
        change: adjustment.target - adjustment.expected,
        reason: 'adjustment',
        expected: adjustment.expected,
        author_id: adjustment.author_id,
        name: adjustment.name,
      },
    ],
    at,
  );
}
