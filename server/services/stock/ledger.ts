import { sql, type Kysely } from 'kysely';
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

/**
 * One guarded UPDATE for every unit moved (never below zero; a hand adjustment only from the quantity it
 * names), answering the rows it changed. On PostgreSQL the rows are locked first in product and unit order,
 * so concurrent writers never lock the same rows in opposite orders; SQLite writers are already serialised.
 */
function guardedUpdate(trx: Kysely<DB>, units: readonly UnitChange[], at: string, recorded: readonly RecordedMovement[] | null) {
  const values = sql.join(
    units.map(
      (unit) =>
        sql`(cast(${unit.product_id} as integer), cast(${unit.unit_id} as integer), cast(${unit.change} as double precision), cast(${unit.expected} as double precision))`,
    ),
  );
  const change = sql`(select v.change from v where v.product_id = product_unit_quantities.product_id and v.unit_id = product_unit_quantities.unit_id)`;
  const expected = sql`(select v.expected from v where v.product_id = product_unit_quantities.product_id and v.unit_id = product_unit_quantities.unit_id)`;
  const locked = isPostgres(trx)
    ? sql`, locked as materialized (select q.id from product_unit_quantities q where (q.product_id, q.unit_id) in (select product_id, unit_id from v) order by q.product_id, q.unit_id for update)`
    : sql`, locked as (select q.id from product_unit_quantities q where (q.product_id, q.unit_id) in (select product_id, unit_id from v))`;
  const update = sql`update product_unit_quantities set quantity = quantity + ${change}, updated_at = ${at}
    where id in (select id from locked) and quantity + ${change} >= 0 and (${expected} is null or quantity = ${expected})
    returning product_id, unit_id, quantity`;
  if (!recorded) return sql<ChangedUnit>`with v(product_id, unit_id, change, expected) as (values ${values})${locked} ${update}`.execute(trx);
  // PostgreSQL: the movements are inserted by the same statement from the rows the update changed (a refused
  // unit has none; the caller throws and the transaction takes back the others').
  const movementValues = sql.join(
    recorded.map(
      (movement, index) =>
        sql`(cast(${index} as integer), cast(${movement.product_id} as integer), cast(${movement.unit_id} as integer), cast(${movement.order_id} as integer), cast(${movement.quantity} as double precision), cast(${movement.reason} as text), cast(${movement.offset} as double precision), cast(${movement.author_id} as integer))`,
    ),
  );
  return sql<ChangedUnit>`with v(product_id, unit_id, change, expected) as (values ${values})${locked},
    changed as (${update}),
    m(ord, product_id, unit_id, order_id, quantity, reason, off, author_id) as (values ${movementValues}),
    recorded as (insert into stock_movements (product_id, unit_id, order_id, quantity, reason, quantity_before, quantity_after, author_id, created_at)
      select m.product_id, m.unit_id, m.order_id, m.quantity, m.reason, c.quantity + m.off, c.quantity + m.off + m.quantity, m.author_id, ${at}
      from m join changed c on c.product_id = m.product_id and c.unit_id = m.unit_id order by m.ord)
    select product_id, unit_id, quantity from changed`.execute(trx);
}

/**
 * Applies the movements (movements of one unit are summed: the guard holds for what the write leaves), then
 * records them all, each with the quantity before and after it in the order given. The first refused unit
 * (409, in the order given) throws and the caller's transaction rolls back everything, so no movement is ever
 * half applied. On PostgreSQL one statement (the guarded UPDATE and the movements' INSERT from the rows it
 * changed), on SQLite two, whatever the number of lines.
 */
export async function applyStockMovements(trx: Kysely<DB>, movements: readonly StockMovement[], at: string = nowUtc()): Promise<void> {
  const units = byUnit(movements);
  if (units.size === 0) return;
  const recorded = recordedMovements(units);
  const { rows } = await guardedUpdate(trx, [...units.values()], at, isPostgres(trx) ? recorded : null);
  const after = new Map(rows.map((row) => [unitKey(row.product_id, row.unit_id), Number(row.quantity)]));
  const refused = [...units.entries()].find(([key]) => !after.has(key));
  if (refused) throw conflict(await refusal(trx, refused[1].movements[0]!));
  if (isPostgres(trx)) return;
  await trx
    .insertInto('stock_movements')
    .values(
      recorded.map(({ offset, ...movement }) => {
        const before = after.get(unitKey(movement.product_id, movement.unit_id))! + offset;
        return { ...movement, quantity_before: before, quantity_after: before + movement.quantity, created_at: at };
      }),
    )
    .execute();
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
