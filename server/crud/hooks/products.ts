import type { Kysely } from 'kysely';
import { invalid } from '../../errors';
import { UNKNOWN_ACTION_MESSAGE } from '../bulk';
import { nowUtc } from '../../db/time';
import { INVALID_FORM_MESSAGE } from '../../plugins/errors';
import { applyStockMovements, type StockMovement } from '../../services/stock/ledger';
import { fromDecimal, toDecimal } from '../../../schemas/money';
import type { CrudHooks, FormValues } from './types';

/** The virtual field of the 'units' tab: a list of { unit_id, sale_price, quantity }. */
export const QUANTITIES_KEY = 'units.quantities';
export const QUANTITY_ENTRY_MESSAGE = 'Each line needs a unit, a sale price of 0 or more and a quantity of 0 or more.';
export const DUPLICATE_UNIT_MESSAGE = 'A unit can be listed only once.';
export const UNKNOWN_UNIT_MESSAGE = 'This field names a unit that does not exist.';
export const EXPECTED_QUANTITY_MESSAGE = 'To change the stock of a unit, send the quantity the form was opened with (expected_quantity).';
const MAX_LINES = 100;

export interface UnitQuantity {
  unit_id: number;
  /** Ten-thousandths. */
  sale_price: number;
  quantity: number;
  /** The quantity read when the form was opened; absent on a line the form added. */
  expected_quantity?: number;
}

/** The submitted list, undefined when the tab was not sent (the stored quantities stay), or null when malformed. */
function readQuantities(values: FormValues): UnitQuantity[] | null | undefined {
  const tab = values.units;
  if (tab === undefined || tab === null) return undefined;
  if (typeof tab !== 'object' || Array.isArray(tab)) return null;
  const list = (tab as Record<string, unknown>).quantities;
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list) || list.length > MAX_LINES) return null;
  const parsed: UnitQuantity[] = [];
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) return null;
    const { unit_id: unitId, sale_price: salePrice, quantity, expected_quantity: expectedQuantity } = entry as Record<string, unknown>;
    const unit = Number(unitId);
    const amount = Number(quantity);
    if (!Number.isSafeInteger(unit) || unit < 1 || !Number.isFinite(amount) || amount < 0 || amount > 1e12) return null;
    const expected = expectedQuantity === undefined || expectedQuantity === null ? undefined : expectedQuantity;
    if (expected !== undefined && (typeof expected !== 'number' || !Number.isFinite(expected) || expected < 0 || expected > 1e12)) return null;
    if (typeof salePrice !== 'number' && typeof salePrice !== 'string') return null;
    let price: number;
    try {
      price = fromDecimal(salePrice);
    } catch {
      return null;
    }
    if (price < 0) return null;
    parsed.push({ unit_id: unit, sale_price: price, quantity: amount, ...(expected !== undefined ? { expected_quantity: expected } : {}) });
  }
  return parsed;
}

/**
 * Replaces the product's units and prices by the submitted list, in the record's transaction. Stock is
 * never written as an absolute number: a changed quantity becomes an adjustment movement of the stock
 * ledger from the quantity the form was opened with, refused (409) if a sale or another edit moved the
 * stock meanwhile. A quantity left as it was opened moves nothing, so a sale made meanwhile stands.
 */
export async function saveQuantities(
  trx: Kysely<any>,
  productId: number,
  productName: string,
  authorId: number,
  quantities: readonly UnitQuantity[],
): Promise<void> {
  const unitIds = quantities.map((line) => line.unit_id);
  if (unitIds.length > 0) {
    const known = await trx.selectFrom('units').select('id').where('id', 'in', unitIds).execute();
    // Refusing here, after the product row was written, rolls the whole save back: nothing half-saved.
    if (known.length !== new Set(unitIds).size) throw invalid(INVALID_FORM_MESSAGE, { [QUANTITIES_KEY]: [UNKNOWN_UNIT_MESSAGE] });
  }
  const now = nowUtc();
  const stored = new Map<number, number>(
    (await trx.selectFrom('product_unit_quantities').select(['unit_id', 'quantity']).where('product_id', '=', productId).execute()).map(
      (row: { unit_id: number; quantity: number }) => [row.unit_id, Number(row.quantity)],
    ),
  );
  const movements: StockMovement[] = [];
  const move = (unitId: number, expected: number, target: number) => {
    if (target !== expected)
      movements.push({
        product_id: productId,
        unit_id: unitId,
        change: target - expected,
        expected,
        reason: 'adjustment',
        author_id: authorId,
        name: productName,
      });
  };
  // Units taken off the product: their stock leaves through the ledger before the row goes.
  const removed = [...stored].filter(([unitId]) => !unitIds.includes(unitId));
  for (const [unitId, quantity] of removed) move(unitId, quantity, 0);
  for (const line of quantities) {
    const current = stored.get(line.unit_id);
    if (current === undefined) {
      await trx
        .insertInto('product_unit_quantities')
        .values({ product_id: productId, unit_id: line.unit_id, sale_price: line.sale_price, quantity: 0, created_at: now, updated_at: now })
        .execute();
      move(line.unit_id, line.expected_quantity ?? 0, line.quantity);
      continue;
    }
    await trx
      .updateTable('product_unit_quantities')
      .set({ sale_price: line.sale_price, updated_at: now })
      .where('product_id', '=', productId)
      .where('unit_id', '=', line.unit_id)
      .execute();
    if (line.expected_quantity !== undefined) move(line.unit_id, line.expected_quantity, line.quantity);
    else if (line.quantity !== current) throw invalid(INVALID_FORM_MESSAGE, { [QUANTITIES_KEY]: [EXPECTED_QUANTITY_MESSAGE] });
  }
  movements.sort((a, b) => a.unit_id - b.unit_id);
  await applyStockMovements(trx, movements, now);
  if (removed.length > 0) {
    await trx
      .deleteFrom('product_unit_quantities')
      .where('product_id', '=', productId)
      .where(
        'unit_id',
        'in',
        removed.map(([unitId]) => unitId),
      )
      .execute();
  }
}

/**
 * Staff accept items vendors entered (status 'pending') when the goods are dropped off; only pending rows
 * change, so an item retired meanwhile stays retired.
 */
export async function acceptPendingItems(db: Kysely<any>, ids: readonly number[]): Promise<{ done: number; failed: number; verb: string }> {
  if (ids.length === 0) return { done: 0, failed: 0, verb: 'accepted' };
  const result = await db
    .updateTable('products')
    .set({ status: 'available', updated_at: nowUtc() })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const done = Number(result.numUpdatedRows);
  return { done, failed: ids.length - done, verb: 'accepted' };
}

/** A product's units, prices and stock live in product_unit_quantities and are saved with the product. */
export default {
  async validate(values): Promise<Record<string, string[]>> {
    const quantities = readQuantities(values);
    if (quantities === null) return { [QUANTITIES_KEY]: [QUANTITY_ENTRY_MESSAGE] };
    if (quantities && new Set(quantities.map((line) => line.unit_id)).size !== quantities.length) return { [QUANTITIES_KEY]: [DUPLICATE_UNIT_MESSAGE] };
    return {};
  },

  async bulkAction(action, ids, ctx) {
    if (action !== 'accept_pending') throw invalid(INVALID_FORM_MESSAGE, { action: [UNKNOWN_ACTION_MESSAGE] });
    return acceptPendingItems(ctx.db, ids);
  },

  async afterSave(id, ctx) {
    const quantities = readQuantities(ctx.values);
    if (!quantities) return;
    const product = await ctx.trx.selectFrom('products').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    await saveQuantities(ctx.trx, id, String(product.name), ctx.user.id, quantities);
  },

  async loadValues(id, ctx) {
    const rows = await ctx.trx
      .selectFrom('product_unit_quantities')
      .select(['unit_id', 'sale_price', 'quantity'])
      .where('product_id', '=', id)
      .orderBy('unit_id')
      .execute();
    // expected_quantity travels back with the save: the stock the form started from (see saveQuantities).
    return {
      [QUANTITIES_KEY]: rows.map((row) => ({
        unit_id: row.unit_id,
        sale_price: toDecimal(row.sale_price),
        quantity: row.quantity,
        expected_quantity: row.quantity,
      })),
    };
  },
} satisfies CrudHooks;
