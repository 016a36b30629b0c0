import { sql, type Kysely, type SqlBool } from 'kysely';
import { invalid } from '../../errors';
import { nowUtc } from '../../db/time';
import { INVALID_FORM_MESSAGE } from '../../plugins/errors';
import { fromDecimal, toDecimal } from '../../../schemas/money';
import { DEFAULT_OPTIONS } from '../../../schemas/options';
import { UNKNOWN_ACTION_MESSAGE } from '../bulk';
import { EXPECTED_QUANTITY_MESSAGE, saveQuantities } from './products';
import type { CrudHooks, FormValues, ScopeContext } from './types';

export const NO_UNIT_MESSAGE = 'The store has no unit to sell items by yet; ask the store to add one.';
const PRICE_KEY = 'general.sale_price';
const QUANTITY_KEY = 'general.quantity';

/**
 * "My Items": a vendor's own products (products.vendor_id = their vendor number). The scope below is
 * added by the engine to every read and write (list, search, export, form, update, bulk), so another
 * vendor's item answers 404 like a missing one; staff hold no vendor number and reach nothing here (they
 * use the Products list). A vendor item is sold by one unit: price and quantity are saved as that unit's.
 */
function ownItems({ user, declaration }: Pick<ScopeContext, 'user' | 'declaration'>) {
  // -1 matches no vendor number: a user without one (staff) sees no rows.
  return [sql<SqlBool>`${sql.ref(`${declaration.table}.vendor_id`)} = ${user.vendor_id ?? -1}`];
}

function general(values: FormValues): Record<string, unknown> {
  const tab = values.general;
  return typeof tab === 'object' && tab !== null && !Array.isArray(tab) ? (tab as Record<string, unknown>) : {};
}

function numberOf(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : Number.NaN;
}

/** The unit vendor items are sold by: 'piece' when the store has it, else its first unit. */
async function itemUnit(trx: Kysely<any>): Promise<number> {
  const piece = await trx.selectFrom('units').select('id').where('identifier', '=', 'piece').executeTakeFirst();
  const unit = piece ?? (await trx.selectFrom('units').select('id').orderBy('id').limit(1).executeTakeFirst());
  if (!unit) throw invalid(INVALID_FORM_MESSAGE, { [PRICE_KEY]: [NO_UNIT_MESSAGE] });
  return Number(unit.id);
}

/** Whether the store wants items vendors enter to wait for staff at drop-off (option vendor_items_need_acceptance). */
async function needsAcceptance(trx: Kysely<any>): Promise<boolean> {
  const row = await trx.selectFrom('options').select('value').where('key', '=', 'vendor_items_need_acceptance').executeTakeFirst();
  const value = row ? (JSON.parse(String(row.value)) as unknown) : DEFAULT_OPTIONS.vendor_items_need_acceptance;
  return value === 'yes';
}

export default {
  scope: ownItems,

  async validate(values) {
    const errors: Record<string, string[]> = {};
    const price = numberOf(general(values).sale_price);
    if (price !== undefined && (Number.isNaN(price) || price > 1_000_000)) errors[PRICE_KEY] = ['The price must be a number from 0 to 1000000.'];
    const quantity = numberOf(general(values).quantity);
    if (quantity !== undefined && (Number.isNaN(quantity) || !Number.isInteger(quantity) || quantity > 1_000_000))
      errors[QUANTITY_KEY] = ['The quantity must be a whole number from 0 to 1000000.'];
    return errors;
  },

  async beforeSave(row, ctx) {
    // Whatever the body says, the item is the signed-in vendor's, a plain product with tax included.
    const saved: Record<string, unknown> = { ...row, vendor_id: ctx.user.vendor_id };
    if (ctx.id === null) {
      saved.type = 'product';
      saved.tax_type = 'inclusive';
      saved.status = (await needsAcceptance(ctx.trx)) ? 'pending' : 'available';
    }
    return saved;
  },

  async afterSave(id, ctx) {
    // A tag needs a code the till's scanner finds the item by: a new item gets its own SKU, V<vendor>-<item id>.
    if (ctx.created)
      await ctx.trx
        .updateTable('products')
        .set({ sku: `V${ctx.user.vendor_id}-${id}` })
        .where('id', '=', id)
        .where('sku', 'is', null)
        .execute();
    const fields = general(ctx.values);
    const price = numberOf(fields.sale_price);
    const quantity = numberOf(fields.quantity);
    if (price === undefined || quantity === undefined) return;
    const stored = await ctx.trx.selectFrom('product_main_units').select(['unit_id', 'quantity']).where('product_id', '=', id).executeTakeFirst();
    const unitId = stored ? Number(stored.unit_id) : await itemUnit(ctx.trx);
    const opened = numberOf(fields.quantity_opened);
    // The stock moves through the ledger from the quantity the form was opened with, as in the products form:
    // a sale made meanwhile is not overwritten (409), a quantity left as opened moves nothing.
    if (stored && opened === undefined && quantity !== Number(stored.quantity))
      throw invalid(INVALID_FORM_MESSAGE, { [QUANTITY_KEY]: [EXPECTED_QUANTITY_MESSAGE] });
    const product = await ctx.trx.selectFrom('products').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    await saveQuantities(ctx.trx, id, String(product.name), ctx.user.id, [
      {
        unit_id: unitId,
        sale_price: fromDecimal(price),
        quantity,
        ...(stored ? { expected_quantity: opened } : { expected_quantity: 0 }),
      },
    ]);
  },

  async loadValues(id, ctx) {
    const unit = await ctx.trx.selectFrom('product_main_units').select(['sale_price', 'quantity']).where('product_id', '=', id).executeTakeFirst();
    if (!unit) return {};
    return { [PRICE_KEY]: toDecimal(Number(unit.sale_price)), [QUANTITY_KEY]: Number(unit.quantity), 'general.quantity_opened': Number(unit.quantity) };
  },

  async bulkAction(action, ids, ctx) {
    if (action !== 'retire_selected') throw invalid(INVALID_FORM_MESSAGE, { action: [UNKNOWN_ACTION_MESSAGE] });
    if (ids.length === 0) return { done: 0, failed: 0, verb: 'retired' };
    // Bulk actions run outside the engine's row lookup: the vendor's scope is applied here, so another
    // vendor's ids count as failed and change nothing.
    const result = await ctx.db
      .updateTable('products')
      .set({ status: 'unavailable', updated_at: nowUtc() })
      .where('id', 'in', ids)
      .where((eb) => eb.and(ownItems(ctx)))
      .executeTakeFirst();
    const done = Number(result.numUpdatedRows);
    return { done, failed: ids.length - done, verb: 'retired' };
  },
} satisfies CrudHooks;
