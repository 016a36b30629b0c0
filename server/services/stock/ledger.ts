import { sql, type Kysely } from 'kysely';
import type { DB, StockMovementsTable } from '../../db/schema';
import { nowUtc } from '../../db/time';
import { conflict } from '../../errors';

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

/**
 * Applies the movements in the order given (callers sort by product and unit so concurrent writers lock
 * rows alike), then records them all in one INSERT. The first refusal (409) throws and the caller's
 * transaction rolls back everything, so no movement is ever half applied.
 */
export async function applyStockMovements(trx: Kysely<DB>, movements: readonly StockMovement[], at: string = nowUtc()): Promise<void> {
  const recorded: Array<Omit<StockMovementsTable, 'id'>> = [];
  for (const movement of movements) {
    if (movement.change === 0) continue;
    let update = trx.updateTable('product_unit_quantities')
      .set({ quantity: sql`quantity + ${movement.change}`, updated_at: at })
      .where('product_id', '=', movement.product_id)
      .where('unit_id', '=', movement.unit_id)
      .where(sql<boolean>`quantity + ${movement.change} >= 0`);
    if (movement.expected !== undefined) update = update.where('quantity', '=', movement.expected);
    const row = await update.returning('quantity').executeTakeFirst();
    if (!row) throw conflict(await refusal(trx, movement));
    const after = Number(row.quantity);
    recorded.push({
      product_id: movement.product_id, unit_id: movement.unit_id, order_id: movement.order_id ?? null, quantity: movement.change,
      reason: movement.reason, quantity_before: after - movement.change, quantity_after: after, author_id: movement.author_id ?? null, created_at: at,
    });
  }
  if (recorded.length > 0) await trx.insertInto('stock_movements').values(recorded).execute();
}

/** Why a movement did not apply: the stock moved under an adjustment, or there is not enough of it. */
async function refusal(trx: Kysely<DB>, movement: StockMovement): Promise<string> {
  if (movement.expected === undefined) return notEnoughStock(movement.name);
  const current = await trx.selectFrom('product_unit_quantities').select('quantity')
    .where('product_id', '=', movement.product_id).where('unit_id', '=', movement.unit_id).executeTakeFirst();
  const quantity = current ? Number(current.quantity) : 0;
  return quantity !== movement.expected ? quantityChanged(quantity) : notEnoughStock(movement.name);
}

/**
 * Sets a unit's stock to `target` by hand, as one adjustment movement from the quantity the writer
 * started from (`expected`); nothing moves when they are equal.
 */
export function adjustStock(trx: Kysely<DB>, adjustment: { product_id: number; unit_id: number; expected: number; target: number; author_id: number | null; name: string }, at: string = nowUtc()): Promise<void> {
  return applyStockMovements(trx, [{
    product_id: adjustment.product_id, unit_id: adjustment.unit_id, change: adjustment.target - adjustment.expected, reason: 'adjustment',
    expected: adjustment.expected, author_id: adjustment.author_id, name: adjustment.name,
  }], at);
}
