import type { Kysely } from 'kysely';
import { invalid } from '../../errors';
import { nowUtc } from '../../db/time';
import { INVALID_FORM_MESSAGE } from '../../plugins/errors';
import { fromDecimal, toDecimal } from '../../../schemas/money';
import type { CrudHooks, FormValues } from './types';

/** The virtual field of the 'units' tab: a list of { unit_id, sale_price, quantity }. */
export const QUANTITIES_KEY = 'units.quantities';
export const QUANTITY_ENTRY_MESSAGE = 'Each line needs a unit, a sale price of 0 or more and a quantity of 0 or more.';
export const DUPLICATE_UNIT_MESSAGE = 'A unit can be listed only once.';
export const UNKNOWN_UNIT_MESSAGE = 'This field names a unit that does not exist.';
const MAX_LINES = 100;

interface UnitQuantity {
  unit_id: number;
  /** Ten-thousandths. */
  sale_price: number;
  quantity: number;
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
    const { unit_id: unitId, sale_price: salePrice, quantity } = entry as Record<string, unknown>;
    const unit = Number(unitId);
    const amount = Number(quantity);
    if (!Number.isSafeInteger(unit) || unit < 1 || !Number.isFinite(amount) || amount < 0 || amount > 1e12) return null;
    if (typeof salePrice !== 'number' && typeof salePrice !== 'string') return null;
    let price: number;
    try {
      price = fromDecimal(salePrice);
    } catch {
      return null;
    }
    if (price < 0) return null;
    parsed.push({ unit_id: unit, sale_price: price, quantity: amount });
  }
  return parsed;
}

/** Replaces the product's unit quantities by the submitted list, in the record's transaction. */
async function saveQuantities(trx: Kysely<any>, productId: number, quantities: readonly UnitQuantity[]): Promise<void> {
  const unitIds = quantities.map((line) => line.unit_id);
  if (unitIds.length > 0) {
    const known = await trx.selectFrom('units').select('id').where('id', 'in', unitIds).execute();
    // Refusing here, after the product row was written, rolls the whole save back: nothing half-saved.
    if (known.length !== new Set(unitIds).size) throw invalid(INVALID_FORM_MESSAGE, { [QUANTITIES_KEY]: [UNKNOWN_UNIT_MESSAGE] });
  }
  const now = nowUtc();
  let removal = trx.deleteFrom('product_unit_quantities').where('product_id', '=', productId);
  if (unitIds.length > 0) removal = removal.where('unit_id', 'not in', unitIds);
  await removal.execute();
  for (const line of quantities) {
    await trx.insertInto('product_unit_quantities')
      .values({ product_id: productId, ...line, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.columns(['product_id', 'unit_id']).doUpdateSet({ sale_price: line.sale_price, quantity: line.quantity, updated_at: now }))
      .execute();
  }
}

/** A product's units, prices and stock live in product_unit_quantities and are saved with the product. */
export default {
  async validate(values): Promise<Record<string, string[]>> {
    const quantities = readQuantities(values);
    if (quantities === null) return { [QUANTITIES_KEY]: [QUANTITY_ENTRY_MESSAGE] };
    if (quantities && new Set(quantities.map((line) => line.unit_id)).size !== quantities.length) return { [QUANTITIES_KEY]: [DUPLICATE_UNIT_MESSAGE] };
    return {};
  },

  async afterSave(id, ctx) {
    const quantities = readQuantities(ctx.values);
    if (quantities) await saveQuantities(ctx.trx, id, quantities);
  },

  async loadValues(id, ctx) {
    const rows = await ctx.trx.selectFrom('product_unit_quantities').select(['unit_id', 'sale_price', 'quantity'])
      .where('product_id', '=', id).orderBy('unit_id').execute();
    return { [QUANTITIES_KEY]: rows.map((row) => ({ unit_id: row.unit_id, sale_price: toDecimal(row.sale_price), quantity: row.quantity })) };
  },
} satisfies CrudHooks;
